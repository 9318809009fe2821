import { z } from "zod";
import type { DeliveryMode } from "../../db/enums";
import { INDIAN_STATE_CODES, INDIAN_STATES } from "~/utils/indian-states";

// How a course or event is delivered, as one field of its admin form and API
// body: "online", or the GST state code of the venue where it is performed or
// held. The place of supply on its invoices follows it (decision 0031).

export type Delivery = { deliveryMode: DeliveryMode; venueStateCode: string | null };

const DELIVERY_VALUES = ["online", ...INDIAN_STATE_CODES] as const;

const DELIVERY_MESSAGE = "Delivery must be online or the state of the venue";

/** Blank or left out: undefined (a new course or event is online; an edit keeps what is stored). */
export const deliveryField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(DELIVERY_VALUES, { errorMap: () => ({ message: DELIVERY_MESSAGE }) }).optional(),
);

/** The field's value in the columns' terms; undefined stays undefined. */
export function deliveryOfValue(value: (typeof DELIVERY_VALUES)[number] | undefined): Delivery | undefined {
  if (value === undefined) return undefined;
  return value === "online" ? { deliveryMode: "online", venueStateCode: null } : { deliveryMode: "venue", venueStateCode: value };
}

/** The stored columns as the field's value (the edit form's default). */
export const deliveryValueOf = (delivery: Delivery) => (delivery.deliveryMode === "venue" && delivery.venueStateCode) || "online";

export const DELIVERY_OPTIONS = [
  { value: "online", label: "Online" },
  ...INDIAN_STATES.map((state) => ({ value: state.code, label: `At a venue in ${state.name}` })),
];
