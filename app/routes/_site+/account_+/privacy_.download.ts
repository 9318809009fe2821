import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportPersonalData } from "~/models/privacy/personal-data.server";
import { formatIsoDateInIndia } from "~/utils/dates";
import { notFoundText, personalDownload } from "~/utils/file-response.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";

// GET /account/privacy/download: every row held about the signed-in student as
// one JSON file. Only ever the student's own: the id comes from their session.

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const now = new Date();
  const data = exportPersonalData(student.id, now);
  if (!data) return notFoundText();
  const bytes = new TextEncoder().encode(JSON.stringify(data, null, 2));
  return personalDownload(bytes, "application/json", `my-data-${formatIsoDateInIndia(now)}.json`);
}
