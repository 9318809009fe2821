import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { readSettings, saveSettings } from "~/models/site/site-settings.server";
import { SETTINGS_SCHEMAS, SETTINGS_TITLES, type SettingsSection } from "~/schemas/site-settings";
import { SETTINGS_MESSAGES } from "~/content/messages/admin";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { itemIntentOf } from "~/utils/form-intent.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { LegalSettingsForm, RegulatorySettingsForm } from "./__settings-legal-forms";
import {
  AnnualReturnSettingsForm,
  FigureSettingsForm,
  InvoicingSettingsForm,
  NotificationSettingsForm,
  RetentionSettingsForm,
  type SettingsFormDefaults,
} from "./__settings-forms";
import { InvoiceRegisterForm } from "./__invoice-register-form";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { countMailContentsDue, findRetentionDue } from "~/models/privacy/retention.server";
import { VideoSettingsForm } from "./__settings-video-form";
import { InstituteSettingsForm } from "./__settings-institute-form";
import { CertificateSettingsForm } from "./__settings-certificate-form";

// The Settings tab: what the institute says about itself and how the site
// behaves for it, a card per section. Admins only: it names who sells on tax
// invoices, where the team's mail goes, and what the site says before the law.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Settings", description: "Admin panel: site settings.", path: "/admin/settings", noindex: true });

/** The legal pages' Markdown can be long: the blog editor's limits, for a signed-in admin only. */
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

// The Certificates card posts its signature image to a route of its own (_panel.settings_.certificate.tsx).
const SECTIONS = (Object.keys(SETTINGS_SCHEMAS) as SettingsSection[]).filter((section) => section !== "certificate");

/** A stored section as its form's inputs hold it: text, "on" for true, nothing for false or empty. */
function asFormDefaults(values: Record<string, unknown>): SettingsFormDefaults {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value === true ? "on" : value === false || value == null ? undefined : String(value),
    ]),
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "settings");
  return {
    institute: asFormDefaults(readSettings("institute")),
    notifications: asFormDefaults(readSettings("notifications")),
    invoicing: asFormDefaults(readSettings("invoicing")),
    annualReturns: readSettings("annualReturns").returns,
    figures: readSettings("figures"),
    registerMonth: formatIsoDateInIndia(new Date()).slice(0, 7),
    regulatory: asFormDefaults(readSettings("regulatory")),
    legal: asFormDefaults(readSettings("legal")),
    retention: asFormDefaults(readSettings("retention")),
    retentionPreview: retentionPreview(),
    videos: asFormDefaults(readSettings("videos")),
    certificate: readSettings("certificate"),
  };
}

function retentionPreview() {
  const due = findRetentionDue();
  return {
    leads: due.leads,
    messages: due.messages,
    oldestLabel: due.oldest ? formatShortDate(due.oldest) : null,
    mailContents: countMailContentsDue(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "settings");
  const formData = await readFormData(request);
  const section = itemIntentOf(formData, SECTIONS);
  const submission = parseWithZod(formData, { schema: SETTINGS_SCHEMAS[section] });
  if (submission.status !== "success") return data({ section, result: submission.reply() }, { status: 400 });
  saveSettings(section, submission.value, admin);
  return redirectWithToast("/admin/settings", {
    title: SETTINGS_MESSAGES.saved,
    description: SETTINGS_MESSAGES.savedText(SETTINGS_TITLES[section]),
  });
}

export default function AdminSettings() {
  const defaults = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (section: SettingsSection) => (actionData?.section === section ? actionData.result : undefined);
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Settings" action={{ to: "/admin/breach", label: "Breach notice" }} />
      <InstituteSettingsForm defaultValue={defaults.institute} lastResult={resultFor("institute")} />
      <NotificationSettingsForm defaultValue={defaults.notifications} lastResult={resultFor("notifications")} />
      <InvoicingSettingsForm defaultValue={defaults.invoicing} lastResult={resultFor("invoicing")} />
      <AnnualReturnSettingsForm returns={defaults.annualReturns} lastResult={resultFor("annualReturns")} />
      <FigureSettingsForm
        figures={defaults.figures.figures}
        minimumShown={defaults.figures.minimumShown}
        lastResult={resultFor("figures")}
      />
      <InvoiceRegisterForm month={defaults.registerMonth} />
      <RegulatorySettingsForm defaultValue={defaults.regulatory} lastResult={resultFor("regulatory")} />
      <LegalSettingsForm defaultValue={defaults.legal} lastResult={resultFor("legal")} />
      <RetentionSettingsForm defaultValue={defaults.retention} lastResult={resultFor("retention")} preview={defaults.retentionPreview} />
      <VideoSettingsForm defaultValue={defaults.videos} lastResult={resultFor("videos")} />
      <CertificateSettingsForm defaultValue={defaults.certificate} />
    </div>
  );
}
