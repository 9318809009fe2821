import type { LateCreditNote, PayloadOf } from "~/models/site/outbox-payload";
import { formatShortCalendarDay } from "~/utils/dates";
import { publicOrigin } from "~/utils/env.server";
import { formatExactRupees } from "~/utils/gst";
import { LATE_CREDIT_NOTE_ADVICE } from "~/utils/late-credit-note";
import { composeMail } from "./compose.server";
import { MailLink, type MailContent } from "./layout";

// The team's notice of a credit note issued after the last day it could
// reduce GST (CGST Act s.34(2); decision 0050). Most refunds are recorded by
// a provider's webhook with nobody watching, so this mail is how the team
// and its accountant learn that the refund comes out of the institute's own
// pocket and that the GST return must leave the note out.

export const writeLateCreditNoteNotice = ({ late }: PayloadOf<"team-late-credit-note">) => composeMail(lateContent(late));

function lateContent(late: LateCreditNote): MailContent {
  const deadline = formatShortCalendarDay(late.deadline);
  const link = { href: `${publicOrigin()}/admin/users/${encodeURIComponent(late.studentId)}`, label: "Open the student's page" };
  const facts = [
    `Order: #${late.orderId} (${late.creditNote.description}), ${late.studentName}`,
    `Credit note: ${late.creditNote.number} for ${formatExactRupees(late.creditNote.totalPaise)}, against invoice ${late.invoiceNumber}`,
    `Deadline missed: ${deadline}, the last day a credit note for that invoice's financial year could reduce GST (CGST Act s.34(2))`,
  ];
  const intro = `A refund was recorded after the deadline for reducing GST, so credit note ${late.creditNote.number} reduces no GST.`;
  return {
    subject: `Credit note ${late.creditNote.number} is past the GST deadline of ${deadline}`,
    text: [intro, facts.join("\n"), `What to do: ${LATE_CREDIT_NOTE_ADVICE}`, `${link.label}: ${link.href}`].join("\n\n") + "\n",
    body: (
      <>
        <p>{intro}</p>
        <p style={{ whiteSpace: "pre-line" }}>{facts.join("\n")}</p>
        <p>
          <strong>What to do:</strong> {LATE_CREDIT_NOTE_ADVICE}
        </p>
        <MailLink href={link.href}>{link.label}</MailLink>
      </>
    ),
  };
}
