import { useEffect, useRef, useState, type ReactNode } from "react";
import { Marquee } from "~/components/marquee";
import { FALLBACK_THUMBNAIL } from "~/content/videos";
import { useVideoPlayer, VideoPlayerDialog, type PlayableVideo } from "~/components/video-player";

export type FacadeVideo = PlayableVideo & {
  key: string;
  /** A local image under /images. */
  thumbnail: string;
  /** Where the video lives; opened in a new tab when JavaScript is off. */
  href: string;
};

/**
 * A thumbnail that swaps itself for the fallback image when it cannot load.
 * The ref check covers an error that fired before React attached onError.
 */
function VideoThumbnail({
  src,
  alt,
  width,
  height,
  className = "",
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}) {
  const [current, setCurrent] = useState(src);
  const imgRef = useRef<HTMLImageElement>(null);
  const showFallback = () => setCurrent((previous) => (previous === FALLBACK_THUMBNAIL ? previous : FALLBACK_THUMBNAIL));

  useEffect(() => {
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute("src")) showFallback();
  }, []);

  return (
    <img
      ref={imgRef}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={showFallback}
      className={className}
    />
  );
}

/**
 * The facade: a real link to the video (new tab) that, with JavaScript,
 * opens the full-screen player instead. No iframe exists until the click.
 */
function VideoFacadeLink({
  video,
  onOpen,
  hidden = false,
  thumbWidth,
  thumbHeight,
  className = "",
  children,
}: {
  video: FacadeVideo;
  onOpen: ReturnType<typeof useVideoPlayer>["openFromLink"];
  /** Duplicated marquee copies stay clickable for the mouse but out of the tab order. */
  hidden?: boolean;
  thumbWidth: number;
  thumbHeight: number;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <a
      href={video.href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onOpen(video)}
      tabIndex={hidden ? -1 : undefined}
      data-video-key={video.key}
      className={`group block overflow-hidden rounded-xl bg-white text-left shadow-md ring-1 ring-slate-200 transition-shadow hover:shadow-xl ${className}`}
    >
      {/* The thumbnails carry their own play button. */}
      <span className="relative block bg-navy-900">
        <VideoThumbnail src={video.thumbnail} alt="" width={thumbWidth} height={thumbHeight} className="block h-auto w-full object-cover" />
      </span>
      <span className="block p-3">
        <span className="line-clamp-2 block text-sm font-semibold text-navy-900">{video.title}</span>
        {children}
      </span>
    </a>
  );
}

/**
 * A CSS marquee of video facades: the list is rendered twice so the loop is
 * seamless; the copy is hidden from assistive technology and the tab order.
 */
export function VideoMarquee({
  videos,
  label,
  durationMs,
  cardWidth,
  thumbWidth,
  thumbHeight,
  renderCaption,
}: {
  videos: FacadeVideo[];
  /** Names the list for screen readers. */
  label: string;
  durationMs: number;
  cardWidth: number;
  thumbWidth: number;
  thumbHeight: number;
  renderCaption?: (video: FacadeVideo) => ReactNode;
}) {
  const player = useVideoPlayer();
  return (
    <>
      <Marquee
        durationMs={durationMs}
        className="py-2"
        renderCopy={(duplicate) => (
          <ul className="flex shrink-0 gap-4 pr-4" aria-label={duplicate ? undefined : label}>
            {videos.map((video) => (
              <li key={video.key} className="shrink-0" style={{ width: cardWidth }}>
                <VideoFacadeLink
                  video={video}
                  onOpen={player.openFromLink}
                  hidden={duplicate}
                  thumbWidth={thumbWidth}
                  thumbHeight={thumbHeight}
                >
                  {renderCaption?.(video)}
                </VideoFacadeLink>
              </li>
            ))}
          </ul>
        )}
      />
      {player.video ? <VideoPlayerDialog video={player.video} onClose={player.close} /> : null}
    </>
  );
}

/** One video facade with its own player (e.g. the home page's intro video). */
export function SingleVideo({
  video,
  thumbWidth,
  thumbHeight,
  children,
}: {
  video: FacadeVideo;
  thumbWidth: number;
  thumbHeight: number;
  children?: ReactNode;
}) {
  const player = useVideoPlayer();
  return (
    <>
      <VideoFacadeLink video={video} onOpen={player.openFromLink} thumbWidth={thumbWidth} thumbHeight={thumbHeight}>
        {children}
      </VideoFacadeLink>
      {player.video ? <VideoPlayerDialog video={player.video} onClose={player.close} /> : null}
    </>
  );
}
