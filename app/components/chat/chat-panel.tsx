import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { showToast } from "~/components/toaster";
import { chatGreeting, CHAT_INPUT_PLACEHOLDER, CHAT_OFFERINGS, CHAT_QUESTION_MAX, CHAT_QUICK_QUESTIONS } from "~/content/chat";
import { CHAT_FAQ } from "~/content/faq";
import { useInstitute, useWhatsappLink } from "~/utils/use-institute";
import { ChatAnswerText } from "./chat-answer-text";
import { CHAT_ERROR, fallbackAction } from "./chat-replies";
import { CHAT_TITLE } from "./chat-text";

// Loaded on demand by chat-widget.tsx the first time the toggle is used.

type View = "welcome" | "faq" | "ai-chat";

/** One message of the conversation: who wrote it, what it says, when, and any follow-up questions. */
export type ChatMessage = {
  /** A timestamp (ms), unique within the conversation. */
  id: number;
  type: "user" | "ai";
  content: string;
  timestamp: Date;
  suggestions?: string[];
};

const VIEW_TITLES: Record<View, string> = {
  welcome: CHAT_TITLE,
  faq: "Frequently Asked Questions",
  "ai-chat": "AI Assistant",
};

const newTabNote = <span className="sr-only"> (opens in a new tab)</span>;

const actionClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const primaryAction = `${actionClass} bg-gold-500 text-navy-950 hover:bg-gold-400`;
const secondaryAction = `${actionClass} bg-navy-900 text-white hover:bg-navy-800`;
const outlineAction = `${actionClass} border border-navy-900 text-navy-900 hover:bg-navy-900 hover:text-white`;
const chipClass =
  "inline-flex min-h-11 items-center rounded-full border border-teal-600 bg-white px-3 py-1.5 text-left text-sm text-teal-800 hover:bg-teal-50 disabled:cursor-not-allowed disabled:opacity-60";

export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [view, setView] = useState<View>("welcome");
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [quickQuestions, setQuickQuestions] = useState<string[]>(CHAT_QUICK_QUESTIONS);
  const [pending, setPending] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The quick questions come from the server when the widget mounts; a failure is only logged.
  useEffect(() => {
    const controller = new AbortController();
    loadSuggestions(controller.signal)
      .then((suggestions) => {
        if (suggestions.length > 0) setQuickQuestions(suggestions);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn("Loading the chat suggestions failed:", error);
      });
    return () => controller.abort();
  }, []);

  // Opening the panel, or changing its view, puts the keyboard where the view starts.
  useEffect(() => {
    if (!open) return;
    if (view === "ai-chat") inputRef.current?.focus();
    else titleRef.current?.focus();
  }, [open, view]);

  async function ask(text: string) {
    const question = text.trim();
    if (!question || pending) return;
    setMessages((list) => [...list, newMessage(list, "user", question)]);
    setPending(true);
    try {
      const reply = await queryAssistant(question);
      setMessages((list) => [...list, newMessage(list, "ai", reply.answer, reply.suggestions)]);
    } catch (error) {
      console.warn("The chat query failed:", error);
      const content = visitorMessage(error) ?? CHAT_ERROR.answer;
      setMessages((list) => [...list, newMessage(list, "ai", content, [...CHAT_ERROR.suggestions])]);
      showToast({ type: "destructive", title: CHAT_ERROR.toastTitle, description: CHAT_ERROR.toastText });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <div className="flex items-center gap-1 bg-navy-900 px-2 py-2 text-white">
        {view !== "welcome" ? (
          <IconButton label="Back" onClick={() => setView("welcome")}>
            <path d="M15 5l-7 7 7 7" />
          </IconButton>
        ) : (
          <span className="w-2" />
        )}
        <h2 ref={titleRef} tabIndex={-1} className="flex-1 px-1 text-base font-semibold focus:outline-none">
          {VIEW_TITLES[view]}
        </h2>
        <IconButton label="Close chat" onClick={onClose}>
          <path d="M6 6l12 12M18 6 6 18" />
        </IconButton>
      </div>
      {view === "welcome" ? <WelcomeView onNavigate={setView} /> : null}
      {view === "faq" ? <FaqView /> : null}
      {view === "ai-chat" ? (
        <AiChatView
          messages={messages}
          quickQuestions={quickQuestions}
          pending={pending}
          inputRef={inputRef}
          onAsk={ask}
          onShowFaq={() => setView("faq")}
        />
      ) : null}
    </>
  );
}

