import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readSettings } from "~/models/site/site-settings.server";
import { disclaimerHtml } from "~/utils/disclaimer.server";
import { lastUpdatedLabel, legalPageHtml } from "~/services/legal-pages.server";
import { pageMeta } from "~/utils/seo";
import { LegalPage } from "./__legal-page";

// The disclaimer every page shows in short, in full, with the registration
// sentence made from the SEBI number and anything more the admin added.
export async function loader() {
  const { disclaimerExtra } = readSettings("legal");
  const html =
    disclaimerHtml(readSettings("regulatory"), readSettings("institute")) + (disclaimerExtra ? legalPageHtml(disclaimerExtra) : "");
  return { html, updated: lastUpdatedLabel(["regulatory", "legal"]) };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Disclaimer",
    description: "Education only, not investment advice: what our teaching is and is not.",
    path: "/disclaimer",
  });

export default function DisclaimerPage() {
  const { html, updated } = useLoaderData<typeof loader>();
  return <LegalPage title="Disclaimer" updated={updated} html={html} />;
}
