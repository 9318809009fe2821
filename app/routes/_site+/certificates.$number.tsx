import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SummaryRow } from "~/components/ui/summary-row";
import { findCertificate } from "~/models/classroom/certificate.server";
import { certificateCheckPath } from "~/utils/certificate-links";
import { formatIsoDateInIndia, formatLongDateInIndia } from "~/utils/dates";
import { instituteFrom, pageMeta } from "~/utils/seo";
import { useInstitute } from "~/utils/use-institute";

// /certificates/:number: anyone holding a certificate (an employer, a
// friend) can confirm it was issued. It shows the name, course and date only:
// nothing else about the student, and the number cannot be guessed. A revoked
// certificate (its course refunded, charged back or taken away) says so, and
// since when, before anything else; why is the student's business.

export function loader({ params }: LoaderFunctionArgs) {
  const certificate = findCertificate(params.number ?? "");
  if (!certificate) throw new Response("Not Found", { status: 404 });
  return {
    number: certificate.number,
    studentName: certificate.studentName,
    courseTitle: certificate.courseTitle,
    completedOn: formatLongDateInIndia(certificate.completedAt),
    completedOnIso: formatIsoDateInIndia(certificate.completedAt),
    revoked: certificate.revokedAt && {
      on: formatLongDateInIndia(certificate.revokedAt),
      onIso: formatIsoDateInIndia(certificate.revokedAt),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  pageMeta(matches, {
    title: data ? `Certificate ${data.number}` : "Certificate Not Found",
    description: `Check a certificate of completion issued by ${instituteFrom(matches).name}.`,
    path: certificateCheckPath(params.number ?? ""),
    noindex: true,
  });

export default function CertificateCheckPage() {
  const certificate = useLoaderData<typeof loader>();
  const institute = useInstitute();
  return (
    <div className="mx-auto w-full max-w-2xl flex-1 px-4 py-16">
      <p className="text-sm font-bold tracking-widest text-teal-700">CERTIFICATE CHECK</p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">Certificate {certificate.number}</h1>
      {certificate.revoked ? (
        <p role="status" className="mt-4 rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-900 ring-1 ring-red-200">
          Revoked on <time dateTime={certificate.revoked.onIso}>{certificate.revoked.on}</time>: {institute.name} no longer certifies this
          completion.
        </p>
      ) : null}
      <p className="mt-4 text-slate-700">
        {institute.name} issued this certificate of completion. The details below are the ones printed on it.
      </p>
      <dl className="mt-8 divide-y divide-slate-200 rounded-2xl bg-white px-6 py-2 shadow-sm ring-1 ring-slate-200">
        <SummaryRow label="Name" value={certificate.studentName} />
        <SummaryRow label="Course" value={certificate.courseTitle} />
        <SummaryRow label="Completed on" value={<time dateTime={certificate.completedOnIso}>{certificate.completedOn}</time>} />
        {certificate.revoked ? (
          <SummaryRow label="Revoked on" value={<time dateTime={certificate.revoked.onIso}>{certificate.revoked.on}</time>} />
        ) : null}
      </dl>
    </div>
  );
}

function CertificateNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-navy-900">Certificate Not Found</h1>
      <p className="text-slate-600">
        No certificate has this number. Check it against the number printed at the bottom of the certificate.
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <CertificateNotFound />;
  return <GeneralErrorBoundary />;
}
