import { readSettings } from "~/models/site/site-settings.server";

// Mail names the institute as the settings stand when the message is made.
// Drafts are made inside the transaction of their cause, on the same
// connection, so a message and its cause see the same settings row.

/** The institute's name and contact details, read now. */
export const instituteNow = () => readSettings("institute");

/** The last lines of every text part: the institute's name and contact email. */
export function mailSignature(): string {
  const { name, email } = instituteNow();
  return `${name}\n${email}`;
}
