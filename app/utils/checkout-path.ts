import { parseId } from "./validation";

/** What a checkout sells: a course (in one of its batches, when it names one), or a seat at a paid event. */
export type CheckoutItem = { type: "course" | "event"; id: number; batchId?: number };

/** Checkout's state lives in the URL, so every step survives a reload and works without JavaScript. */
export type CheckoutLocation = { item: CheckoutItem; form?: number | null; coupon?: string | null };

/** The query parameter naming the item: `courseId` (the first one) or `eventId`. */
const PARAMETER = { course: "courseId", event: "eventId" } as const;

export function checkoutPath({ item, form, coupon }: CheckoutLocation, step: "" | "/information" = ""): string {
  const search = new URLSearchParams({ [PARAMETER[item.type]]: String(item.id) });
  if (item.type === "course" && item.batchId) search.set("batch", String(item.batchId));
  if (form) search.set("form", String(form));
  if (coupon) search.set("coupon", coupon);
  return `/checkout${step}?${search}`;
}

/**
 * The item a checkout URL names: `courseId` wins when both are given, with
 * its `batch` when one is named; null when neither is a plain id, or the
 * batch is not one.
 */
export function checkoutItemOf(search: URLSearchParams): CheckoutItem | null {
  for (const type of ["course", "event"] as const) {
    const value = search.get(PARAMETER[type]);
    if (value === null) continue;
    const id = parseId(value);
    if (id === null) return null;
    const batch = type === "course" ? search.get("batch") : null;
    if (batch === null) return { type, id };
    const batchId = parseId(batch);
    return batchId === null ? null : { type, id, batchId };
  }
  return null;
}

/** Where a student lands once paid: their events for a seat, else the course's usual place (`coursePath`). */
export function paidPath(item: CheckoutItem, coursePath: string): string {
  return item.type === "event" ? "/account/events" : coursePath;
}
