import type { PayloadOf } from "~/models/site/outbox-payload";
import type { BreachNotice } from "~/schemas/breach-notice";
import { composeMail } from "./compose.server";
import { greeting, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The notice to each student a personal data breach affects. DPDP Rules 2025
// rule 7(1) lists what it says: what happened (nature, extent, when), what it
// may mean for them, what we did, what they can do, and whom to ask. No name
// in the greeting: an unconfirmed address may not be the account holder's.

/** The notice, the same text to each affected student; `contact` is the grievance officer of the settings. */
export const writeBreachNotice = ({ notice, contact }: PayloadOf<"breach-notice">) => composeMail(breachNoticeContent(notice, contact));

function breachNoticeContent(notice: BreachNotice, contact: { email: string; phone: string }): MailContent {
  const institute = instituteNow().name;
  const sections = [
    { heading: "What happened", text: notice.description },
    { heading: "What it may mean for you", text: notice.consequences },
    { heading: "What we have done", text: notice.measures },
    { heading: "What you can do", text: notice.advice },
    { heading: "Questions", text: `Write to ${contact.email} or call ${contact.phone}. We answer every question about this notice.` },
  ];
  const intro = `We are writing to tell you about a personal data breach at ${institute} that affects your data.`;
  return {
    subject: `Important: a personal data breach at ${institute}`,
    text: `${greeting(null)}\n\n${intro}\n\n${sections.map((s) => `${s.heading}\n${s.text}`).join("\n\n")}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(null)}</p>
        <p>{intro}</p>
        {sections.map((section) => (
          <div key={section.heading}>
            <p>
              <strong>{section.heading}</strong>
            </p>
            <p style={{ whiteSpace: "pre-line" }}>{section.text}</p>
          </div>
        ))}
      </>
    ),
  };
}
