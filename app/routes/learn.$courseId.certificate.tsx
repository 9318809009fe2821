import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { findStudentCertificate } from "~/models/classroom/certificate.server";
import { certificateFilename, certificatePdf } from "~/services/pdf/certificate.server";
import { pdfDownload, storedPdf } from "~/services/pdf/stored-pdf.server";
import { certificateCheckPath, certificateRevokedPath } from "~/utils/certificate-links";
import { notFoundText } from "~/utils/file-response.server";
import { publicOrigin } from "~/utils/env.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { parseId } from "~/utils/validation";

// GET /learn/:courseId/certificate: the signed-in student's own certificate
// for the course, as a PDF download (rendered once, then the stored file). A
// visitor is sent to sign in; a student without a certificate for the course
// (or asking for another's) gets 404, because only the owner's id is ever
// looked up; a revoked certificate is no longer handed out, and its owner is
// sent to the classroom's page that says so.
// (A file at the top of routes/: inside the classroom's `_learn+` folder the
// same name would map to /:courseId/certificate.)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const courseId = parseId(params.courseId);
  const certificate = courseId === null ? null : findStudentCertificate(student.id, courseId);
  if (courseId === null || !certificate) return notFoundText();
  if (certificate.revokedAt) return redirect(certificateRevokedPath(courseId));
  const checkUrl = `${publicOrigin()}${certificateCheckPath(certificate.number)}`;
  const pdf = await storedPdf({ kind: "certificate", id: certificate.id }, () => certificatePdf(certificate, checkUrl), student.id);
  // Revoked while it rendered.
  if (!pdf.ok && pdf.reason === "gone") return redirect(certificateRevokedPath(courseId));
  return pdfDownload(pdf, certificateFilename(certificate.number));
}
