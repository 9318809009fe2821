import { FORM_CONSENT } from "~/schemas/consent";

// What the legal pages say until an admin edits them at /admin/settings:
// honest texts for an Indian trading-education institute. They promise no
// returns, profit, accuracy or success (SEBI circular of 29 January 2025),
// and the teaching uses no market prices from the last 30 days (SEBI
// circular of 8 May 2026). The refund policy's first paragraph is what the
// FAQ, the chat assistant and the checkout show of it (decision 0003).
// {{name}} and {{email}} stand for the institute's name and contact email as
// the settings hold them when the page is shown (fillInstituteMarkers).

const disclaimer = `{{name}} offers education only, not investment advice. Nothing on this site, in our courses, live sessions, study materials or messages is a research report, a recommendation or a tip to buy or sell any security.

Trading in shares, futures, options and currencies carries a risk of loss, including the loss of all the money you trade with. Past performance never indicates future results. Examples in our teaching use market prices older than 30 days and are shown only to explain a method.

Decide on your own trades, or consult an adviser registered with SEBI.`;

const terms = `These terms apply when you use this site or enrol in a course of {{name}}.

## What we offer
We teach how financial markets work, how to read charts and how to manage risk. Our courses, live sessions, study materials and community groups are education only. We do not give investment advice, research reports, recommendations or tips, and we do not manage money or trade for anyone.

## Your account
Keep your password to yourself and tell us at once if someone else used your account. Course access is for you alone: do not share it or copy the course material for others.

## Fees and payment
Prices are shown in rupees and include any tax due. The price you pay is the price shown at checkout. Refunds follow our [refund policy](/refund-policy).

## Conduct
Be courteous in live sessions and groups. Do not post offers of tips, signals or managed accounts there; we remove them and may close the account that posted them.

## No promise of results
Trading carries a risk of loss. We make no promise of returns, profit or any trading result, and no one speaking for us may make one. Read our [disclaimer](/disclaimer).

## Changes and contact
We may change these terms; the date at the top of this page shows the last change. Questions: {{email}}. Grievances: see [grievances](/grievances).`;

const privacyIntro = `This policy says what personal data {{name}} holds, why, for how long, and how you use your rights under India's Digital Personal Data Protection Act, 2023 and the DPDP Rules, 2025. Signed-in students see the same notice on their privacy page, where they can download their data or delete their account.

## What each form collects, and why
Every form that asks for personal data says why above a consent box that is never ticked for you; we keep a record of each consent.

- **Sign-up**: your name, email address and a password (kept only as a hash), and your confirmation that you are 18 or older. ${FORM_CONSENT.account.statement}
- **Contact form**: your name, email address, phone number (optional) and message. ${FORM_CONSENT.contact.statement}
- **Enrollment form**: your name, WhatsApp number, email address, age, state, city, experience and the course or event you chose. ${FORM_CONSENT.enrollment.statement}
- **Event registration**: your name, email address and phone number. ${FORM_CONSENT.eventRegistration.statement}
- **Checkout**: the enrollment details above and, when we issue tax invoices, the name, address, state and GSTIN to bill. ${FORM_CONSENT.orderBilling.statement}
- **Analytics cookies**, only if you accept them in the cookie banner: Google Analytics counts visits and the pages seen. Nothing of it loads before you accept, or ever for an account whose holder has not confirmed they are 18 or older.

## How long we keep it
- Enrollment leads and contact messages: one year from the last contact, then they are deleted.
- Orders, invoices and receipts: 72 months, as the GST law requires (CGST Act, section 36), with access restricted, even after you delete your account.
- Your account and everything else about you: until you delete your account, and for at least one year of logs as the DPDP Rules require.

## Children
Our courses are for adults. Someone under 18 needs a parent's verifiable consent under the DPDP Act (section 9); until the site can take that consent, we do not open accounts for anyone under 18 and we never track a child.

## Withdrawing consent
Withdraw analytics consent at any time with [Cookie settings](/privacy#cookie-settings), as easily as you gave it. Withdraw the consent behind your account by deleting it on [your privacy page](/account/privacy), or write to {{email}} to stop one purpose only. Withdrawing does not undo what was lawfully done before.`;

const refundPolicy = `Course fees are non-refundable once access to the course material has been granted. If you cannot attend your live batch, you can move to a later batch at no extra cost. Duplicate payments, or payments that failed but were still charged, are refunded in full within 7 working days.

To ask for a refund of a duplicate or failed payment, write to {{email}} with your order number. Refunds go back to the card or account you paid from.`;

/**
 * What happens when the institute itself cancels: a full refund. Not part of the
 * editable policy, so no edit can drop it; shown after the policy wherever it is
 * shown (decision 0046).
 */
export const CANCELLED_BY_INSTITUTE_REFUND =
  "If we cancel a batch or an event, we refund what you paid for it in full within 7 working days, to the card or account you paid from.";

export const DEFAULT_LEGAL_TEXTS = { disclaimer, terms, privacyIntro, refundPolicy } as const;

/** The day these default texts were written: the "last updated" date of a page no admin has edited. */
export const LEGAL_DEFAULTS_DATE = new Date("2026-11-27T00:00:00Z");
