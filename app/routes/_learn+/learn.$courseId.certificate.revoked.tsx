import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { CertificateRevocationReason } from "../../../db/enums";
import { buttonClass } from "~/components/ui/button";
import { findStudentCertificate } from "~/models/classroom/certificate.server";
import { certificateCheckPath, certificateDownloadPath } from "~/utils/certificate-links";
import { formatIsoDateInIndia, formatLongDateInIndia } from "~/utils/dates";
import { instituteFrom } from "~/utils/seo";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { parseId } from "~/utils/validation";

// GET /learn/:courseId/certificate/revoked: where the certificate download
// sends its owner once the certificate is revoked. It says when and why (the
// owner's own business; the public check page says only when), and that the
// PDF is no longer handed out. Anyone else finds nothing here (404); while the
// certificate stands, the page sends its owner to the download.

const BECAUSE: Record<CertificateRevocationReason, string> = {
  refund: "the payment for the course was refunded",
  chargeback: "your bank took the payment for the course back after a dispute",
  access_revoked: "the course was taken away from your account",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const courseId = parseId(params.courseId);
  const certificate = courseId === null ? null : findStudentCertificate(student.id, courseId);
  if (courseId === null || !certificate) throw new Response("Not Found", { status: 404 });
  if (!certificate.revokedAt) throw redirect(certificateDownloadPath(courseId));
  return {
    courseId,
    number: certificate.number,
    courseTitle: certificate.courseTitle,
    revokedOn: formatLongDateInIndia(certificate.revokedAt),
    revokedOnIso: formatIsoDateInIndia(certificate.revokedAt),
    because: certificate.revokedReason ? BECAUSE[certificate.revokedReason] : null,
    checkPath: certificateCheckPath(certificate.number),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  { title: `Certificate revoked | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function CertificateRevoked() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-widest text-teal-800">Classroom</p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">Your certificate was revoked</h1>
      <p className="mt-4 text-slate-700">
        {`Certificate ${data.number} for ${data.courseTitle} was revoked on `}
        <time dateTime={data.revokedOnIso}>{data.revokedOn}</time>
        {`${data.because ? `, because ${data.because}` : ""}. It can no longer be downloaded, and its public check page says it was revoked.`}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={data.checkPath} className={buttonClass("outline")}>
          See the public check page
        </Link>
        <Link to={`/courses/${data.courseId}`} className={buttonClass("ghost")}>
          Course page
        </Link>
      </div>
    </div>
  );
}
