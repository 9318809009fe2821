import { useEffect, useId, useRef } from "react";
import type { PlayableVideo } from "./video-player";

/**
 * The full-screen player. A native modal <dialog> gives the focus trap, the
 * inert page behind it and Escape (the `cancel` event) for free.
 */
export function VideoPlayerDialog({ video, onClose }: { video: PlayableVideo; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-dvw max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <h2 id={titleId} className="truncate text-base font-semibold sm:text-lg">
            {video.title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-white/70 px-4 py-2 text-sm font-semibold hover:bg-white hover:text-navy-900"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
            Close video
          </button>
        </div>
        <div className="flex flex-1 items-center justify-center px-2 pb-4 sm:px-8">
          <div className="aspect-video w-full max-w-6xl max-h-full">
            <iframe
              src={video.embedSrc}
              title={video.title}
              className="h-full w-full rounded-lg bg-black"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        </div>
      </div>
    </dialog>
  );
}
