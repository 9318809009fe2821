import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
// The pure entry point adds Stripe.js to the page only when loadStripe is called.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { FormNotice } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { stripeFailureText } from "~/services/payments/failure-text";

// Stripe's Payment Element. Loaded only
// when the payment step runs with JavaScript, so no other page carries it.
// Until it is ready, and whenever Stripe.js cannot load, the pay form stays a
// plain post to Stripe's hosted Checkout page.

export type CardConfirmation = { ok: true; paymentIntentId: string; status: string } | { ok: false; message: string };

export type ConfirmCard = () => Promise<CardConfirmation>;

export type CardPaymentStatus = "creating" | "ready" | "setup-failed" | "unavailable";

type CardPaymentProps = {
  publishableKey: string;
  courseId: number;
  couponCode: string | null;
  enrollmentFormId: number;
  onStatus: (status: CardPaymentStatus) => void;
  /** The form's submit calls this while the Payment Element is mounted. */
  onConfirmReady: (confirm: ConfirmCard | null) => void;
};

type State = { status: "creating" | "setup-failed" | "unavailable" } | { status: "ready"; stripe: Stripe; clientSecret: string };

export default function CardPayment({
  publishableKey,
  courseId,
  couponCode,
  enrollmentFormId,
  onStatus,
  onConfirmReady,
}: CardPaymentProps) {
  const [state, setState] = useState<State>({ status: "creating" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const settle = (next: State) => {
      if (!current) return;
      setState(next);
      onStatus(next.status);
    };
    settle({ status: "creating" });
    (async () => {
      const response = await fetch("/api/create-payment-intent", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ courseId, couponCode, enrollmentFormId }),
      }).catch(() => null);
      if (response?.status === 401) {
        window.location.assign(`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`);
        return;
      }
      const body: unknown = response?.ok ? await response.json().catch(() => null) : null;
      const clientSecret = clientSecretOf(body);
      if (!clientSecret) return settle({ status: "setup-failed" });
      const stripe = await loadStripe(publishableKey).catch(() => null);
      settle(stripe ? { status: "ready", stripe, clientSecret } : { status: "unavailable" });
    })();
    return () => {
      current = false;
    };
  }, [publishableKey, courseId, couponCode, enrollmentFormId, attempt, onStatus]);

  switch (state.status) {
    case "creating":
      return (
        <p role="status" className="flex items-center gap-3 rounded-lg bg-slate-50 p-4 text-slate-700">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-navy-900" />
          Preparing secure payment...
        </p>
      );
    case "setup-failed":
      return (
        <div className="grid gap-3">
          <FormNotice title={CHECKOUT_MESSAGES.setupFailedTitle}>{CHECKOUT_MESSAGES.setupFailedText}</FormNotice>
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className={buttonClass("outline", "justify-self-start")}>
            Try again
          </button>
        </div>
      );
    case "unavailable":
      return (
        <p role="status" className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          The card form could not load here. Press Pay to finish on Stripe&apos;s secure payment page.
        </p>
      );
    case "ready":
      return (
        <Elements stripe={state.stripe} options={{ clientSecret: state.clientSecret, appearance: { theme: "stripe" } }}>
          <Confirmer onConfirmReady={onConfirmReady} />
          <PaymentElement />
        </Elements>
      );
  }
}

function clientSecretOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("clientSecret" in body)) return null;
  return typeof body.clientSecret === "string" ? body.clientSecret : null;
}

/** Hands the form a confirm function bound to this Payment Element. */
function Confirmer({ onConfirmReady }: Pick<CardPaymentProps, "onConfirmReady">) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onConfirmReady(async () => {
      const result = await stripe.confirmPayment({
        elements,
        redirect: "if_required",
        // Only for payment methods that leave the page; cards answer here.
        confirmParams: { return_url: `${window.location.origin}/checkout/complete` },
      });
      // Stripe's own message is not shown: its codes choose one of the site's sentences (see failure-text).
      if (result.error) return { ok: false, message: stripeFailureText(result.error) };
      return { ok: true, paymentIntentId: result.paymentIntent.id, status: result.paymentIntent.status };
    });
    return () => onConfirmReady(null);
  }, [stripe, elements, onConfirmReady]);
  return null;
}
