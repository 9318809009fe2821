import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readSettings } from "~/models/site/site-settings.server";
import { isSebiRegistered } from "~/schemas/legal-settings";
import { currentRegistrationStatement, grievanceContact, lastUpdatedLabel } from "~/services/legal-pages.server";
import { pageMeta } from "~/utils/seo";
import { LegalPage } from "./__legal-page";

// Who answers a grievance and by when: acknowledged within 48 hours and redressed
// within one month (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)),
// which also meets the DPDP Rules 2025's 90 days for personal data; and
// where to go next: the Data Protection Board of India for personal data, and
// SEBI's SCORES only when SEBI registered the institute (it has no say over an
// unregistered educator's service). Written from the regulatory settings.

/** SEBI's complaints system, for complaints against those it registered. */
const SCORES_URL = "https://scores.sebi.gov.in";

export async function loader() {
  const regulatory = readSettings("regulatory");
  return {
    officer: grievanceContact(),
    registration: currentRegistrationStatement(regulatory),
    sebiRegistered: isSebiRegistered(regulatory),
    updated: lastUpdatedLabel(["regulatory"]),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, { title: "Grievances", description: "Who answers a complaint, by when, and where to go next.", path: "/grievances" });

const LINK_CLASS = "font-medium text-teal-700 underline";

export default function GrievancesPage() {
  const { officer, registration, sebiRegistered, updated } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="Grievances" updated={updated}>
      <div className="mt-8 grid gap-6 leading-relaxed text-slate-800">
        <section aria-labelledby="officer-heading">
          <h2 id="officer-heading" className="text-2xl font-bold text-navy-900">
            Grievance officer
          </h2>
          <p className="mt-3">Write or call our grievance officer about anything we did: a course, a payment, or your personal data.</p>
          <dl className="mt-3 grid gap-1 sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold">Name</dt>
            <dd>{officer.name}</dd>
            <dt className="font-semibold">Designation</dt>
            <dd>{officer.designation}</dd>
            <dt className="font-semibold">Email</dt>
            <dd>
              <a href={`mailto:${officer.email}`} className={LINK_CLASS}>
                {officer.email}
              </a>
            </dd>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a href={`tel:${officer.phone.replace(/[^\d+]/g, "")}`} className={LINK_CLASS}>
                {officer.phone}
              </a>
            </dd>
          </dl>
          <p className="mt-3">
            We acknowledge a grievance within 48 hours of receiving it and redress it within one month. Tell us your name, how to reach you,
            and, for a payment, the order number.
          </p>
        </section>
        <section aria-labelledby="board-heading">
          <h2 id="board-heading" className="text-2xl font-bold text-navy-900">
            Personal data: the Data Protection Board of India
          </h2>
          <p className="mt-3">
            If our answer about your personal data does not settle your grievance, or we do not answer within 90 days, you may complain to
            the Data Protection Board of India under the Digital Personal Data Protection Act, 2023. The Board takes complaints online,
            through its digital office. Our{" "}
            <Link to="/privacy" className={LINK_CLASS}>
              privacy policy
            </Link>{" "}
            says what we hold and how to use your rights.
          </p>
        </section>
        <section aria-labelledby="sebi-heading">
          <h2 id="sebi-heading" className="text-2xl font-bold text-navy-900">
            SEBI
          </h2>
          <p className="mt-3">{registration}</p>
          {sebiRegistered ? (
            <p className="mt-3">
              If our answer does not settle a complaint about our registered service, you may lodge it with SEBI through SCORES at{" "}
              <a href={SCORES_URL} className={LINK_CLASS} rel="noopener noreferrer">
                scores.sebi.gov.in
              </a>
              , and then use SEBI&apos;s online dispute resolution.
            </p>
          ) : (
            <p className="mt-3">
              SEBI&apos;s SCORES takes complaints about the people and firms SEBI registered; a complaint about our courses comes to our
              grievance officer above.
            </p>
          )}
        </section>
      </div>
    </LegalPage>
  );
}
