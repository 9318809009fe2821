import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import type { LessonVideo } from "./__lesson.server";

// The player loads on play, never before: an uploaded video is a <video
// preload="none"> (no bytes until Play, and it plays without JavaScript); an
// embedded one is a link to the video that, with JavaScript, becomes the
// privacy-enhanced player in place, created on the click.

/** Reports are sent each time the furthest point passes another tenth of the video. */
const REPORT_STEP_PERCENT = 10;

export function LessonVideoPlayer({ video, title, records }: { video: LessonVideo; title: string; records: boolean }) {
  if (video.source === "upload") return <UploadedVideo src={video.src} type={video.contentType} title={title} records={records} />;
  return <EmbeddedVideo embedSrc={video.embedSrc} watchHref={video.watchHref} title={title} />;
}

function UploadedVideo({ src, type, title, records }: { src: string; type: string; title: string; records: boolean }) {
  const fetcher = useFetcher();
  const reported = useRef(0);
  const onTimeUpdate = (event: React.SyntheticEvent<HTMLVideoElement>) => {
    if (!records) return;
    const { currentTime, duration } = event.currentTarget;
    if (!duration || !Number.isFinite(duration)) return;
    const percent = Math.floor((currentTime * 100) / duration);
    const step = Math.floor(percent / REPORT_STEP_PERCENT) * REPORT_STEP_PERCENT;
    // The server keeps the furthest point and completes the lesson at 90%.
    if (step <= reported.current || fetcher.state !== "idle") return;
    reported.current = step;
    fetcher.submit({ intent: "watched", percent: String(percent) }, { method: "post" });
  };
  return (
    // Lessons have no captions file yet (the lesson's notes are the text beside it): a track comes with caption uploads.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      controls
      preload="none"
      playsInline
      aria-label={title}
      onTimeUpdate={onTimeUpdate}
      className="aspect-video w-full rounded-xl bg-black"
    >
      <source src={src} type={type} />
      <a href={src}>Download the video</a>
    </video>
  );
}

function EmbeddedVideo({ embedSrc, watchHref, title }: { embedSrc: string; watchHref: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing)
    return (
      <iframe
        src={embedSrc}
        title={title}
        className="aspect-video w-full rounded-xl bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  return (
    <a
      href={watchHref}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        setPlaying(true);
      }}
      className="flex aspect-video w-full items-center justify-center rounded-xl bg-navy-900 text-white ring-1 ring-slate-300"
    >
      <span className="flex items-center gap-3 rounded-full bg-white/10 px-5 py-3 text-lg font-semibold">
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
        Play video<span className="sr-only">: {title}</span>
      </span>
    </a>
  );
}
