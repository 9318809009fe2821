import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AdminDialog, DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { SetByAdmin, type SetByAdminValues } from "~/components/admin/set-by-admin";
import { LiveClaimNotice, MarketPriceReminder } from "~/components/admin/editor-rules";
import { CheckboxField, FileField, SelectField, TextareaField, TextField } from "~/components/forms";
import { ChoiceList, choicesOf } from "~/components/admin/choice-list";
import { COURSE_UPLOADS, courseFormSchema, PACING_OPTIONS } from "~/schemas/admin-course";
import { UPLOAD_KINDS } from "~/schemas/uploads";
import { useSchemaForm } from "~/utils/use-schema-form";
import { COURSE_LEVELS } from "../../../../db/enums";
import { DELIVERY_OPTIONS } from "~/schemas/delivery";

export type CourseFormDefaults = {
  title?: string;
  shortDescription?: string;
  description?: string;
  price?: string;
  originalPrice?: string;
  duration?: string;
  level: string;
  imageUrl?: string;
  coverPhotoUrl?: string;
  brochurePdfUrl?: string;
  syllabus?: string;
  features?: string;
  /** "online" or the venue's state code. */
  delivery?: string;
  pacing?: string;
  /** A checkbox's default is "on" (ticked) or absent. */
  isActive?: "on";
  /** The ids of the mentors who teach it. */
  mentorIds?: string[];
};

/** The fields a student reads, checked for claims as they are typed. */
const COURSE_TEXT_FIELDS = ["title", "shortDescription", "description", "features", "syllabus"] as const;

const LEVEL_OPTIONS = COURSE_LEVELS.map((level) => ({ value: level, label: level[0]?.toUpperCase() + level.slice(1) }));

/**
 * 'Create New Course' and 'Edit Course': the same fields, uploads included.
 * `pricingSetByAdmin` (a content manager's dialog) shows the price, original
 * price and on-sale status as text instead of inputs.
 */
export function CourseFormDialog({
  formId,
  title,
  backTo,
  defaultValue,
  lastResult,
  submitLabel,
  pricingSetByAdmin,
  curriculumPath,
  batchesPath,
  mentorChoices,
}: {
  formId: string;
  title: string;
  backTo: string;
  defaultValue: CourseFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  pricingSetByAdmin: SetByAdminValues | null;
  /** An existing course's curriculum editor. */
  curriculumPath?: string;
  /** An existing course's batches. */
  batchesPath?: string;
  /** Every mentor profile, to tick who teaches the course. */
  mentorChoices: { id: number; title: string }[];
}) {
  const [form, fields] = useSchemaForm(courseFormSchema(!pricingSetByAdmin), {
    id: formId,
    lastResult,
    defaultValue,
  });
  const image = UPLOAD_KINDS[COURSE_UPLOADS.coverPhoto];
  const pdf = UPLOAD_KINDS[COURSE_UPLOADS.brochure];

  return (
    <AdminDialog id={formId} title={title} backTo={backTo} wide>
      {curriculumPath ? (
        <p className="mt-2">
          <Link to={curriculumPath} className="font-medium text-navy-900 underline">
            Edit the curriculum (sections and lessons)
          </Link>
          {batchesPath ? (
            <>
              {" · "}
              <Link to={batchesPath} className="font-medium text-navy-900 underline">
                Batches and timetables
              </Link>
              {" · "}
              <Link to={curriculumPath.replace(/\/curriculum$/, "/lab")} className="font-medium text-navy-900 underline">
                Practice lab
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 grid gap-x-4 sm:grid-cols-2">
        <FormErrors errors={form.errors} id={form.errorId} />
        <MarketPriceReminder />
        <TextField field={fields.title} label="Title" required wide />
        <TextField field={fields.shortDescription} label="Short description" required wide />
        <TextareaField field={fields.description} label="Description" required wide rows={6} />
        <LiveClaimNotice formId={form.id} names={COURSE_TEXT_FIELDS} />
        {pricingSetByAdmin ? (
          <SetByAdmin id={`${formId}-pricing`} {...pricingSetByAdmin} />
        ) : (
          <>
            <TextField field={fields.price} label="Price (₹)" inputMode="decimal" required />
            <TextField field={fields.originalPrice} label="Original price (₹)" inputMode="decimal" />
          </>
        )}
        <TextField field={fields.duration} label="Duration" placeholder="e.g. 8 weeks" required />
        <SelectField field={fields.level} label="Level" placeholder="Choose a level" options={LEVEL_OPTIONS} required />
        <SelectField
          field={fields.delivery}
          label="Delivered (the place of supply of its invoices)"
          placeholder="Choose online or the venue's state"
          options={DELIVERY_OPTIONS}
        />
        <SelectField field={fields.pacing} label="Taught" placeholder="Choose how it is taught" options={PACING_OPTIONS} />
        <FileField
          field={fields.coverPhoto}
          label="Cover photo"
          accept={image.accept}
          hint="A .jpg, .jpeg or .png image, up to 5 MB. It replaces the cover photo URL."
        />
        <TextField field={fields.coverPhotoUrl} label="Cover photo URL" inputMode="url" />
        <FileField
          field={fields.brochure}
          label="Brochure"
          accept={pdf.accept}
          hint="A .pdf file, up to 10 MB. It replaces the brochure URL."
        />
        <TextField field={fields.brochurePdfUrl} label="Brochure URL" inputMode="url" />
        <TextField field={fields.imageUrl} label="Card image URL" inputMode="url" wide />
        <ChoiceList
          field={fields.mentorIds}
          legend="Mentors who teach it (shown on the course page)"
          type="checkbox"
          choices={choicesOf(mentorChoices)}
          wide
        />
        <TextareaField field={fields.features} label="Features (one per line)" wide rows={4} />
        <TextareaField field={fields.syllabus} label="Syllabus (one topic per line)" wide rows={4} />
        {pricingSetByAdmin ? null : <CheckboxField field={fields.isActive} label="Active (shown on the site)" />}
        <div className="sm:col-span-2">
          <DialogActions cancelTo={backTo} label={submitLabel} pendingLabel="Saving..." />
        </div>
      </Form>
    </AdminDialog>
  );
}
