import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import { countBreachRecipients, queueBreachNotices } from "~/models/privacy/breach-notice.server";
import { BREACH_AUDIENCE_LABELS, BREACH_AUDIENCES, BreachNoticeSchema, type BreachAudience } from "~/schemas/breach-notice";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readFormData } from "~/utils/form-data.server";
import { grievanceContact } from "~/services/legal-pages.server";
import { countOf } from "~/utils/plural";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// /admin/breach: telling every student a personal data breach affects, through
// the outbox (DPDP Rules 2025 rule 7(1); docs/breach-runbook.md has the rest of
// the response). Admins only. Writing the notice, then a confirmation page that
// names how many will receive it, then sending: plain posts, no JavaScript needed.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Breach notice",
    description: "Admin panel: notify students of a data breach.",
    path: "/admin/breach",
    noindex: true,
  });

const FIELDS = [
  { name: "description", label: "What happened", hint: "The nature and extent of the breach, when and where it happened." },
  { name: "consequences", label: "What it may mean for them", hint: "The consequences likely for the students." },
  { name: "measures", label: "What we have done", hint: "What we did and are doing to contain it and reduce the harm." },
  { name: "advice", label: "What they can do", hint: "Steps they can take to protect themselves (change a password, watch for calls…)." },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "settings");
  return { grievance: grievanceContact() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "settings");
  const formData = await readFormData(request);
  const values = {
    audiences: formData.getAll("audiences").map(String),
    ...Object.fromEntries(FIELDS.map((field) => [field.name, String(formData.get(field.name) ?? "")])),
  } as Values;
  if (formData.get("intent") === "edit") return { step: "edit" as const, values, errors: [], recipients: 0 };
  const submission = parseWithZod(formData, { schema: BreachNoticeSchema });
  if (submission.status !== "success") {
    const errors = Object.entries(submission.error ?? {})
      .map(([, messages]) => messages?.[0])
      .filter((message): message is string => !!message);
    return data({ step: "edit" as const, values, errors, recipients: 0 }, { status: 400 });
  }
  const { intent, audiences, ...notice } = submission.value;
  if (intent === "preview") return { step: "confirm" as const, values, errors: [], recipients: countBreachRecipients(audiences) };
  const sent = queueBreachNotices(admin, audiences, { text: notice, contact: grievanceContact() }, notice.description.slice(0, 300));
  return redirectWithToast("/admin/breach", {
    title: `Breach notice queued for ${countOf(sent, "student")}`,
    description: "The outbox sends it; the audit log records it.",
  });
}

type Values = { audiences: string[]; description: string; consequences: string; measures: string; advice: string };

export default function BreachNoticePage() {
  const { grievance } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const values = answer?.values;
  if (answer?.step === "confirm" && values) {
    return (
      <div className="grid gap-6">
        <AdminPageHeader title="Send the breach notice?" />
        <p className="text-slate-800">
          This mails the notice below to <strong>{countOf(answer.recipients, "student")}</strong> (
          {values.audiences.map((audience) => BREACH_AUDIENCE_LABELS[audience as BreachAudience]).join("; ")}). It cannot be undone.
        </p>
        <dl className="grid gap-3 rounded-md border border-slate-200 bg-white p-4">
          {FIELDS.map((field) => (
            <div key={field.name}>
              <dt className="font-semibold">{field.label}</dt>
              <dd className="whitespace-pre-line">{values[field.name]}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" className="flex flex-wrap gap-3">
          {values.audiences.map((audience) => (
            <input key={audience} type="hidden" name="audiences" value={audience} />
          ))}
          {FIELDS.map((field) => (
            <input key={field.name} type="hidden" name={field.name} value={values[field.name]} />
          ))}
          <button type="submit" name="intent" value="send" disabled={submitting} className={buttonClass("primary")}>
            {`Yes, send to ${countOf(answer.recipients, "student")}`}
          </button>
          <button type="submit" name="intent" value="edit" formNoValidate className={buttonClass("outline")}>
            Back to the notice
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Breach notice" />
      <p className="text-slate-800">
        Tell every student a personal data breach affects, without delay, by mail. Follow the breach runbook for the Data Protection Board
        (at once, and a detailed report within 72 hours) and CERT-In (within 6 hours). Questions go to the grievance officer:{" "}
        {grievance.email}, {grievance.phone}.
      </p>
      {answer?.errors.length ? (
        <ul role="alert" className="list-disc pl-5 text-red-700">
          {answer.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="font-semibold">Who is affected</legend>
          {BREACH_AUDIENCES.map((audience) => (
            <label key={audience} className="flex items-center gap-2">
              <input type="checkbox" name="audiences" value={audience} defaultChecked={values?.audiences.includes(audience)} />
              {BREACH_AUDIENCE_LABELS[audience]}
            </label>
          ))}
        </fieldset>
        {FIELDS.map((field) => (
          <label key={field.name} className="grid gap-1">
            <span className="font-semibold">{field.label}</span>
            <span className="text-sm text-slate-600">{field.hint}</span>
            <textarea
              name={field.name}
              rows={4}
              required
              defaultValue={values?.[field.name]}
              className="rounded-md border border-slate-300 p-2"
            />
          </label>
        ))}
        <button type="submit" name="intent" value="preview" disabled={submitting} className={buttonClass("primary", "justify-self-start")}>
          Check who will receive it
        </button>
      </Form>
    </div>
  );
}
