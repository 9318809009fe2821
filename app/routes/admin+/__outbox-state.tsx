import type { OutboxListRow } from "~/models/site/outbox.server";
import { formatIndiaDateTime } from "~/utils/dates";
import type { OutboxState } from "../../../db/enums";
import { countOf } from "~/utils/plural";

// How the Outbox tab names a message's state (mail had no admin screen before this one).

const LABELS: Record<OutboxState, { label: string; className: string }> = {
  queued: { label: "Queued", className: "bg-amber-100 text-amber-950" },
  sending: { label: "Sending", className: "bg-blue-100 text-blue-900" },
  sent: { label: "Sent", className: "bg-emerald-100 text-emerald-900" },
  failed: { label: "Failed", className: "bg-red-100 text-red-900" },
};

export function OutboxStateBadge({ state, attempts }: { state: OutboxState; attempts: number }) {
  const { label, className } = LABELS[state];
  const retrying = state === "queued" && attempts > 0;
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>
      {retrying ? `Retrying (${countOf(attempts, "attempt")})` : label}
    </span>
  );
}

/** What both the list and a message's page show of a message. */
export function outboxSummary(message: Omit<OutboxListRow, "kind" | "sentAt">) {
  return {
    id: message.id,
    to: message.toAddress,
    subject: message.subject,
    state: message.state,
    attempts: message.attempts,
    lastError: message.lastError,
    queuedIso: message.createdAt.toISOString(),
    queuedLabel: formatIndiaDateTime(message.createdAt),
  };
}
