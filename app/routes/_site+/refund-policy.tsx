import { CANCELLED_BY_INSTITUTE_REFUND } from "~/content/legal-defaults";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readSettings } from "~/models/site/site-settings.server";
import { lastUpdatedLabel, legalPageHtml } from "~/services/legal-pages.server";
import { pageMeta } from "~/utils/seo";
import { LegalPage } from "./__legal-page";

// The refund policy, as an admin wrote it under Settings → Legal pages.
export async function loader() {
  return { html: legalPageHtml(readSettings("legal").refundPolicy), updated: lastUpdatedLabel(["legal"]) };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, { title: "Refund Policy", description: "When course fees are refunded, and how to ask.", path: "/refund-policy" });

export default function RefundPolicyPage() {
  const { html, updated } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Refund Policy" updated={updated} html={html}>
      <section aria-labelledby="cancelled-by-us" className="mt-8 leading-relaxed text-slate-800">
        <h2 id="cancelled-by-us" className="text-2xl font-bold text-navy-900">
          When we cancel
        </h2>
        <p className="mt-3">{CANCELLED_BY_INSTITUTE_REFUND}</p>
      </section>
    </LegalPage>
  );
}