function WelcomeView({ onNavigate }: { onNavigate: (view: View) => void }) {
  return (
    <div className="flex-1 space-y-4 overflow-y-auto p-4">
      <p className="font-medium text-navy-900">{chatGreeting(useInstitute().name)}</p>
      <div>
        <p className="text-sm font-semibold text-slate-700">We can help you with:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {CHAT_OFFERINGS.map((offering) => (
            <li key={offering}>{offering}</li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2">
        <button type="button" className={primaryAction} onClick={() => onNavigate("ai-chat")}>
          Ask AI Assistant
        </button>
        <button type="button" className={outlineAction} onClick={() => onNavigate("faq")}>
          View FAQ
        </button>
        <a href={useWhatsappLink("general")} target="_blank" rel="noopener noreferrer" className={secondaryAction}>
          Start Chat{newTabNote}
        </a>
      </div>
      <p className="text-center text-sm text-slate-600">{useInstitute().hours}</p>
    </div>
  );
}

/** An accordion: one answer open at a time; clicking the open question closes it. */
function FaqView() {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  return (
    <div className="flex-1 space-y-3 overflow-y-auto p-4">
      <ul className="space-y-2">
        {CHAT_FAQ.map((item) => {
          const expanded = openId === item.id;
          const answerId = `${baseId}-${item.id}`;
          return (
            <li key={item.id} className="rounded-lg ring-1 ring-slate-200">
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={answerId}
                  onClick={() => setOpenId((current) => (current === item.id ? null : item.id))}
                  className="flex min-h-11 w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm font-semibold text-navy-900"
                >
                  {item.question}
                  <span aria-hidden="true" className={`text-lg transition-transform ${expanded ? "rotate-45" : ""}`}>
                    +
                  </span>
                </button>
              </h3>
              <div id={answerId} hidden={!expanded} className="px-3 pb-3 text-sm text-slate-700">
                {item.answer}
              </div>
            </li>
          );
        })}
      </ul>
      <a href={useWhatsappLink("general")} target="_blank" rel="noopener noreferrer" className={secondaryAction}>
        Chat on WhatsApp{newTabNote}
      </a>
    </div>
  );
}

type AiChatViewProps = {
  messages: ChatMessage[];
  quickQuestions: string[];
  pending: boolean;
  inputRef: RefObject<HTMLInputElement>;
  onAsk: (question: string) => Promise<void>;
  onShowFaq: () => void;
};

function AiChatView({ messages, quickQuestions, pending, inputRef, onAsk, onShowFaq }: AiChatViewProps) {
  const [input, setInput] = useState("");
  const scrollRef = useRef<HTMLDivElement>(null);
  const wasPending = useRef(false);
  const inputId = useId();

  // Keep the newest message in view.
  useEffect(() => {
    const area = scrollRef.current;
    if (area) area.scrollTop = area.scrollHeight;
  }, [messages.length, pending]);
  // The input is disabled while an answer is on its way; give it the keyboard back after.
  useEffect(() => {
    if (wasPending.current && !pending) inputRef.current?.focus();
    wasPending.current = pending;
  }, [pending, inputRef]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!input.trim() || pending) return;
    setInput("");
    void onAsk(input);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div ref={scrollRef} className="flex-1 overflow-y-auto p-3">
        <div role="log" aria-live="polite" aria-label="Chat messages" className="space-y-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} pending={pending} onAsk={onAsk} onShowFaq={onShowFaq} />
          ))}
          {pending ? (
            <p className="mr-8 w-fit rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-700">
              <span className="sr-only">Assistant: </span>Thinking…
            </p>
          ) : null}
        </div>
        {messages.length === 0 ? (
          <div>
            <p className="text-sm text-slate-700">Ask a question about our courses, events or trading. Or try one of these:</p>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Quick questions">
              {quickQuestions.map((question) => (
                <li key={question}>
                  <button type="button" disabled={pending} onClick={() => void onAsk(question)} className={chipClass}>
                    {question}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <form onSubmit={onSubmit} className="flex gap-2 border-t border-slate-200 p-2">
        <label htmlFor={inputId} className="sr-only">
          Your question
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="question"
          type="text"
          maxLength={CHAT_QUESTION_MAX}
          autoComplete="off"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={CHAT_INPUT_PLACEHOLDER}
          disabled={pending}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-900 disabled:bg-slate-100"
        />
        <button
          type="submit"
          disabled={pending || input.trim() === ""}
          aria-label="Send"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-gold-500 text-navy-950 hover:bg-gold-400 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 12 20 4l-4 16-4-7-8-1Z" />
          </svg>
        </button>
      </form>
    </div>
  );
}

type BubbleProps = {
  message: ChatMessage;
  pending: boolean;
  onAsk: (question: string) => Promise<void>;
  onShowFaq: () => void;
};

function MessageBubble({ message, pending, onAsk, onShowFaq }: BubbleProps) {
  const fromUser = message.type === "user";
  return (
    <div className={fromUser ? "ml-8 flex flex-col items-end" : "mr-8 flex flex-col items-start"}>
      <p
        className={`w-fit whitespace-pre-line rounded-2xl px-3 py-2 text-sm ${
          fromUser ? "rounded-br-sm bg-navy-900 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"
        }`}
      >
        <span className="sr-only">{fromUser ? "You: " : "Assistant: "}</span>
        {fromUser ? message.content : <ChatAnswerText text={message.content} />}
      </p>
      <time dateTime={message.timestamp.toISOString()} className="mt-0.5 px-1 text-xs text-slate-600">
        {message.timestamp.toLocaleTimeString("en-IN", { hour: "numeric", minute: "2-digit" })}
      </time>
      {message.suggestions?.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Suggestions">
          {message.suggestions.map((suggestion) => (
            <li key={suggestion}>
              <Suggestion text={suggestion} pending={pending} onAsk={onAsk} onShowFaq={onShowFaq} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A follow-up question to ask, except the three fallback suggestions, which act. */
function Suggestion({ text, pending, onAsk, onShowFaq }: { text: string } & Omit<BubbleProps, "message">) {
  const whatsapp = useWhatsappLink("general");
  switch (fallbackAction(text)) {
    case "whatsapp":
      return (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={chipClass}>
          {text}
          {newTabNote}
        </a>
      );
    case "faq":
      return (
        <button type="button" onClick={onShowFaq} className={chipClass}>
          {text}
        </button>
      );
    case "courses":
      return (
        <Link to="/courses" className={chipClass}>
          {text}
        </Link>
      );
    default:
      return (
        <button type="button" disabled={pending} onClick={() => void onAsk(text)} className={chipClass}>
          {text}
        </button>
      );
  }
}

function IconButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10"
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}

/** Ids are timestamps, nudged forward when two land in the same millisecond. */
function newMessage(list: ChatMessage[], type: ChatMessage["type"], content: string, suggestions?: string[]): ChatMessage {
  const now = Date.now();
  const last = list[list.length - 1]?.id ?? 0;
  return { id: Math.max(now, last + 1), type, content, timestamp: new Date(now), suggestions };
}

class ChatQueryError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = "ChatQueryError";
  }
}

/**
 * A refusal the visitor can act on (asking too often, a question over the length
 * limit) keeps the server's words; every other failure gets the apology quoted
 * from the product specification.
 */
function visitorMessage(error: unknown): string | null {
  if (!(error instanceof ChatQueryError) || !error.serverMessage) return null;
  return error.status === 429 || error.status === 400 ? error.serverMessage : null;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** POST /api/chat/query. Anything but `success: true` with an answer is an error. */
async function queryAssistant(question: string): Promise<{ answer: string; suggestions: string[] }> {
  const response = await fetch("/api/chat/query", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ question }),
  });
  const body = await readJson(response);
  const serverMessage = typeof body?.message === "string" ? body.message : undefined;
  if (!response.ok) throw new ChatQueryError(`${response.status}: ${serverMessage ?? response.statusText}`, response.status, serverMessage);
  const data = body?.data as Record<string, unknown> | undefined;
  if (body?.success !== true || typeof data?.answer !== "string")
    throw new ChatQueryError(serverMessage ?? "Failed to get AI response", response.status, serverMessage);
  return { answer: data.answer, suggestions: isStringList(data.suggestions) ? data.suggestions : [] };
}

/** GET /api/chat/suggestions. */
async function loadSuggestions(signal: AbortSignal): Promise<string[]> {
  const response = await fetch("/api/chat/suggestions", { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const body = await readJson(response);
  if (body?.success !== true || !isStringList(body.suggestions)) throw new Error("The suggestions answer was not understood.");
  return body.suggestions;
}
