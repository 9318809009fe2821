import type { LoaderFunctionArgs } from "@remix-run/node";
import { findStudentCertificate } from "~/models/certificate.server";
import { certificateFilename, certificatePdf } from "~/services/pdf/certificate.server";
import { certificateCheckPath } from "~/utils/certificate-links";
import { notFoundText, personalDownload } from "~/utils/file-response.server";
import { publicOrigin } from "~/utils/env.server";
import { requireUser } from "~/utils/student-session.server";
import { parseId } from "~/utils/validation";

// GET /learn/:courseId/certificate: the signed-in student's own certificate
// for the course, as a PDF download. A visitor is sent to sign in; a student
// without a certificate for the course (or asking for another's) gets 404,
// because only the owner's id is ever looked up.
// (A file at the top of routes/: inside the classroom's `_learn+` folder the
// same name would map to /:courseId/certificate.)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const courseId = parseId(params.courseId);
  const certificate = courseId === null ? null : findStudentCertificate(student.id, courseId);
  if (!certificate) return notFoundText();
  const pdf = await certificatePdf(certificate, `${publicOrigin()}${certificateCheckPath(certificate.number)}`);
  return personalDownload(pdf, "application/pdf", certificateFilename(certificate.number));
}
