import type { ReactNode } from "react";
import type { Institute } from "~/utils/institute";

// What every mail body shares: the frame, the link button and the greeting.
// Bodies are plain components, rendered to static HTML beside a text part.
// Inline styles and one narrow column: mail clients ignore style sheets, and
// many are read on a phone. Every message names the institute and carries its
// link as plain text too, for clients that show no HTML.

export type MailContent = { subject: string; text: string; body: ReactNode };

const colours = { navy: "#0b1f3a", gold: "#f5b301", slate: "#334155", line: "#e2e8f0" };

/** The frame names the institute as the settings stood when the message was made. */
export function MailFrame({ institute, children }: { institute: Pick<Institute, "name" | "email">; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ margin: 0, padding: "24px 12px", backgroundColor: "#f1f5f9", fontFamily: "Arial, Helvetica, sans-serif" }}>
        <div style={{ maxWidth: 560, margin: "0 auto", backgroundColor: "#ffffff", borderRadius: 12, overflow: "hidden" }}>
          <p style={{ margin: 0, padding: "16px 24px", backgroundColor: colours.navy, color: "#ffffff", fontSize: 18, fontWeight: "bold" }}>
            {institute.name}
          </p>
          <div style={{ padding: "8px 24px 24px", color: colours.slate, fontSize: 16, lineHeight: 1.5 }}>{children}</div>
          <p style={{ margin: 0, padding: "12px 24px", borderTop: `1px solid ${colours.line}`, color: "#64748b", fontSize: 13 }}>
            {institute.name} ·{" "}
            <a href={`mailto:${institute.email}`} style={{ color: "#64748b" }}>
              {institute.email}
            </a>
          </p>
        </div>
      </body>
    </html>
  );
}

/** A button-like link, and the same address written out for clients that hide buttons. */
export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <p style={{ margin: "24px 0" }}>
        <a
          href={href}
          style={{
            display: "inline-block",
            padding: "12px 20px",
            backgroundColor: colours.gold,
            color: colours.navy,
            fontWeight: "bold",
            borderRadius: 8,
            textDecoration: "none",
          }}
        >
          {children}
        </a>
      </p>
      <p style={{ fontSize: 13, wordBreak: "break-all" }}>
        Or copy this address into your browser:{" "}
        <a href={href} style={{ color: colours.navy }}>
          {href}
        </a>
      </p>
    </>
  );
}

export const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");
