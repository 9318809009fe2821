import type { NotificationSettings } from "~/schemas/site-settings";
import type { Transaction } from "~/utils/db.server";
import type { OutboxPayload } from "./outbox-payload";
import { queueMail } from "./outbox.server";
import { readSettings } from "./site-settings.server";

/** What the team can ask to hear about (each on or off at /admin/settings). */
export type TeamNoticeKind = keyof Pick<NotificationSettings, "contactMessages" | "enrolmentLeads">;

/**
 * Queues mail to the team's notification address, in the transaction that
 * stores what it is about, when that kind is switched on. Reading the setting
 * in the same transaction means a notice goes out exactly for what was stored
 * while it was on.
 */
export function queueTeamNotice(tx: Transaction, kind: TeamNoticeKind, payload: OutboxPayload): boolean {
  const settings = readSettings("notifications", tx);
  if (!settings[kind]) return false;
  queueMail(tx, { to: settings.notifyAddress, payload });
  return true;
}
