import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { PublicAdmin } from "~/models/admin.server";
import { createCourse, updateCourse, type Course } from "~/models/course.server";
import { COURSE_UPLOADS, CourseFormSchema, toCourseInput } from "~/schemas/admin-course";
import { tooLargeMessage } from "~/schemas/uploads";
import { discardUpload, readMultipartForm, storeUpload } from "~/services/uploads.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";

// The create and edit dialogs post the same multipart form: text fields, and
// optionally a cover photo and a brochure, which replace the typed URLs.

const UPLOAD_LABELS = { coverPhoto: "Cover photo", brochure: "Brochure" } as const;
type UploadField = keyof typeof COURSE_UPLOADS;

const refuse = (result: SubmissionResult<string[]>) => data({ result }, { status: 400 });

function isUploadField(name: string): name is UploadField {
  return name in COURSE_UPLOADS;
}

/** Saves the posted course (a new one, or `existing`), then back to `listPath` with a toast; a 400 with the form's errors otherwise. */
export async function saveCourseForm(request: Request, admin: PublicAdmin, listPath: string, existing?: Course) {
  const multipart = await readMultipartForm(request, COURSE_UPLOADS);
  if (!multipart.ok) {
    if (multipart.reason === "too-large" && isUploadField(multipart.field)) {
      const field = multipart.field;
      return refuse({ status: "error", error: { [field]: [tooLargeMessage(UPLOAD_LABELS[field], COURSE_UPLOADS[field])] } });
    }
    return refuse({ status: "error", error: { "": ["The form could not be read. Please try again."] } });
  }

  const submission = parseWithZod(multipart.formData, { schema: CourseFormSchema });
  if (submission.status !== "success") return refuse(submission.reply());

  const { coverPhoto, brochure, ...values } = submission.value;
  const stored: string[] = [];
  const urls: Partial<Record<UploadField, string>> = {};
  for (const [field, file] of [["coverPhoto", coverPhoto], ["brochure", brochure]] as const) {
    if (!file) continue;
    const upload = await storeUpload(file, COURSE_UPLOADS[field], UPLOAD_LABELS[field]);
    if (!upload.ok) {
      await Promise.all(stored.map(discardUpload));
      return refuse(submission.reply({ fieldErrors: { [field]: [upload.message] } }));
    }
    stored.push(upload.url);
    urls[field] = upload.url;
  }

  const input = toCourseInput({
    ...values,
    coverPhotoUrl: urls.coverPhoto ?? values.coverPhotoUrl,
    brochurePdfUrl: urls.brochure ?? values.brochurePdfUrl,
  });
  const course = existing ? updateCourse(existing.id, input) : createCourse(input);
  if (!course) throw new Response("Not Found", { status: 404 });
  return redirectAfterAdminChange(admin, { entity: "course", verb: existing ? "updated" : "created", id: course.id }, listPath, {
    title: existing ? "Course updated" : "Course created",
    description: `“${course.title}” has been saved.`,
  });
}
