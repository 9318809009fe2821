import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readSettings } from "~/models/site/site-settings.server";
import { lastUpdatedLabel, legalPageHtml } from "~/services/legal-pages.server";
import { pageMeta } from "~/utils/seo";
import { LegalPage } from "./__legal-page";

// The terms of service, as an admin wrote them under Settings → Legal pages.
export async function loader() {
  return { html: legalPageHtml(readSettings("legal").terms), updated: lastUpdatedLabel(["legal"]) };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    description: "The terms that apply when you use this site or enrol in a course.",
    path: "/terms",
  });

export default function TermsPage() {
  const { html, updated } = useLoaderData<typeof loader>();
  return <LegalPage title="Terms of Service" updated={updated} html={html} />;
}
