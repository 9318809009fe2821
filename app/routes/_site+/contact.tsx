import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { ConsentCheckbox } from "~/components/consent-checkbox";
import { FormNotice, TextareaField, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { CONTACT_FAQ, withRefundAnswer } from "~/content/faq";
import { institutePhones } from "~/utils/institute";
import { useInstitute, useInstituteAddress, useWhatsappLink } from "~/utils/use-institute";
import { sendContactMessage } from "~/models/content/contact-message.server";
import { consentSubjectOf } from "~/services/privacy/consent/consent-cookies.server";
import { ContactSchema, isMissingRequiredField } from "~/schemas/contact";
import { CONTACT_TEXT } from "~/content/messages/contact";
import { isSpam } from "~/utils/honeypot";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { FaqList } from "~/components/faq-list";
import { refundPolicySummary } from "~/services/legal-pages.server";
import { failedWrite } from "~/utils/storage-faults.server";
import { readFormData } from "~/utils/form-data.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Us",
    description: "Questions about a course, a mentor or an event? Email, call or chat with us on WhatsApp, or send us a message.",
    path: "/contact",
  });

export const headers = retryAfterFromAction;

const SENT_TOAST = { title: CONTACT_TEXT.sentTitle, description: CONTACT_TEXT.sentText };

/** The refund answer is the policy an admin saved (Settings → Legal pages), so it agrees with /refund-policy. */
export async function loader() {
  return { faq: withRefundAnswer(CONTACT_FAQ, refundPolicySummary()) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  // A bot that filled the hidden field is told all went well, and nothing is stored.
  if (isSpam(formData)) return redirectWithToast("/contact", SENT_TOAST);

  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const claim = await claimFormPost("contact", context.clientAddress ?? "unknown", submission.value.email);
  if (!claim.ok) {
    const result = submission.reply({ formErrors: [CONTACT_TEXT.throttledTitle, claim.message] });
    return data({ result }, { status: claim.status, headers: retryAfterHeaders(claim) });
  }
  try {
    sendContactMessage(submission.value, await consentSubjectOf(request), {
      acknowledge: claim.acknowledge,
    });
  } catch (error) {
    console.error("Storing a contact message failed", error);
    const failure = failedWrite(error, CONTACT_TEXT.failedText);
    return data({ result: submission.reply({ formErrors: [CONTACT_TEXT.failedTitle, failure.message] }) }, { status: failure.status });
  }
  // The redirect empties the form; the toast rides on a cookie, so it shows without JavaScript too.
  return redirectWithToast("/contact", SENT_TOAST);
}

export default function ContactPage() {
  const { faq } = useLoaderData<typeof loader>();
  const institute = useInstitute();
  const address = useInstituteAddress();
  const whatsapp = useWhatsappLink("general");
  return (
    <>
      <section className="bg-navy-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <h1 className="text-4xl font-bold sm:text-5xl">Get in Touch</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            Have a question about our courses, mentorship or events? Reach us the way that suits you, and we will get back to you within 24
            hours.
          </p>
        </div>
      </section>

      <section aria-labelledby="contact-ways" className="mx-auto w-full max-w-7xl px-4 py-12">
        <h2 id="contact-ways" className="sr-only">
          Ways to reach us
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <ContactCard title="Email Us" icon={<MailIcon />}>
            <a
              href={`mailto:${institute.email}`}
              className="inline-flex min-h-11 items-center break-all text-teal-700 underline-offset-4 hover:underline"
            >
              {institute.email}
            </a>
          </ContactCard>
          <ContactCard title="Call Us" icon={<PhoneIcon />}>
            <ul>
              {institutePhones(institute).map((phone) => (
                <li key={phone}>
                  <a
                    href={`tel:${phone.replace(/\s/g, "")}`}
                    className="inline-flex min-h-11 items-center text-teal-700 underline-offset-4 hover:underline"
                  >
                    {phone}
                  </a>
                </li>
              ))}
            </ul>
          </ContactCard>
          <ContactCard title="WhatsApp" icon={<ChatIcon />}>
            <p>Chat with our team for a quick answer.</p>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "mt-3")}>
              Chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </ContactCard>
          <ContactCard title="Business Hours" icon={<ClockIcon />}>
            <p>{institute.hours}</p>
          </ContactCard>
        </ul>
        <div className="mt-6 text-center text-slate-700">
          <span className="font-semibold text-navy-900">Visit us: </span>
          <address className="inline not-italic">{address.join(", ")}</address>
        </div>
      </section>

      <section aria-labelledby="message-heading" className="bg-white py-12">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="message-heading" className="text-3xl font-bold text-navy-900">
            Send Us a Message
          </h2>
          <p className="mt-2 text-slate-600">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <ContactForm />
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl px-4 py-12">
        <h2 id="faq-heading" className="text-3xl font-bold text-navy-900">
          Frequently Asked Questions
        </h2>
        <FaqList items={faq} />
      </section>
    </>
  );
}

function ContactForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/contact";
  const [form, fields] = useSchemaForm(ContactSchema, {
    id: "contact",
    lastResult: actionData?.result,
  });

  // The 'Please fill in all required fields' notice answers a submit attempt with required fields left empty (not a mere blur),
  // and stays until they are all filled in.
  const [attempted, setAttempted] = useState(() => form.status === "error");
  if (form.status === "error" && !attempted) setAttempted(true);
  const missingRequired = attempted && isMissingRequiredField(form.allErrors);
  const [failedTitle, failedText] = form.errors ?? [];
  const sendFailed = failedTitle === CONTACT_TEXT.failedTitle || failedTitle === CONTACT_TEXT.throttledTitle;

  // A successful send redirects back here without action data: empty the form for the next message.
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) {
      wasSending.current = true;
      return;
    }
    if (!wasSending.current) return;
    wasSending.current = false;
    if (!actionData) {
      form.reset();
      // eslint-disable-next-line react-hooks/set-state-in-effect -- once, when a send has completed, beside the form's own reset
      setAttempted(false);
    }
  }, [sending, actionData, form]);

  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-x-6 gap-y-1 sm:grid-cols-2">
      {missingRequired || sendFailed ? (
        <div id={form.errorId} className="mb-4 sm:col-span-2">
          {sendFailed ? (
            <FormNotice title={failedTitle}>{failedText ?? CONTACT_TEXT.failedText}</FormNotice>
          ) : (
            <FormNotice title={CONTACT_TEXT.missingTitle}>{CONTACT_TEXT.missingText}</FormNotice>
          )}
        </div>
      ) : null}
      <HoneypotField />
      <TextField field={fields.name} label="Name" autoComplete="name" required />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
      <TextField field={fields.phone} label="Phone (optional)" type="tel" autoComplete="tel" />
      <TextField field={fields.subject} label="Subject" required />
      <TextareaField field={fields.message} label="Message" rows={6} required wide />
      <ConsentCheckbox field={fields.consent} kind="contact" />
      <div className="sm:col-span-2">
        <button type="submit" disabled={sending} className={buttonClass("primary", "w-full sm:w-auto")}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </div>
    </Form>
  );
}

function ContactCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-navy-900 text-gold-400">{icon}</span>
      <h3 className="text-lg font-bold text-navy-900">{title}</h3>
      <div className="mt-2 text-slate-700">{children}</div>
    </li>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Icon>
);
const PhoneIcon = () => (
  <Icon>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </Icon>
);
const ChatIcon = () => (
  <Icon>
    <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.2A8.4 8.4 0 0 1 3.5 11.5 8.5 8.5 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z" />
  </Icon>
);
const ClockIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
