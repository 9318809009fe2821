// Links that carry a single-use secret: whoever holds one can set the account's
// password, confirm its address, move it to another address or give the
// mailbox's consent to the newsletter. They are for
// the mailbox they were sent to alone, so the site never shows them to anyone
// else (an admin reading the outbox included) and forgets them once sent.

const SINGLE_USE_PATHS = ["/reset-password", "/verify-email", "/confirm-email-change", "/newsletter/confirm"];

/** What stands in for a hidden link, in the outbox and in a sent message's stored copy. */
export const HIDDEN_LINK = "[single-use link hidden: it works only from the recipient's mailbox]";

const LINK = /https?:\/\/[^\s<>"']+/g;

function carriesSecret(link: string): boolean {
  const url = URL.parse(link.replace(/&amp;/g, "&"));
  return url !== null && SINGLE_USE_PATHS.includes(url.pathname) && url.searchParams.has("token");
}

/** The text (plain or HTML) with every single-use link replaced by HIDDEN_LINK. */
export function hideSingleUseLinks(text: string): string {
  return text.replace(LINK, (link) => (carriesSecret(link) ? HIDDEN_LINK : link));
}
