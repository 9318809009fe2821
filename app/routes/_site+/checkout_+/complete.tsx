import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { CHECKOUT_MESSAGES, purchasedToast } from "~/content/messages/checkout";
import { describePurchase } from "~/services/checkout/quote.server";
import { settlementRefusalAnswer } from "~/services/checkout/refusal-answers";
import type { Settlement } from "~/services/checkout/settle.server";
import { confirmPaymentReturn } from "~/services/payments/registry.server";
import { paidPath } from "~/utils/checkout-path";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { rethrowStorageFault } from "~/utils/storage-faults.server";

// Where Stripe sends the student back: from the hosted Checkout page
// (?session_id=) or after a Payment Element redirect (?payment_intent=). The
// payment is verified with Stripe here, so the student is enrolled at once
// even if the webhook is late; whichever comes second changes nothing.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Payment", description: "Confirming your payment.", path: "/checkout/complete", noindex: true });

const RETRY_SECONDS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const sessionId = search.get("session_id");
  const paymentIntentId = search.get("payment_intent");
  let settlement: Settlement | null;
  try {
    if (sessionId) settlement = await confirmPaymentReturn({ provider: "stripe", checkoutSessionId: sessionId }, user.id);
    else if (paymentIntentId) settlement = await confirmPaymentReturn({ provider: "stripe", paymentIntentId }, user.id);
    else settlement = { ok: false, reason: "not-found" };
  } catch (error) {
    console.error("Confirming a payment failed", error);
    rethrowStorageFault(error);
    settlement = null;
  }
  if (settlement?.ok) return redirectWithToast(paidPath(settlement.item, "/"), purchasedToast(describePurchase(settlement.item)));
  if (settlement?.reason === "not-paid") {
    return data({ state: "processing" as const }, { headers: { Refresh: String(RETRY_SECONDS), "Cache-Control": "no-store" } });
  }
  if (settlement === null) return data({ state: "failed" as const, message: CHECKOUT_MESSAGES.enrollFailedText }, { status: 502 });
  const refused = settlementRefusalAnswer(settlement.reason, settlement.item);
  const returned = settlement.reason === "coupon-refused" || settlement.reason === "seat-gone" || settlement.reason === "refunded";
  return data({ state: returned ? ("refunded" as const) : ("failed" as const), message: refused.notice[1] }, { status: refused.status });
}

export default function CheckoutComplete() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-1 justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        {loaded.state === "processing" ? (
          <div role="status">
            <h1 className="text-2xl font-bold text-navy-900">{CHECKOUT_MESSAGES.processingTitle}</h1>
            <p className="mt-3 text-slate-700">
              Stripe has not confirmed your payment yet. This page checks again every {RETRY_SECONDS} seconds; you can also come back later,
              and the course will be on your dashboard as soon as the payment clears.
            </p>
          </div>
        ) : (
          <div role="alert">
            <h1 className="text-2xl font-bold text-navy-900">{CHECKOUT_MESSAGES.enrollFailedTitle}</h1>
            <p className="mt-3 text-slate-700">{loaded.message}</p>
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClass("primary")}>
            Go to Dashboard
          </Link>
          <Link to="/contact" className={buttonClass("outline")}>
            Contact Us
          </Link>
        </div>
      </div>
    </div>
  );
}
