import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";

type RouteDialogProps = {
  /** Ids of the heading and the summary inside `children`. */
  labelledBy: string;
  describedBy?: string;
  /** Escape (and the host's Cancel link) leave the dialog's route. */
  onClose: () => void;
  className?: string;
  children: ReactNode;
};

const FOCUSABLE =
  "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], button:not([disabled])";

/**
 * A modal dialog that is a route (guide: "dialogs are routes"). Without
 * JavaScript it is the same markup laid over the page, and its links and
 * forms work as they are. With JavaScript: focus moves in, Tab stays inside,
 * Escape closes, the page behind stops scrolling, and focus returns to what
 * opened it.
 */
export function RouteDialog({ labelledBy, describedBy, onClose, className = "max-w-lg", children }: RouteDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (keyEvent: KeyboardEvent<HTMLDivElement>) => {
    if (keyEvent.key === "Escape") {
      keyEvent.preventDefault();
      onClose();
      return;
    }
    if (keyEvent.key !== "Tab" || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (keyEvent.shiftKey && document.activeElement === first) {
      keyEvent.preventDefault();
      last.focus();
    } else if (!keyEvent.shiftKey && document.activeElement === last) {
      keyEvent.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-navy-900/70 px-4 py-8 sm:py-16">
      {/* The dialog keeps Tab inside itself and closes on Escape: its own keys, as WAI-ARIA's modal dialog pattern asks. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`mx-auto w-full rounded-2xl bg-white p-6 shadow-xl outline-none sm:p-8 ${className}`}
      >
        {children}
      </div>
    </div>
  );
}
