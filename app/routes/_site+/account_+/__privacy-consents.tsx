import { Form, Link, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

// The student's standing consents on /account/privacy, each with a Withdraw
// button: one click, as giving it took one tick. A plain form post, so it works
// without JavaScript; with it, the same post goes through Remix's navigation.

const PURPOSES: Record<string, { label: string; stops: string }> = {
  analytics: {
    label: "Analytics cookies (Google Analytics)",
    stops: "Withdrawing stops analytics on this browser at once.",
  },
  newsletter: {
    label: "The newsletter",
    stops: "Withdrawing takes your address off the list at once.",
  },
  "enrolment-callback": {
    label: "Calling you back about a course (enrollment forms)",
    stops: "Withdrawing deletes your call-back requests; we will not call about them.",
  },
  "event-registration": {
    label: "Holding your seats at events and reminding you",
    stops: "Withdrawing gives up your seats at free events still to come. Paid seats stay yours (see the refund policy).",
  },
  "contact-reply": {
    label: "Answering the messages you sent us",
    stops: "Withdrawing deletes your messages to us; we will not answer them.",
  },
  "order-billing": {
    label: "Using your billing details for invoices and receipts",
    stops:
      "Withdrawing means they are used for nothing else; the tax records of past orders stay for as long as the GST law (CGST Act, section 36) requires.",
  },
};

export type ConsentItem = { purpose: string; givenOn: string | null };

export function ConsentList({ consents }: { consents: ConsentItem[] }) {
  const navigation = useNavigation();
  const withdrawing = navigation.state === "submitting" ? navigation.formData?.get("purpose") : null;
  return (
    <div className="grid gap-4 text-slate-800">
      <p>Each purpose you agreed to, and a button to withdraw it. Withdrawing is recorded and that use stops.</p>
      <ul className="grid gap-4">
        {consents.map((consent) => {
          const purpose = PURPOSES[consent.purpose];
          if (!purpose) return null;
          return (
            <li key={consent.purpose} className="grid gap-2 rounded-md border border-slate-200 p-4">
              <strong className="font-semibold text-navy-900">{purpose.label}</strong>
              <span>
                {consent.givenOn ? `Given on ${consent.givenOn}. ` : ""}
                {purpose.stops}
              </span>
              <Form method="post" action="/account/privacy">
                <input type="hidden" name="intent" value="withdraw" />
                <input type="hidden" name="purpose" value={consent.purpose} />
                <button
                  type="submit"
                  disabled={withdrawing === consent.purpose}
                  className={buttonClass("outline")}
                  aria-label={`Withdraw: ${purpose.label}`}
                >
                  {withdrawing === consent.purpose ? "Withdrawing..." : "Withdraw"}
                </button>
              </Form>
            </li>
          );
        })}
        <li className="grid gap-2 rounded-md border border-slate-200 p-4">
          <strong className="font-semibold text-navy-900">Your account</strong>
          <span>Your account exists only with your consent: withdrawing it means deleting the account.</span>
          <Link to="?confirm=delete" className={buttonClass("outline", "justify-self-start")}>
            Withdraw by deleting my account
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** The toast's words after a withdrawal. */
export const withdrawnTitle = (purpose: string) => `Consent withdrawn: ${PURPOSES[purpose]?.label ?? purpose}`;
