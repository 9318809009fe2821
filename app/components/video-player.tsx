import { useCallback, useRef, useState, type MouseEvent } from "react";
import { deferredComponent } from "~/components/deferred-component";

export type PlayableVideo = {
  title: string;
  /** The iframe source, autoplay included; only ever used after a click. */
  embedSrc: string;
};

/**
 * Which video is open. Opening remembers the focused element so closing can
 * hand focus back to the thumbnail the visitor came from.
 */
export function useVideoPlayer() {
  const [video, setVideo] = useState<PlayableVideo | null>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const open = useCallback((next: PlayableVideo) => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setVideo(next);
  }, []);

  const close = useCallback(() => {
    setVideo(null);
    // Deferred so the dialog has left the top layer before focus moves.
    const target = returnFocusTo.current;
    requestAnimationFrame(() => target?.focus({ preventScroll: true }));
  }, []);

  /**
   * Click handler for a facade link: a plain click opens the player; a
   * modified click (new tab, new window) keeps the link's own behaviour.
   */
  const openFromLink = useCallback(
    (next: PlayableVideo) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      open(next);
    },
    [open],
  );

  return { video, open, close, openFromLink };
}

/** The player's code is fetched on the first play: a page of thumbnails does not carry it. */
export const VideoPlayerDialog = deferredComponent("video-player", null, () =>
  import("./video-player-dialog").then((module) => module.VideoPlayerDialog),
);
