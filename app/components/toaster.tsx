import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ToastMessage } from "~/utils/toast.server";

const SWIPE_THRESHOLD_PX = 50;
const CLIENT_TOAST_EVENT = "site:toast";

/**
 * Shows a toast from the browser (a fetch that failed, where no page load
 * brings a flash cookie), in the same one-at-a-time region.
 */
const TOAST_STYLES = {
  default: "border-slate-200 bg-white text-slate-900",
  warning: "border-amber-500 bg-amber-50 text-amber-950",
  destructive: "border-red-700 bg-red-700 text-white",
} as const;

export function showToast(toast: Omit<ToastMessage, "id" | "analyticsEvent">) {
  const id = `client-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  window.dispatchEvent(new CustomEvent<ToastMessage>(CLIENT_TOAST_EVENT, { detail: { id, ...toast } }));
}

/**
 * One toast at a time, from the server's flash cookie (or `showToast`). It is plain server-rendered
 * markup that CSS removes after 5 s, so it works without JavaScript; scripts add
 * the close button, swipe to dismiss and F8 to focus the region.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const regionRef = useRef<HTMLElement>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const hydrated = useHydrated();
  const swipeStart = useRef<number | null>(null);
  // A toast from the browser, with the server's toast it was shown over: a newer toast
  // from the server (the next page) replaces it.
  const [clientToast, setClientToast] = useState<{ toast: ToastMessage; over: string | undefined } | null>(null);
  const serverToastId = toast?.id;
  useEffect(() => {
    const onToast = (event: Event) => setClientToast({ toast: (event as CustomEvent<ToastMessage>).detail, over: serverToastId });
    window.addEventListener(CLIENT_TOAST_EVENT, onToast);
    return () => window.removeEventListener(CLIENT_TOAST_EVENT, onToast);
  }, [serverToastId]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") regionRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const current = clientToast && clientToast.over === serverToastId ? clientToast.toast : toast;
  const visible = current && current.id !== dismissedId ? current : null;
  const dismiss = () => visible && setDismissedId(visible.id);
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStart.current !== null && event.clientX - swipeStart.current > SWIPE_THRESHOLD_PX) dismiss();
  };

  return (
    // Just below the sticky header (4rem), on the right: it never covers the header's menu and
    // sign-in buttons, and the bottom right corner belongs to the chat widget.
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed top-16 right-0 z-[100] flex w-full max-w-sm flex-col p-4"
    >
      <ol>
        {visible ? (
          // The live-region role sits inside the list item: a <li> must stay a list item.
          <li key={visible.id}>
            <div
              role={visible.type === "default" ? "status" : "alert"}
              onAnimationEnd={dismiss}
              onPointerDown={(event) => (swipeStart.current = event.clientX)}
              onPointerMove={onPointerMove}
              onPointerUp={() => (swipeStart.current = null)}
              className={`toast-timed pointer-events-auto relative rounded-lg border p-4 pr-12 shadow-lg ${TOAST_STYLES[visible.type]}`}
            >
              <p className="text-sm font-semibold">{visible.title}</p>
              {visible.description ? <p className="mt-1 text-sm opacity-90">{visible.description}</p> : null}
              {hydrated ? (
                <button
                  type="button"
                  onClick={dismiss}
                  aria-label="Close notification"
                  className="absolute right-0 top-0 flex size-11 items-center justify-center rounded text-lg leading-none opacity-70 hover:opacity-100"
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
