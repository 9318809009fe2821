import type { DeliveryMode } from "../../db/enums";
import { indianStateName } from "./indian-states";

// Where a batch is taught, in words, as the course page, the admin's move
// dialog and the mails say it.

export function batchPlaceText(
  batch: { deliveryMode: DeliveryMode; venue: string | null; venueStateCode: string | null },
  online = "Online, live",
): string {
  if (batch.deliveryMode !== "venue") return online;
  const state = batch.venueStateCode ? indianStateName(batch.venueStateCode) : null;
  return `In person: ${[batch.venue, state].filter(Boolean).join(", ")}`;
}
