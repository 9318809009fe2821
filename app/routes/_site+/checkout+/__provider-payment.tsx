import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { razorpayFailureText } from "~/services/payments/failure-text";
import type { InPageCheckout } from "~/services/payments/payment-provider";
import { NoticeAndTerms } from "./__checkout-payment";
import { useInstitute } from "~/utils/use-institute";

// The pay step when Razorpay takes payments (UPI, cards, netbanking, wallets).
// The pay form posts to the page's action, which makes (or reuses) the
// order's Razorpay order for the server's amount and answers with it. With
// JavaScript, Razorpay's checkout opens over the page and its success handler
// posts the signed result back here. Without it (or if checkout.js cannot
// load), the answer is a plain form to Razorpay's hosted page, which comes
// back to /checkout/callback.

const CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

type RazorpayHandlerResult = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
/** What checkout.js hands the payment.failed listeners; its `description` is never shown (see failure-text). */
type RazorpayFailure = { error?: { code?: string; reason?: string } };
type RazorpayInstance = { open(): void; on(event: "payment.failed", listener: (failure: RazorpayFailure) => void): void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

function razorpayConstructor(): RazorpayConstructor | null {
  const value: unknown = Reflect.get(window, "Razorpay");
  return typeof value === "function" ? (value as RazorpayConstructor) : null;
}

/** Loads Razorpay's checkout.js once; resolves null when it cannot (ad blocker, network). */
function loadCheckoutScript(): Promise<RazorpayConstructor | null> {
  const loaded = razorpayConstructor();
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => resolve(razorpayConstructor());
    script.onerror = () => resolve(null);
    document.head.appendChild(script);
  });
}

type Result = SubmissionResult<string[]> | null | undefined;

export function ProviderPayForm({
  totalLabel,
  checkout,
  lastResult,
}: {
  totalLabel: string;
  checkout: InPageCheckout | null;
  lastResult: Result;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const [failure, setFailure] = useState<string | null>(null);
  const opened = useRef<InPageCheckout | null>(null);
  const busy = navigation.state !== "idle";
  const instituteName = useInstitute().name;

  // A fresh answer from the action opens the checkout dialog once per answer.
  useEffect(() => {
    // Each answer is a new object: a second press of Pay opens the dialog again on the same order.
    if (!checkout || opened.current === checkout) return;
    opened.current = checkout;
    setFailure(null);
    void loadCheckoutScript().then((Razorpay) => {
      if (!Razorpay) return; // the hosted page's form below still works
      const dialog = new Razorpay({
        key: checkout.keyId,
        order_id: checkout.orderId,
        amount: checkout.amountPaise,
        currency: checkout.currency,
        name: instituteName,
        description: checkout.description,
        prefill: { email: checkout.email },
        handler: (result: RazorpayHandlerResult) => submit({ intent: "confirm-payment", ...result }, { method: "post" }),
      });
      dialog.on("payment.failed", (failed) => setFailure(razorpayFailureText(failed.error)));
      dialog.open();
    });
  }, [checkout, submit, instituteName]);

  const serverErrors = lastResult?.status === "error" ? (lastResult.error?.[""] ?? null) : null;
  const [noticeTitle, noticeText] = failure ? [CHECKOUT_MESSAGES.paymentFailedTitle, failure] : (serverErrors ?? []);

  return (
    <div className="grid gap-5">
      <Form method="post" className="grid gap-5" aria-describedby="pay-notice">
        <input type="hidden" name="intent" value="pay" />
        <NoticeAndTerms title={noticeTitle} text={noticeText} />
        <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
          {busy ? "Processing..." : failure ? `Pay ${totalLabel} again` : `Pay ${totalLabel}`}
        </button>
      </Form>
      {checkout ? <HostedCheckoutForm checkout={checkout} totalLabel={totalLabel} /> : null}
      <p className="text-center text-xs text-slate-600">
        Payments are processed securely by Razorpay: UPI, cards, netbanking and wallets. We never see or store your card or UPI details.
      </p>
    </div>
  );
}

/** A real form to Razorpay's hosted checkout page: the way to pay without JavaScript. */
function HostedCheckoutForm({ checkout, totalLabel }: { checkout: InPageCheckout; totalLabel: string }) {
  return (
    <form method="post" action={checkout.hostedCheckoutUrl} className="grid gap-3 rounded-lg border border-slate-300 p-4">
      <p className="text-sm text-slate-700">Your order is ready. Pay {totalLabel} on Razorpay&apos;s secure page:</p>
      <input type="hidden" name="key_id" value={checkout.keyId} />
      <input type="hidden" name="order_id" value={checkout.orderId} />
      <input type="hidden" name="name" value={useInstitute().name} />
      <input type="hidden" name="description" value={checkout.description} />
      <input type="hidden" name="prefill[email]" value={checkout.email} />
      <input type="hidden" name="callback_url" value={checkout.callbackUrl} />
      <input type="hidden" name="cancel_url" value={checkout.cancelUrl} />
      <button type="submit" className={buttonClass("outline", "w-full")}>
        {CHECKOUT_MESSAGES.continueToPayment}
      </button>
    </form>
  );
}
