import { useEffect, useRef, useState } from "react";
import { deferredComponent } from "~/components/deferred-component";
import { ToastItem as ToastItemNow } from "~/components/toast-item";
import type { ToastMessage } from "~/utils/toast.server";

const CLIENT_TOAST_EVENT = "site:toast";

/**
 * Shows a toast from the browser (a fetch that failed, where no page load
 * brings a flash cookie), in the same one-at-a-time region.
 */
export function showToast(toast: Omit<ToastMessage, "id" | "analyticsEvent">) {
  const id = `client-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  window.dispatchEvent(new CustomEvent<ToastMessage>(CLIENT_TOAST_EVENT, { detail: { id, ...toast } }));
}

// Most pages open with no toast: its code is fetched when one shows.
const ToastItem = deferredComponent("toast", import.meta.env.SSR ? ToastItemNow : null, () =>
  import("~/components/toast-item").then((module) => module.ToastItem),
);

/**
 * One toast at a time, from the server's flash cookie (or `showToast`). It is plain server-rendered
 * markup that CSS removes after 5 s, so it works without JavaScript; scripts add
 * the close button, swipe to dismiss and F8 to focus the region.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const regionRef = useRef<HTMLElement>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
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

  return (
    // Just below the sticky header (4rem), on the right: it never covers the header's menu and
    // sign-in buttons, and the bottom right corner belongs to the chat widget.
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed top-16 right-0 z-[100] flex w-full max-w-sm flex-col p-4"
    >
      <ol>{visible ? <ToastItem key={visible.id} toast={visible} onDismiss={dismiss} /> : null}</ol>
    </section>
  );
}
