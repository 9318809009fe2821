import { useRef, type PointerEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ToastMessage } from "~/utils/toast.server";

const SWIPE_THRESHOLD_PX = 50;

const TOAST_STYLES = {
  default: "border-slate-200 bg-white text-slate-900",
  warning: "border-amber-500 bg-amber-50 text-amber-950",
  destructive: "border-red-700 bg-red-700 text-white",
} as const;

/** One toast: CSS removes it after 5 s; scripts add the close button and swipe to dismiss. */
export function ToastItem({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const hydrated = useHydrated();
  const swipeStart = useRef<number | null>(null);
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStart.current !== null && event.clientX - swipeStart.current > SWIPE_THRESHOLD_PX) onDismiss();
  };
  return (
    // The live-region role sits inside the list item: a <li> must stay a list item.
    <li>
      <div
        role={toast.type === "default" ? "status" : "alert"}
        onAnimationEnd={onDismiss}
        onPointerDown={(event) => (swipeStart.current = event.clientX)}
        onPointerMove={onPointerMove}
        onPointerUp={() => (swipeStart.current = null)}
        className={`toast-timed pointer-events-auto relative rounded-lg border p-4 pr-12 shadow-lg ${TOAST_STYLES[toast.type]}`}
      >
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        {hydrated ? (
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Close notification"
            className="absolute right-0 top-0 flex size-11 items-center justify-center rounded text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </button>
        ) : null}
      </div>
    </li>
  );
}
