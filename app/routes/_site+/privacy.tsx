import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AnalyticsChoiceForm } from "~/components/analytics-consent";
import { ANALYTICS_TEXT } from "~/content/analytics-consent";
import { analyticsConsentIn } from "~/utils/analytics-consent";
import { readSettings } from "~/models/site/site-settings.server";
import { grievanceContact, lastUpdatedLabel, legalPageHtml } from "~/services/legal-pages.server";
import { pageMeta } from "~/utils/seo";
import { activeDataRecipients } from "~/services/privacy/data-recipients.server";
import { LegalPage } from "./__legal-page";
import { PrivacyNotice } from "./__privacy-notice";

// The privacy policy: the admin's introduction, then the same DPDP notice a
// student reads on their privacy page (one home for that text, decision 0027).
export async function loader({ request }: LoaderFunctionArgs) {
  const { privacyIntro } = readSettings("legal");
  return {
    analyticsChoice: analyticsConsentIn(request.headers.get("Cookie")),
    html: privacyIntro ? legalPageHtml(privacyIntro) : undefined,
    grievance: grievanceContact(),
    activeRecipients: activeDataRecipients(),
    updated: lastUpdatedLabel(["legal", "regulatory"]),
  };
}

const CHOICE_NOW = {
  granted: "You accepted analytics cookies on this browser. Decline to turn them off.",
  withdrawn: "You declined analytics cookies on this browser: none are loaded.",
  undecided: "You have not chosen yet: no analytics cookies are loaded until you accept.",
} as const;

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "What personal data we hold, why, and how to use your rights under the DPDP Act.",
    path: "/privacy",
  });

export default function PrivacyPage() {
  const { html, grievance, updated, analyticsChoice, activeRecipients } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Privacy Policy" updated={updated} html={html}>
      <section aria-labelledby="privacy-notice-heading" className="mt-8">
        <h2 id="privacy-notice-heading" className="mb-4 text-2xl font-bold text-navy-900">
          Privacy notice
        </h2>
        <PrivacyNotice grievance={grievance} activeRecipients={activeRecipients} />
        <p className="mt-4 text-slate-800">
          Signed-in students can download their data or delete their account on{" "}
          <Link to="/account/privacy" className="font-medium text-teal-700 underline">
            their privacy page
          </Link>
          . For a grievance, see{" "}
          <Link to="/grievances" className="font-medium text-teal-700 underline">
            Grievances
          </Link>
          .
        </p>
      </section>
      <section id="cookie-settings" aria-labelledby="cookie-settings-heading" className="mt-8 scroll-mt-24">
        <h2 id="cookie-settings-heading" className="mb-4 text-2xl font-bold text-navy-900">
          Cookie settings
        </h2>
        <p className="mb-2 text-slate-800">{ANALYTICS_TEXT.purpose}</p>
        <p className="mb-4 text-slate-800">{CHOICE_NOW[analyticsChoice ?? "undecided"]}</p>
        <AnalyticsChoiceForm source="cookie-settings" />
      </section>
    </LegalPage>
  );
}
