import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The mail a student gets when the institute gives them a course without a
// payment online (a scholarship, a batch paid for at the centre): the course is
// open, and here is the way in. No receipt: nothing was paid through the site.

/** The grant mail, its link leading into the course on this site. */
export const writeCourseGrant = (grant: PayloadOf<"course-granted">) => composeMail(grantMail(grant));

function grantMail(grant: PayloadOf<"course-granted">): MailContent {
  const origin = publicOrigin();
  const courseLink = `${origin}/learn/${grant.courseId}`;
  const intro = `${instituteNow().name} has enrolled you in ${grant.courseTitle}. The course is open for you now:`;
  const account = `Sign in with this email address to open it. Your courses are also listed on your dashboard: ${origin}/dashboard`;
  const help = `Questions about the course? Write to us at ${instituteNow().email}.`;
  return {
    subject: `You are enrolled in ${grant.courseTitle}`,
    text: [greeting(grant.firstName), intro, courseLink, account, help, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(grant.firstName)}</p>
        <p>{intro}</p>
        <MailLink href={courseLink}>Start learning</MailLink>
        <p>{account}</p>
        <p>{help}</p>
      </>
    ),
  };
}
