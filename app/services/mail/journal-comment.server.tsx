import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { journalPath } from "~/utils/lab-paths";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { mailSignature } from "./institute.server";

// The mail a student gets when a mentor comments on a trade in their journal.
// It says who commented and links to the trade on this site; the comment
// itself is read there, after signing in (a journal is private).

export const writeJournalComment = (notice: PayloadOf<"journal-comment">) => composeMail(commentMail(notice));

function commentMail(notice: PayloadOf<"journal-comment">): MailContent {
  const link = `${publicOrigin()}${journalPath(notice.tradeId)}`;
  const intro = `${notice.authorName} commented on a trade in your practice lab journal. Read it with the trade:`;
  const private_ = "Your journal is private to you and your mentors.";
  return {
    subject: `${notice.authorName} commented on your trade`,
    text: [greeting(notice.firstName), intro, link, private_, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(notice.firstName)}</p>
        <p>{intro}</p>
        <MailLink href={link}>Read the comment</MailLink>
        <p>{private_}</p>
      </>
    ),
  };
}
