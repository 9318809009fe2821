import { recordSystemAction } from "~/models/site/audit-log.server";
import { Allowance } from "./allowance.server";
import { PUBLIC_FORM_LIMITS } from "./public-form-limits";
import { throttled, type Throttled } from "./wait";

// The public forms that cause mail (docs/decisions/0013-throttling.md, "Forms
// that mail someone"). Each form's page and JSON endpoint spend the same
// allowances, so switching doors buys nothing:
// - per client address, a number of posts an hour: past it the post is refused
//   (429) and nothing is stored or mailed;
// - per recipient, a few acknowledgements a day: past it the post is still
//   stored for the team, only no further acknowledgement is mailed, so nobody
//   can use the site to fill a stranger's mailbox.

const HOUR_SECONDS = 60 * 60;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** What a visitor sends, named for the refusal: "Too many messages from your network…". */
const FORM_POSTS = {
  contact: "messages",
  newsletter: "newsletter sign-ups",
  "enrollment-form": "enrollment forms",
  "event-registration": "event registrations",
  waitlist: "waitlist requests",
} as const;

export type PublicForm = keyof typeof FORM_POSTS;

const perClient = new Allowance("public-form-client", PUBLIC_FORM_LIMITS.postsPerClientPerHour, HOUR_SECONDS);
const perRecipient = new Allowance("public-form-recipient", PUBLIC_FORM_LIMITS.acknowledgementsPerRecipientPerDay, DAY_SECONDS);

/**
 * One mailbox however its address is spelled: case, a "+tag" after the local
 * part (RFC 5233 subaddressing, which most providers deliver to the same inbox),
 * and, at Gmail, dots in the local part.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  let local = address.slice(0, at).split("+")[0] ?? "";
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/**
 * `acknowledge`: may mail its acknowledgement; false once the recipient has had
 * their share today (the post itself still stands). `unsent` gives that share
 * back when the post was refused after all and nothing was mailed.
 */
export type FormPostClaim = { ok: true; acknowledge: boolean; unsent: () => Promise<void> } | Throttled;

const nothingToGiveBack = async () => {};

/**
 * Spends one post of this form for the client, before anything is stored, so
 * parallel posts cannot slip past; a 429 that says how long when the client
 * has none left this hour. With `acknowledgeTo` (the address the form would
 * mail), also says whether that acknowledgement may go out.
 */
export async function claimFormPost(form: PublicForm, client: string, acknowledgeTo?: string): Promise<FormPostClaim> {
  const byClient = await perClient.take(`${form}\n${client}`);
  if (!byClient.ok) {
    if (byClient.firstRefusal) audit("public_form_throttled", { form, client, posts: perClient.points });
    return throttled((wait) => `Too many ${FORM_POSTS[form]} from your network. Please wait ${wait} and try again.`, byClient.waitMs);
  }
  if (acknowledgeTo === undefined) return { ok: true, acknowledge: false, unsent: nothingToGiveBack };
  const recipient = `${form}\n${mailboxOf(acknowledgeTo)}`;
  const byRecipient = await perRecipient.take(recipient);
  if (byRecipient.ok) return { ok: true, acknowledge: true, unsent: () => perRecipient.giveBack(recipient) };
  // The address is not logged: the audit log is not a list of who was written to.
  if (byRecipient.firstRefusal) audit("acknowledgements_capped", { form, client, acknowledgements: perRecipient.points });
  return { ok: true, acknowledge: false, unsent: nothingToGiveBack };
}

const audit = (action: string, details: Record<string, unknown>) =>
  recordSystemAction({ actor: "throttle", action, subject: null, details });
