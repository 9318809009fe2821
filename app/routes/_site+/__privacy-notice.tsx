import { Link } from "@remix-run/react";
import { DATA_RECIPIENTS, type DataRecipientId } from "~/content/data-recipients";
import { useInstitute } from "~/utils/use-institute";

// The privacy notice the DPDP Act and Rules ask for: what we hold, why, how to
// withdraw consent, how to use the rights and how to complain to the Board.

const DATA_AND_PURPOSES: { data: string; purpose: string }[] = [
  {
    data: "Your account: name, email address, mobile number, how you sign in (a password we keep only as a hash, or a linked sign-in provider)",
    purpose: "to let you sign in, and to write to you about your courses and events",
  },
  {
    data: "Your orders and enrollment forms: course, amount, coupon, payment status and references, WhatsApp number, state and city",
    purpose: "to sell and deliver a course, send your receipts and keep the tax records the law requires",
  },
  { data: "Your event registrations: name, email address and phone number", purpose: "to hold your seat and remind you before the event" },
  {
    data: "Your classroom record: lessons completed, quiz answers and certificates",
    purpose: "to show your progress and certify that you completed a course",
  },
  {
    data: "Your consents and withdrawals (which purpose, when, on which form), and whether you accepted analytics cookies",
    purpose: "to show what you agreed to, and to load analytics only when you accepted them",
  },
  {
    data: "Your nominee, if you name one: their name, relation to you, and email address or phone number",
    purpose: "to let them use your rights over your data after your death or incapacity",
  },
  {
    data: "Messages you sent us and newsletter sign-ups",
    purpose: "to answer you, and to send the newsletter you asked for",
  },
  {
    data: "Mail we sent you, and a log of changes to your account",
    purpose: "to know what we told you and who changed what, for your security",
  },
];

/** Who answers a request or grievance: the grievance officer of the settings (Registration and grievances). */
export type GrievanceContact = { email: string; phone: string };

export function PrivacyNotice({ grievance, activeRecipients }: { grievance: GrievanceContact; activeRecipients: DataRecipientId[] }) {
  const institute = useInstitute();
  return (
    <div className="grid gap-4 text-slate-800">
      <p>
        {institute.name} holds the following about you, each for the purpose beside it, under India&apos;s Digital Personal Data Protection
        Act, 2023.
      </p>
      <ul className="grid list-disc gap-2 pl-5">
        {DATA_AND_PURPOSES.map((item) => (
          <li key={item.data}>
            <strong className="font-semibold">{item.data}</strong>: {item.purpose}.
          </li>
        ))}
      </ul>
      <DataRecipients active={activeRecipients} />
      <h3 className="text-lg font-semibold text-navy-900">Withdrawing consent</h3>
      <p>
        You can withdraw your consent as easily as you gave it: each purpose has a Withdraw button under &quot;Your consents&quot; on{" "}
        <Link to="/account/privacy" className="font-medium text-teal-700 underline">
          your privacy page
        </Link>
        , one click each; analytics can also be turned off with{" "}
        <Link to="/privacy#cookie-settings" className="font-medium text-teal-700 underline">
          Cookie settings
        </Link>
        ; deleting your account withdraws them all.
      </p>
      <h3 className="text-lg font-semibold text-navy-900">Your rights</h3>
      <p>
        You may see what we hold (download it on your privacy page), have it corrected (on your account page, or by writing to us), have it
        erased (delete your account on your privacy page) and name a nominee to act for you after your death or incapacity (also on your
        privacy page). For any of these, or a grievance, write to{" "}
        <a href={`mailto:${grievance.email}`} className="font-medium text-teal-700 underline">
          {grievance.email}
        </a>{" "}
        or call {grievance.phone}; we answer within 90 days.
      </p>
      <h3 className="text-lg font-semibold text-navy-900">Complaints</h3>
      <p>
        If our answer does not settle your grievance, you may complain to the Data Protection Board of India through its online complaint
        platform.
      </p>
    </div>
  );
}

/** Each outside service that may receive data, what it receives, and whether this site uses it now. */
function DataRecipients({ active }: { active: DataRecipientId[] }) {
  return (
    <>
      <h3 className="text-lg font-semibold text-navy-900">Who else receives your data</h3>
      <p>We share data only with these services, each only what it needs for its task:</p>
      <ul className="grid list-disc gap-2 pl-5">
        {DATA_RECIPIENTS.map((recipient) => (
          <li key={recipient.id}>
            <strong className="font-semibold">{recipient.name}</strong> ({recipient.role}) receives {recipient.receives}.{" "}
            <em>{active.includes(recipient.id) ? "In use on this site." : "Not in use on this site now."}</em>
          </li>
        ))}
      </ul>
    </>
  );
}
