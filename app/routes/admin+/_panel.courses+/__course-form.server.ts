import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { PublicAdmin } from "~/models/accounts/admin.server";
import type { SetByAdminValues } from "~/components/admin/set-by-admin";
import { imageAssetName, queueImageAsset } from "~/models/content/image-asset.server";
import { NEW_COURSE_PRICING, saveCourse, type Course, type CoursePricing } from "~/models/courses/course.server";
import { COURSE_UPLOADS, courseFormSchema, toCourseInput } from "~/schemas/admin-course";
import { COURSE_MENTOR_GONE, COURSE_PRICING_REFUSED, NEW_COURSE_BY_CONTENT_MANAGER } from "~/content/messages/admin";
import { tooLargeMessage } from "~/schemas/uploads";
import { discardUpload, storeUpload, type MultipartResult } from "~/services/images/uploads.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { withClaimWarning } from "~/utils/claim-warning.server";
import { formatPrice } from "~/utils/money";
import { canAccess } from "~/utils/permissions";

// The create and edit dialogs post the same multipart form: text fields, and
// optionally a cover photo and a brochure, which replace the typed URLs. A
// content manager's form has no price inputs (the prices are the admin's).

const UPLOAD_LABELS = { coverPhoto: "Cover photo", brochure: "Brochure" } as const;
type UploadField = keyof typeof COURSE_UPLOADS;

const refuse = (result: SubmissionResult<string[]>, status = 400) => data({ result }, { status });

function isUploadField(name: string): name is UploadField {
  return name in COURSE_UPLOADS;
}

/**
 * What a content manager's dialog shows in place of the price inputs: the
 * stored values (a new course: ₹0, not on sale). Null for a role that sets prices.
 */
export function coursePricingForRole(admin: PublicAdmin, course?: CoursePricing): SetByAdminValues | null {
  if (canAccess(admin.role, "pricing")) return null;
  const { pricePaise, originalPricePaise, isActive } = course ?? NEW_COURSE_PRICING;
  return {
    heading: "Price and sale: set by an admin",
    values: [
      { label: "Price", value: formatPrice(pricePaise) },
      { label: "Original price", value: originalPricePaise === null ? "None" : formatPrice(originalPricePaise) },
      { label: "On sale", value: isActive ? "Yes: active, shown on the site" : "No: inactive, not shown on the site" },
    ],
    note: course
      ? "Only an admin can change these. Saving your changes keeps them as they are."
      : "The course is saved as inactive: an admin sets the price and puts it on sale.",
  };
}

/** Saves the posted course (a new one, or `existing`), then back to `listPath` with a toast; a 400 with the form's errors otherwise. */
export async function saveCourseForm(multipart: MultipartResult, admin: PublicAdmin, listPath: string, existing?: Course) {
  if (!multipart.ok) {
    if (multipart.reason === "too-large" && isUploadField(multipart.field)) {
      const field = multipart.field;
      return refuse({ status: "error", error: { [field]: [tooLargeMessage(UPLOAD_LABELS[field], COURSE_UPLOADS[field])] } });
    }
    return refuse({ status: "error", error: { "": ["The form could not be read. Please try again."] } });
  }

  const canSetPrices = canAccess(admin.role, "pricing");
  const submission = parseWithZod(multipart.formData, { schema: courseFormSchema(canSetPrices) });
  if (submission.status !== "success") return refuse(submission.reply());

  const { coverPhoto, brochure, ...values } = submission.value;
  const stored: string[] = [];
  const urls: Partial<Record<UploadField, string>> = {};
  for (const [field, file] of [
    ["coverPhoto", coverPhoto],
    ["brochure", brochure],
  ] as const) {
    if (!file) continue;
    const upload = await storeUpload(file, COURSE_UPLOADS[field], UPLOAD_LABELS[field]);
    if (!upload.ok) {
      await Promise.all(stored.map(discardUpload));
      return refuse(submission.reply({ fieldErrors: { [field]: [upload.message] } }));
    }
    stored.push(upload.url);
    urls[field] = upload.url;
  }

  const input = toCourseInput(
    { ...values, coverPhotoUrl: urls.coverPhoto ?? values.coverPhotoUrl, brochurePdfUrl: urls.brochure ?? values.brochurePdfUrl },
    canSetPrices,
  );
  const saved = saveCourse(admin.role, input, existing?.id);
  if (!saved.ok) {
    await Promise.all(stored.map(discardUpload));
    if (saved.reason === "not-found") throw new Response("Not Found", { status: 404 });
    if (saved.reason === "unknown-mentor") return refuse(submission.reply({ fieldErrors: { mentorIds: [COURSE_MENTOR_GONE] } }));
    return refuse(submission.reply({ formErrors: [COURSE_PRICING_REFUSED.title, COURSE_PRICING_REFUSED.text] }), 403);
  }
  const { course } = saved;
  // The page answers now; the worker encodes the cover's smaller variants behind it.
  if (urls.coverPhoto) queueImageAsset(imageAssetName(urls.coverPhoto));
  const savedToast = {
    title: existing ? "Course updated" : "Course created",
    description: !existing && !canSetPrices ? `“${course.title}” ${NEW_COURSE_BY_CONTENT_MANAGER}` : `“${course.title}” has been saved.`,
  };
  return redirectAfterAdminChange(
    admin,
    { entity: "course", verb: existing ? "updated" : "created", id: course.id },
    listPath,
    withClaimWarning(savedToast, values),
  );
}
