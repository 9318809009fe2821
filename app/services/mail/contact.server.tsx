import type { ContactAcknowledgement, ContactMail } from "~/models/contact-message.server";
import { CHAT_AVAILABILITY, whatsappLink } from "~/content/site";
import { institutePhones } from "~/utils/institute";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { contactTeamNotice } from "./team-notices.server";
import { instituteNow, mailSignature } from "./institute.server";

// The reply a contact message gets at once: we have it, what happens next,
// and the other ways to reach the institute meanwhile.

/** The acknowledgement of a contact message, its links leading to this site. */
export const contactAcknowledgement: ContactAcknowledgement = (message) =>
  composeMail("contact-acknowledgement", message.email, acknowledgementMail({ name: message.name, subject: message.subject }));

/** The mail a contact message causes: the sender's acknowledgement and the team's notice. */
export const contactMail: ContactMail = { acknowledgement: contactAcknowledgement, teamNotice: contactTeamNotice };

function acknowledgementMail({ name, subject }: { name: string; subject: string }): MailContent {
  const institute = instituteNow();
  const received = `Thank you for writing to ${institute.name}. We have received your message “${subject}”.`;
  const next = "A member of our team reads every message and will reply to this address within 24 hours.";
  const meanwhile = `Need us sooner? Call ${institutePhones(institute).join(", ")} or chat with us on WhatsApp (${CHAT_AVAILABILITY}). You can also write to ${institute.email}.`;
  const faqLink = `${publicOrigin()}/contact`;
  const whatsapp = whatsappLink(institute, "general");
  const notYou = "Did not write to us? Then someone typed your address by mistake; you can ignore this message.";
  return {
    subject: `We have your message: ${subject}`,
    text:
      [
        greeting(name),
        received,
        next,
        meanwhile,
        `WhatsApp: ${whatsapp}`,
        `Answers to common questions: ${faqLink}`,
        notYou,
        mailSignature(),
      ].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(name)}</p>
        <p>{received}</p>
        <p>{next}</p>
        <p>{meanwhile}</p>
        <MailLink href={whatsapp}>Chat on WhatsApp</MailLink>
        <p>
          Answers to common questions are on our <a href={faqLink}>contact page</a>.
        </p>
        <p>{notYou}</p>
      </>
    ),
  };
}
