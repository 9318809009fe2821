/** Checkout's state lives in the URL, so every step survives a reload and works without JavaScript. */
export type CheckoutLocation = { courseId: number; form?: number | null; coupon?: string | null };

export function checkoutPath({ courseId, form, coupon }: CheckoutLocation, step: "" | "/information" = ""): string {
  const search = new URLSearchParams({ courseId: String(courseId) });
  if (form) search.set("form", String(form));
  if (coupon) search.set("coupon", coupon);
  return `/checkout${step}?${search}`;
}
