import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { PaymentReturnSchema } from "~/schemas/checkout";
import { CHECKOUT_MESSAGES, seatGoneToast } from "~/content/messages/checkout";
import { razorpayFailureText } from "~/services/payments/failure-text";
import { confirmPaymentReturn } from "~/services/payments/registry.server";
import { readFormData } from "~/utils/form-data.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { paidPath } from "~/utils/checkout-path";
import { REGISTRATION_MESSAGES } from "~/content/messages/events";
import { redirectWithToast } from "~/utils/toast.server";

// POST /checkout/callback: where the payment provider's hosted checkout page
// sends the student back, by a POST from its own site. That POST carries no
// session (the cookie is SameSite=Lax), so nothing here reads one: a success
// is believed only when the provider's signature over the order and payment
// is right and the provider says the payment was captured. Every answer is a
// 303 to a page (a GET, where the session is back): the orders page after a
// payment, the checkout page to pay again after a failure.

const ORDERS_PAGE = "/account/orders";

export async function action({ request }: ActionFunctionArgs) {
  const retryPath = safeRedirectPath(new URL(request.url).searchParams.get("retry"), "/courses");
  const form = await readFormData(request);
  const returned = PaymentReturnSchema.safeParse(Object.fromEntries(form));
  if (!returned.success) {
    // A failed payment comes back with error[...] fields; anything else is no payment either. Any site can post
    // this, so its error[description] is never shown: only Razorpay's codes choose one of our own sentences.
    const error = { code: form.get("error[code]"), reason: form.get("error[reason]") };
    return redirectWithToast(
      retryPath,
      { type: "destructive", title: CHECKOUT_MESSAGES.paymentFailedTitle, description: razorpayFailureText(error) },
      { status: 303 },
    );
  }
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = returned.data;
  const settlement = await confirmPaymentReturn({ provider: "razorpay", orderId, paymentId, signature }).catch((error: unknown) => {
    console.error("Confirming a returned payment failed", error);
    return null;
  });
  if (settlement?.ok)
    return settlement.item.type === "course"
      ? redirectWithToast(
          ORDERS_PAGE,
          { title: CHECKOUT_MESSAGES.enrolledTitle, description: CHECKOUT_MESSAGES.paymentReceived },
          { status: 303 },
        )
      : redirectWithToast(
          paidPath(settlement.item, ORDERS_PAGE),
          { title: REGISTRATION_MESSAGES.success, description: CHECKOUT_MESSAGES.seatPaymentReceived },
          { status: 303 },
        );
  if (settlement?.reason === "seat-gone" && settlement.item?.type === "event")
    // Back to the event, which now offers its waitlist.
    return redirectWithToast(`/events/${settlement.item.id}/register`, seatGoneToast, { status: 303 });
  if (settlement?.reason === "not-paid" || settlement === null)
    return redirectWithToast(
      ORDERS_PAGE,
      { title: CHECKOUT_MESSAGES.processingTitle, description: CHECKOUT_MESSAGES.paymentReturnRefused },
      { status: 303 },
    );
  return redirectWithToast(
    retryPath,
    { type: "destructive", title: CHECKOUT_MESSAGES.paymentFailedTitle, description: CHECKOUT_MESSAGES.paymentReturnRefused },
    { status: 303 },
  );
}

/** Only the provider's POST comes here; a visit (a reload, a bookmark) goes to the orders page. */
export function loader() {
  return redirect(ORDERS_PAGE, 303);
}
