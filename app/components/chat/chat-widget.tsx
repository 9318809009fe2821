import { useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { CHAT_PAGE_PATH, CHAT_TITLE } from "./chat-text";
import { useLiftOverAvoided } from "./use-lift-over-avoided";

// The panel's code is fetched the first time the toggle is used, so the widget
// adds only this small toggle to any page's first load.
const ChatPanel = lazy(() => import("./chat-panel"));

const PANEL_ID = "chat-panel";

/**
 * The floating chat button, bottom right. In the server's HTML it is a plain
 * link to /chat (which works without JavaScript); once scripts run it toggles
 * the chat panel instead.
 */
export function ChatWidget() {
  const hydrated = useHydrated();
  // The panel is open on the page it was opened on: following a link out of it (Browse our courses…) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const { pathname } = useLocation();
  const open = openOn === pathname;
  const lift = useLiftOverAvoided();

  const close = useCallback(() => {
    setOpenOn(null);
    toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  const toggle = () => {
    setRequested(true);
    setOpenOn((openedOn) => (openedOn === pathname ? null : pathname));
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/Cmd/Shift-click keeps the link's own meaning: /chat in a new tab or window.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    toggle();
  };
  // Once it acts as a button it answers to Space as a button does (Enter already clicks a link).
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== " ") return;
    event.preventDefault();
    toggle();
  };

  return (
    // A landmark of its own: it sits outside the page's header, main and footer.
    // It hides itself (CSS, tailwind.css) while a field has focus or a dialog is open, and
    // rises above anything marked `data-avoid-chat` at the bottom of the screen.
    <aside
      aria-label="Chat"
      data-chat-widget=""
      style={lift > 0 ? { bottom: `calc(1rem + ${lift}px)` } : undefined}
      className="fixed bottom-4 right-4 z-50 flex flex-col items-end gap-3 print:hidden"
    >
      {requested ? (
        <div
          id={PANEL_ID}
          role="dialog"
          aria-label={CHAT_TITLE}
          hidden={!open}
          className="flex h-[min(36rem,calc(100dvh-7rem))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl bg-white text-slate-900 shadow-2xl ring-1 ring-slate-300"
        >
          <PanelLoadBoundary>
            <Suspense fallback={<p className="m-auto p-6 text-sm text-slate-700">Loading chat…</p>}>
              <ChatPanel open={open} onClose={close} />
            </Suspense>
          </PanelLoadBoundary>
        </div>
      ) : null}
      <a
        ref={toggleRef}
        data-chat-launcher=""
        href={CHAT_PAGE_PATH}
        onClick={onClick}
        onKeyDown={hydrated ? onKeyDown : undefined}
        role={hydrated ? "button" : undefined}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={hydrated && requested ? PANEL_ID : undefined}
        className="inline-flex min-h-14 min-w-14 items-center justify-center gap-2 rounded-full bg-navy-900 px-4 text-white shadow-lg ring-2 ring-white hover:bg-navy-800"
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        <span className="sr-only">{CHAT_TITLE}</span>
      </a>
    </aside>
  );
}

/** If the panel's code cannot be fetched (offline), offer the chat page instead. */
class PanelLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="m-auto p-6 text-sm text-slate-700">
        The chat could not be loaded.{" "}
        <a href={CHAT_PAGE_PATH} className="font-semibold text-teal-700 underline">
          Open the chat page
        </a>
        .
      </p>
    );
  }
}

function ChatIcon() {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 8.9 8.9 0 0 1-4-.9L3 20.5l1.5-4.3A8 8 0 0 1 3 11.5 8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5Z" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
