import { Link } from "@remix-run/react";

// An answer names pages ("Details and enrollment: /courses/3") and outside
// addresses (a wa.me link); they become links, everything else stays text.
const ADDRESS = /(https?:\/\/[^\s<>"]+)|(^|[\s(])(\/[a-z0-9][\w\-/?=&#.%]*)/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

export type AnswerPart = { kind: "text" | "path" | "url"; value: string };

/** Splits answer text into plain text, site paths and web addresses (sentence punctuation stays text). */
export function splitAddresses(text: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === "text") previous.value += value;
    else parts.push({ kind: "text", value });
  };
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const [whole, url, before = "", path] = match;
    const start = match.index ?? 0;
    const address = url ?? path ?? "";
    const tail = TRAILING_PUNCTUATION.exec(address)?.[0] ?? "";
    pushText(text.slice(last, start) + before);
    parts.push({ kind: url ? "url" : "path", value: address.slice(0, address.length - tail.length) });
    pushText(tail);
    last = start + whole.length;
  }
  pushText(text.slice(last));
  return parts;
}

const linkClass = "font-medium underline underline-offset-2";

/** Plain answer text with its site paths and web addresses made into links. */
export function ChatAnswerText({ text }: { text: string }) {
  return (
    <>
      {splitAddresses(text).map((part, index) => {
        if (part.kind === "text") return part.value;
        if (part.kind === "path")
          return (
            <Link key={index} to={part.value} className={linkClass}>
              {part.value}
            </Link>
          );
        return (
          <a key={index} href={part.value} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {part.value}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        );
      })}
    </>
  );
}
