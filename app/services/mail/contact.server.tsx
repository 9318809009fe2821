import { whatsappLink } from "~/content/site";
import { institutePhones } from "~/utils/institute";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The reply a contact message gets at once: we have it, what happens next,
// and the other ways to reach the institute meanwhile. Anyone can type any
// address into the form, so it repeats nothing the visitor typed (not the
// subject, not the name): the site cannot be made to carry a stranger's words
// to someone else's mailbox.

/** The acknowledgement of a contact message, its links leading to this site. */
export const writeContactAcknowledgement = () => composeMail(acknowledgementMail());

function acknowledgementMail(): MailContent {
  const institute = instituteNow();
  const received = `Thank you for writing to ${institute.name}. We have received the message sent with this email address through the contact form on our website.`;
  const next = "A member of our team reads every message and will reply to this address within 24 hours.";
  const meanwhile = `Need us sooner? Call ${institutePhones(institute).join(", ")} or chat with us on WhatsApp (${institute.hours}). You can also write to ${institute.email}.`;
  const faqLink = `${publicOrigin()}/contact`;
  const whatsapp = whatsappLink(institute, "general");
  const notYou = "Did not write to us? Then someone typed your address by mistake; you can ignore this message.";
  return {
    subject: `We have received your message to ${institute.name}`,
    text:
      [
        greeting(null),
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
        <p>{greeting(null)}</p>
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
