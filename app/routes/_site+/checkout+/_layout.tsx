import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { REGISTRATION_MESSAGES } from "~/content/messages/events";
import { pageMeta } from "~/utils/seo";
import { loadCheckout, summaryOf } from "./__checkout.server";
import { OrderSummary } from "./__order-summary";
import { refundPolicySummary } from "~/services/legal-pages.server";
import { ADULT_FIRST_MESSAGE } from "~/schemas/consent";
import { readFormData } from "~/utils/form-data.server";
import { currentPath } from "~/services/accounts/sessions/student-session.server";
import { confirmAdultAccount } from "../__account-adult.server";
import { ConfirmAdultForm } from "../__account-adult";

// /checkout?courseId={id}, or
// ?eventId={id} for a paid event's seat: signed-in students only. The enrollment information dialog (/checkout/information)
// comes first; then the payment step (checkout._index.tsx) beside the order
// summary. Prices come from the server alone.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Checkout",
    description: "Complete your enrollment: your details, a coupon if you have one, and a secure card payment.",
    path: "/checkout",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const checkout = await loadCheckout(request);
  if (checkout.status === "invalid-item")
    return data({ status: checkout.status, itemType: checkout.item?.type ?? "course", summary: null }, { status: 404 });
  const page = { status: checkout.status, summary: summaryOf(checkout.quote), refundNote: refundPolicySummary() };
  // Nothing is sold to an account until its holder says they are 18 or older: the page asks, here.
  return data(page, { status: checkout.status === "adult-unconfirmed" ? 403 : 200 });
}

/** The "I am 18 or older" box the page shows an account that has not confirmed it; the steps' own forms post to them. */
export async function action({ request }: ActionFunctionArgs) {
  const checkout = await loadCheckout(request);
  const formData = await readFormData(request);
  if (checkout.status === "adult-unconfirmed" && formData.get("intent") === "confirm-adult") {
    return confirmAdultAccount(checkout.user.id, formData, currentPath(request));
  }
  return redirect(currentPath(request), 303);
}

export default function CheckoutLayout() {
  const loaded = useLoaderData<typeof loader>();
  const { status, summary } = loaded;

  if (!summary) return <NotForSale itemType={"itemType" in loaded ? loaded.itemType : "course"} />;

  if (status === "owned") {
    const isCourse = summary.item.type === "course";
    return (
      <CheckoutFrame title="Checkout">
        <div role="status" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-navy-900">
            {isCourse ? CHECKOUT_MESSAGES.alreadyEnrolled : REGISTRATION_MESSAGES.duplicate}
          </p>
          <p className="mt-1 text-slate-700">
            {isCourse
              ? `${summary.item.title} is already in your courses, so there is nothing to pay.`
              : `Your seat at ${summary.item.title} is booked, so there is nothing to pay.`}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={isCourse ? "/" : "/account/events"} className={buttonClass("primary")}>
              {isCourse ? "Go to Dashboard" : "My Events"}
            </Link>
            <Link to={isCourse ? summary.itemHref : "/events"} className={buttonClass("outline")}>
              {isCourse ? "View Course" : "Back to Events"}
            </Link>
          </div>
        </div>
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame title="Checkout">
      {/* What is being bought comes first on a phone; beside the payment on a wide screen. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside aria-label="Order summary" className="lg:order-2">
          <OrderSummary summary={summary} refundNote={"refundNote" in loaded ? loaded.refundNote : ""} />
        </aside>
        <div className="lg:order-1">
          {status === "adult-unconfirmed" ? (
            <section aria-labelledby="adult-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h2 id="adult-title" className="text-xl font-bold text-navy-900">
                Confirm your age
              </h2>
              <ConfirmAdultForm reason={ADULT_FIRST_MESSAGE} />
            </section>
          ) : (
            <Outlet />
          )}
        </div>
      </div>
    </CheckoutFrame>
  );
}

/** A checkout address naming no course or paid event on sale (unknown, withdrawn, begun, or free to register for). */
function NotForSale({ itemType }: { itemType: "course" | "event" }) {
  const isCourse = itemType === "course";
  return (
    <CheckoutFrame title={isCourse ? CHECKOUT_MESSAGES.invalidCourse : CHECKOUT_MESSAGES.invalidEvent}>
      <p className="text-slate-700">
        {isCourse
          ? "This course does not exist or is not open for enrollment any more."
          : "This event does not exist, has already begun, or is booked without payment from the events page."}
      </p>
      <Link to={isCourse ? "/courses" : "/events"} className={buttonClass("primary", "mt-6")}>
        {isCourse ? "Browse Courses" : "Browse Events"}
      </Link>
    </CheckoutFrame>
  );
}

function CheckoutFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex-1 bg-slate-100">
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
        <h1 className="mb-8 text-3xl font-bold text-navy-900 sm:text-4xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
