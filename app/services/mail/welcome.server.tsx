import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// Sent once, when a student confirms their email address: where things are.
// Plain facts about the site, never a promise of results.

/** The welcome message, its links leading to this site. */
export const writeWelcome = ({ firstName }: PayloadOf<"welcome">) => composeMail(welcomeContent({ firstName }));

function welcomeContent({ firstName }: { firstName: string | null }): MailContent {
  const origin = publicOrigin();
  const intro = `Thank you for confirming your email address. Your ${instituteNow().name} account is ready.`;
  const next = [
    { label: "Browse the courses", text: "See what each course covers, its level and its mentors:", href: `${origin}/courses` },
    { label: "Open your classroom", text: "Your enrolled courses and your progress are on your dashboard:", href: `${origin}/` },
    { label: "See upcoming events", text: "Register for webinars and workshops:", href: `${origin}/events` },
  ];
  const help = `Questions about a course or your account? Write to us at ${instituteNow().email}.`;
  const textSteps = next.map((step) => `${step.text}\n${step.href}`).join("\n\n");
  return {
    subject: `Welcome to ${instituteNow().name}`,
    text: `${greeting(firstName)}\n\n${intro}\n\nWhat you can do next:\n\n${textSteps}\n\n${help}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(firstName)}</p>
        <p>{intro}</p>
        <p>What you can do next:</p>
        {next.map((step) => (
          <div key={step.href}>
            <p>{step.text}</p>
            <MailLink href={step.href}>{step.label}</MailLink>
          </div>
        ))}
        <p>{help}</p>
      </>
    ),
  };
}
