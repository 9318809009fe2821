import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormNotice } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { whatsappLink } from "~/content/site";
import { readSettings } from "~/models/site/site-settings.server";
import { ApplyCouponSchema, ConfirmCardPaymentSchema, PayFormSchema, PaymentReturnSchema } from "~/schemas/checkout";
import { CHECKOUT_MESSAGES, couponAppliedText, enrolledToast, purchasedToast, seatGoneToast } from "~/content/messages/checkout";
import { couponRefusalAtStore, quoteOrder } from "~/services/checkout/quote.server";
import { settlementRefusalAnswer, startRefusalAnswer } from "~/services/checkout/refusal-answers";
import type { Settlement } from "~/services/checkout/settle.server";
import { enrollFree } from "~/services/checkout/start.server";
import type { SubmissionResult } from "@conform-to/react";
import { confirmPaymentReturn, paymentWidget, startPayment } from "~/services/payments/registry.server";
import { formatPrice } from "~/utils/money";
import { publicOrigin } from "~/utils/env.server";
import { redirectWithToast } from "~/utils/toast.server";
import { checkoutPath, paidPath } from "~/utils/checkout-path";
import { couponRejection, loadCheckout } from "./__checkout.server";
import { CouponForm, PayForm } from "./__checkout-payment";
import { ProviderPayForm } from "./__provider-payment";
import { readFormData } from "~/utils/form-data.server";
import { couponGuesser, limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";

// Checkout step 2: coupon, terms and
// payment, beside the order summary the layout shows. Needs the enrollment
// information saved first (its id is in the URL and must be this student's).

export const headers = retryAfterFromAction;

export async function loader({ request }: LoaderFunctionArgs) {
  const checkout = await loadCheckout(request);
  if (checkout.status !== "open") return null;
  const { quote, formId, couponRejected } = checkout;
  const { item } = quote;
  if (formId === null) throw redirect(checkoutPath({ item, coupon: quote.coupon?.code }, "/information"));
  const widget = paymentWidget();
  const isFree = quote.price.totalPaise === 0;
  const step = {
    item,
    formId,
    coupon: quote.coupon?.code ?? null,
    couponRejected,
    removeCouponHref: checkoutPath({ item, form: formId }),
    totalLabel: formatPrice(quote.price.totalPaise),
    isFree,
    // An event's seat is paid on Stripe's hosted page (decision 0016); the card form is for courses.
    publishableKey: widget?.provider === "stripe" && item.type === "course" ? widget.publishableKey : null,
    provider: widget?.provider ?? null,
    whatsapp: whatsappLink(readSettings("institute"), item.type === "course" ? "courseEnquiry" : "eventRegistration", item.title),
  };
  // A paid course cannot be bought here while payments are off: the page says so (and offers
  // WhatsApp) under 503, so no client or crawler takes it for a working checkout.
  return data(step, { status: widget || isFree ? 200 : 503 });
}

const TOO_MANY_CODES = "Too Many Coupon Codes";
const TERMS_REQUIRED = [CHECKOUT_MESSAGES.termsRequired, CHECKOUT_MESSAGES.termsText];
const ENROLL_FAILED = [CHECKOUT_MESSAGES.enrollFailedTitle, CHECKOUT_MESSAGES.enrollFailedText];

type Submission = { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> };
/** A refusal shown in the coupon form or the pay form: [title, text]. */
const couponRefused = (submission: Submission, notice: string[], status: number, headers?: HeadersInit) =>
  data({ coupon: submission.reply({ formErrors: notice }), pay: null, checkout: null }, { status, headers });
const payRefused = (submission: Submission, notice: string[], status: number) =>
  data({ pay: submission.reply({ formErrors: notice }), coupon: null, checkout: null }, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  const checkout = await loadCheckout(request);
  const search = new URL(request.url).searchParams;
  search.delete("index");
  if (checkout.status === "owned" && (await readFormData(request)).get("intent") === "confirm-payment") {
    // The webhook completed the order before the browser reported its payment: the same outcome.
    return redirectWithToast(paidPath(checkout.quote.item, "/account/orders"), purchasedToast(checkout.quote.item));
  }
  if (checkout.status !== "open") return redirect(`/checkout?${search}`);
  const { user, quote, formId } = checkout;
  const { item } = quote;
  if (formId === null) return redirect(checkoutPath({ item }, "/information"));
  const here = { item, form: formId, coupon: quote.coupon?.code };
  const formData = await readFormData(request);

  switch (formData.get("intent")) {
    case "apply-coupon": {
      const submission = parseWithZod(formData, { schema: ApplyCouponSchema });
      if (submission.status !== "success") return data({ coupon: submission.reply(), pay: null, checkout: null }, { status: 400 });
      const { couponCode } = submission.value;
      const applied = await limitCouponGuesses(couponGuesser(user, context), couponCode, () =>
        quoteOrder(item, couponCode, { buyerId: user.id }),
      );
      if (!applied.ok && applied.reason === "too-many-coupon-guesses")
        return couponRefused(submission, [TOO_MANY_CODES, applied.message], 429, retryAfterHeaders(applied));
      if (!applied.ok) return couponRefused(submission, couponRejection(applied), 400);
      const { coupon, price } = applied.quote;
      return redirectWithToast(checkoutPath({ ...here, coupon: coupon?.code }), {
        title: CHECKOUT_MESSAGES.couponAppliedTitle,
        description: couponAppliedText(price),
      });
    }

    case "pay": {
      const submission = parseWithZod(formData, { schema: PayFormSchema });
      if (submission.status !== "success") return payRefused(submission, TERMS_REQUIRED, 400);
      // loadCheckout priced the order from the URL's course and coupon; a coupon
      // that stopped holding since the page was shown is said, not silently dropped.
      if (checkout.couponRejected) return payRefused(submission, checkout.couponRejected, 400);
      if (quote.price.totalPaise === 0) {
        // The coupon's last redemption (or the event's last seat) may have gone to someone else while this form was sent.
        const enrolled = enrollFree(user, quote, formId);
        if (enrolled === "coupon-unavailable") return payRefused(submission, couponRejection(couponRefusalAtStore(quote, user.id)), 400);
        if (enrolled === "seat-gone")
          return payRefused(submission, startRefusalAnswer(item.batchId ? "batch-full" : "event-full", item).notice, 409);
        if (enrolled === "adult-unconfirmed") return redirect(checkoutPath(here), 303);
        return redirectWithToast(paidPath(item, "/"), purchasedToast(item));
      }
      const start = await startPayment({
        user,
        quote,
        enrollmentFormId: formId,
        cancelUrl: `${publicOrigin()}${checkoutPath(here)}`,
      });
      if (start.ok && "redirectTo" in start) return redirect(start.redirectTo, 303);
      // The provider's checkout opens in the page (JavaScript) or is a form to its hosted page.
      if (start.ok) return data({ checkout: start.checkout, pay: null, coupon: null });
      if (start.reason === "already-enrolled") return redirect(checkoutPath(here));
      // The page then asks for the "I am 18 or older" box before anything is sold.
      if (start.reason === "adult-unconfirmed") return redirect(checkoutPath(here), 303);
      // The information step asks for the invoice's billing details.
      if (start.reason === "billing-missing") return redirect(checkoutPath({ item, coupon: quote.coupon?.code }, "/information"), 303);
      if (start.reason === "coupon-unavailable") return payRefused(submission, couponRejection(couponRefusalAtStore(quote, user.id)), 400);
      const refused = startRefusalAnswer(start.reason, item);
      return payRefused(submission, refused.notice, refused.status);
    }

    case "confirm-card": {
      const submission = parseWithZod(formData, { schema: ConfirmCardPaymentSchema });
      if (submission.status !== "success") return payRefused(submission, ENROLL_FAILED, 400);
      if (item.type !== "course") return payRefused(submission, ENROLL_FAILED, 400);
      const returned = { provider: "stripe", paymentIntentId: submission.value.paymentIntentId, courseId: item.id } as const;
      const settlement = await confirmPaymentReturn(returned, user.id).catch((error: unknown) => {
        console.error("Enrollment after payment failed", error);
        return null;
      });
      if (settlement?.ok) return redirectWithToast("/", enrolledToast(item.title));
      return settlementRefused(submission, settlement);
    }

    case "confirm-payment": {
      // The provider's checkout succeeded in the page: believed once its signature and the provider say so.
      const submission = parseWithZod(formData, { schema: PaymentReturnSchema });
      if (submission.status !== "success") return payRefused(submission, ENROLL_FAILED, 400);
      const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = submission.value;
      const returned = { provider: "razorpay", orderId, paymentId, signature } as const;
      const settlement = await confirmPaymentReturn(returned, user.id).catch((error: unknown) => {
        console.error("Confirming a payment failed", error);
        return null;
      });
      if (settlement?.ok) return redirectWithToast(paidPath(item, "/account/orders"), purchasedToast(item));
      // The event filled up after the seat's hold ran out: the payment went back, and the event offers its waitlist.
      if (settlement?.reason === "seat-gone") return redirectWithToast(`/events/${item.id}/register`, seatGoneToast);
      if (settlement?.reason === "not-paid") return redirectWithToast("/account/orders", { title: CHECKOUT_MESSAGES.processingTitle });
      return settlementRefused(submission, settlement);
    }

    default:
      // Only this page's own buttons name an intent; anything else was not sent from it.
      throw Response.json({ message: "This checkout step was not recognised. Please reload the page and try again." }, { status: 400 });
  }
}

/** Why a reported payment did not enroll the student, in the pay form. */
function settlementRefused(submission: Submission, settlement: Settlement | null) {
  if (!settlement) return payRefused(submission, ENROLL_FAILED, 502);
  if (settlement.ok) throw new Error("A settled payment is not a refusal");
  const refused = settlementRefusalAnswer(settlement.reason, settlement.item);
  return payRefused(submission, refused.notice, refused.status);
}

export default function CheckoutPayment() {
  const step = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!step) return null;
  const paymentsOff = step.provider === null && !step.isFree;

  return (
    <section aria-labelledby="payment-title" className="grid gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="payment-title" className="text-xl font-bold text-navy-900">
        Payment
      </h2>
      {step.couponRejected ? <FormNotice title={step.couponRejected[0]}>{step.couponRejected[1]}</FormNotice> : null}
      <CouponForm applied={step.coupon} removeHref={step.removeCouponHref} lastResult={actionData?.coupon} />
      {step.provider === "razorpay" && !step.isFree && !paymentsOff ? (
        <ProviderPayForm totalLabel={step.totalLabel} checkout={actionData?.checkout ?? null} lastResult={actionData?.pay} />
      ) : paymentsOff ? (
        <div role="status" className="rounded-lg border border-amber-700 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{CHECKOUT_MESSAGES.paymentsOffTitle}</p>
          <p className="mt-1 text-sm">{CHECKOUT_MESSAGES.paymentsOffText}</p>
          <a href={step.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "mt-4")}>
            Chat on WhatsApp
          </a>
        </div>
      ) : (
        <PayForm
          courseId={step.item.id}
          enrollmentFormId={step.formId}
          couponCode={step.coupon}
          totalLabel={step.totalLabel}
          isFree={step.isFree}
          publishableKey={step.publishableKey}
          lastResult={actionData?.pay}
        />
      )}
    </section>
  );
}
