import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { MailLink, type MailContent } from "./layout";
import { instituteNow } from "./institute.server";

// Mail to the institute's own team (switched on or off at /admin/settings):
// who wrote or asked, enough to decide what to do, and the admin page where
// the whole record is. Personal data stays on the site behind the admin's
// sign-in; the mail carries only what the team needs to reply.

/** The team's notice of a new contact message, linking to the inbox. */
export const writeContactTeamNotice = ({ message }: PayloadOf<"team-contact-message">) =>
  composeMail(
    teamNotice({
      subject: `New contact message: ${message.subject}`,
      facts: [
        `From: ${message.name} <${message.email}>`,
        ...(message.phone ? [`Phone: ${message.phone}`] : []),
        `Subject: ${message.subject}`,
        "",
        message.message,
      ],
      link: { href: `${publicOrigin()}/admin/inbox`, label: "Open the inbox" },
    }),
  );

/** The team's notice of a new enrollment lead, linking to the enrollment forms list. */
export const writeEnrollmentLeadTeamNotice = ({ lead }: PayloadOf<"team-enrolment-lead">) =>
  composeMail(
    teamNotice({
      subject: `New enrollment lead: ${lead.name} for ${lead.targetTitle}`,
      facts: [
        `Name: ${lead.name}`,
        `WhatsApp: ${lead.whatsappNumber}`,
        ...(lead.email ? [`Email: ${lead.email}`] : []),
        `From: ${lead.city}, ${lead.state}`,
        `Interested in: ${lead.targetTitle} (${lead.targetType})`,
        `Experience: ${lead.experienceLevel}`,
        `Heard of us through: ${lead.sourceOfLead}`,
      ],
      link: {
        href: `${publicOrigin()}/admin/users/enrollment-forms?q=${encodeURIComponent(lead.whatsappNumber)}`,
        label: "Open the enrollment forms",
      },
    }),
  );

function teamNotice({ subject, facts, link }: { subject: string; facts: string[]; link: { href: string; label: string } }): MailContent {
  const why = `You receive this because notifications are on in the ${instituteNow().name} admin panel (Settings).`;
  return {
    subject,
    text: [facts.join("\n"), `${link.label}: ${link.href}`, why].join("\n\n") + "\n",
    body: (
      <>
        <p style={{ whiteSpace: "pre-line" }}>{facts.join("\n")}</p>
        <MailLink href={link.href}>{link.label}</MailLink>
        <p style={{ fontSize: 13 }}>{why}</p>
      </>
    ),
  };
}
