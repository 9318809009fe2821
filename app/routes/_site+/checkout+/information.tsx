import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { RouteDialog } from "~/components/ui/route-dialog";
import { buttonClass } from "~/components/ui/button";
import { findLatestStudentForm } from "~/models/orders/enrollment-form.server";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { choiceValue, EnrollmentFormSchema, ENROLLMENT_MESSAGES } from "~/schemas/enrollment-form";
import { redirectWithToast } from "~/utils/toast.server";
import { checkoutPath } from "~/utils/checkout-path";
import { loadCheckout } from "./__checkout.server";
import { EnrollmentForm } from "../__enrollment-form";
import { submitEnrollmentForm } from "../__enrollment-form.server";
import { readFormData } from "~/utils/form-data.server";
import { issuesTaxInvoices } from "~/models/site/site-settings.server";
import { billingDefaults } from "./__checkout-billing.server";
import { retryAfterFromAction } from "~/services/throttle/wait";

// Checkout step 1: the enrollment information dialog, over
// the checkout page. Saving it keeps the form's id with the order and moves on
// to payment with 'Information Saved!' / 'Proceeding to payment...'.

export const headers = retryAfterFromAction;

export async function loader({ request }: LoaderFunctionArgs) {
  const checkout = await loadCheckout(request);
  if (checkout.status !== "open") return null;
  const { user, quote } = checkout;
  const { item } = quote;
  const previous = findLatestStudentForm(user.id);
  const choice = choiceValue(item.type, item.id);
  const studentName = previous?.name ?? [user.firstName, user.lastName].filter(Boolean).join(" ");
  const withBilling = issuesTaxInvoices();
  return {
    withBilling,
    item,
    backTo: item.type === "course" ? `/courses/${item.id}` : `/events/${item.id}/register`,
    coupon: quote.coupon?.code ?? null,
    choices: [{ label: item.type === "course" ? "Courses" : "Events", options: [{ value: choice, label: item.title }] }],
    defaultValue: {
      name: studentName,
      email: previous?.email ?? user.email,
      whatsappNumber: previous?.whatsappNumber,
      age: previous?.age?.toString(),
      country: previous?.country ?? undefined,
      state: previous?.state,
      city: previous?.city,
      experienceLevel: previous?.experienceLevel,
      sourceOfLead: previous?.sourceOfLead,
      broker: previous?.broker ?? undefined,
      trainingPreference: previous?.trainingPreference ?? undefined,
      courseOrEvent: choice,
      billing: withBilling ? billingDefaults(user.id, studentName) : undefined,
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const checkout = await loadCheckout(request);
  if (checkout.status !== "open") return redirect(`/checkout${new URL(request.url).search}`);
  const { user, quote } = checkout;
  const { item } = quote;
  const formData = await readFormData(request);
  // This dialog saves information for this course or event only; anything else is refused before it is stored.
  if (formData.get("courseOrEvent") !== choiceValue(item.type, item.id)) {
    const submission = parseWithZod(formData, { schema: EnrollmentFormSchema });
    return data({ result: submission.reply({ fieldErrors: { courseOrEvent: [ENROLLMENT_MESSAGES.courseOrEventId] } }) }, { status: 400 });
  }
  const client = context.clientAddress ?? "unknown";
  const outcome = await submitEnrollmentForm(formData, user.id, { client, billing: issuesTaxInvoices(), atCheckout: true });
  if (!outcome.saved) return data({ result: outcome.result }, { status: outcome.status, headers: outcome.headers });
  return redirectWithToast(checkoutPath({ item, form: outcome.id, coupon: quote.coupon?.code }), {
    title: CHECKOUT_MESSAGES.informationSavedTitle,
    description: CHECKOUT_MESSAGES.informationSavedText,
  });
}

export default function CheckoutInformationDialog() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  if (!loaderData) return null;
  const { item, backTo, choices, defaultValue, withBilling } = loaderData;

  return (
    <RouteDialog
      labelledBy="checkout-information-title"
      describedBy="checkout-information-summary"
      onClose={() => navigate(backTo)}
      className="max-w-3xl"
    >
      <h2 id="checkout-information-title" className="text-2xl font-bold text-navy-900">
        Enrollment Information
      </h2>
      <p id="checkout-information-summary" className="mt-2 text-slate-700">
        Before you pay for <span className="font-semibold text-navy-900">{item.title}</span>, tell us a little about yourself so{" "}
        {item.type === "course" ? "your mentor" : "the event's host"} can reach you on WhatsApp.
      </p>
      <div className="mt-6">
        <EnrollmentForm
          id="checkout-information"
          lastResult={actionData?.result}
          choices={choices}
          defaultValue={defaultValue}
          withBilling={withBilling}
          consentKind="orderBilling"
          submitLabel="Continue to Payment"
        />
      </div>
      <Link to={backTo} className={buttonClass("outline", "mt-3 w-full sm:w-auto")}>
        Cancel
      </Link>
    </RouteDialog>
  );
}
