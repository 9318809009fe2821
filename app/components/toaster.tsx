import { useEffect, useRef, useState, type PointerEvent } from "react";
import type { ToastMessage } from "~/utils/toast.server";

const SWIPE_THRESHOLD_PX = 50;

/**
 * One toast at a time, from the server's flash cookie. It is plain server-rendered
 * markup that CSS removes after 5 s, so it works without JavaScript; scripts add
 * the close button, swipe to dismiss and F8 to focus the region.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const regionRef = useRef<HTMLElement>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") regionRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const visible = toast && toast.id !== dismissedId ? toast : null;
  const dismiss = () => visible && setDismissedId(visible.id);
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStart.current !== null && event.clientX - swipeStart.current > SWIPE_THRESHOLD_PX) dismiss();
  };

  return (
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col p-4"
    >
      <ol>
        {visible ? (
          // The live-region role sits inside the list item: a <li> must stay a list item.
          <li key={visible.id}>
            <div
              role={visible.type === "destructive" ? "alert" : "status"}
              onAnimationEnd={dismiss}
              onPointerDown={(event) => (swipeStart.current = event.clientX)}
              onPointerMove={onPointerMove}
              onPointerUp={() => (swipeStart.current = null)}
              className={`toast-timed pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg ${
                visible.type === "destructive"
                  ? "border-red-700 bg-red-700 text-white"
                  : "border-slate-200 bg-white text-slate-900"
              }`}
            >
              <p className="text-sm font-semibold">{visible.title}</p>
              {visible.description ? <p className="mt-1 text-sm opacity-90">{visible.description}</p> : null}
              {hydrated ? (
                <button
                  type="button"
                  onClick={dismiss}
                  aria-label="Close notification"
                  className="absolute right-2 top-2 rounded p-1 leading-none opacity-70 hover:opacity-100"
                >
                  ×
                </button>
              ) : null}
            </div>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
