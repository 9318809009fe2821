import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { LESSON_RELEASES, LESSON_TYPES, VIDEO_SOURCES, type LessonFileKind } from "../../../../db/enums";
import { DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/forms";
import { LiveClaimNotice, MarketPriceReminder } from "~/components/admin/editor-rules";
import { LESSON_RELEASE_LABELS, LESSON_TYPE_LABELS, LessonFormSchema, UNLISTED_VIDEO_WARNING } from "~/schemas/admin-curriculum";
import { LESSON_FILE_SPECS } from "~/schemas/lesson-files";
import { QUIZ_LIMITS } from "~/utils/quiz-rules";
import { useSchemaForm } from "~/utils/use-schema-form";

// The lesson editor's form. Every type's fields are in the page, each group
// saying which type it is for, so the form works without JavaScript; with it,
// only the chosen type's group shows.

export type LessonFormDefaults = {
  title?: string;
  type?: string;
  durationMinutes?: string;
  isFreePreview?: "on";
  isRequired?: "on";
  body?: string;
  videoSource?: string;
  videoUrl?: string;
  liveDate?: string;
  liveTime?: string;
  joinUrl?: string;
  recordingUrl?: string;
  passPercent?: string;
  quizMaxAttempts?: string;
  quizRetryWaitMinutes?: string;
  questions?: string;
  release?: string;
  releaseAfterDays?: string;
  releaseOn?: string;
};

const VIDEO_SOURCE_LABELS = { upload: "Uploaded file (enrolled students only)", youtube: "YouTube link", vimeo: "Vimeo link" } as const;

function Group({ shown, title, children }: { shown: boolean; title: string; children: ReactNode }) {
  return (
    <fieldset className="mt-2 grid gap-x-4 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2" hidden={!shown}>
      <legend className="px-1 text-sm font-semibold text-navy-900">{title}</legend>
      {children}
    </fieldset>
  );
}

export function LessonFileInput({
  field,
  kind,
  label,
}: {
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  kind: LessonFileKind;
  label: string;
}) {
  const spec = LESSON_FILE_SPECS[kind];
  return (
    <div className="sm:col-span-2">
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}, up to {spec.maxBytes / 1024 / 1024} MB
      </label>
      <input {...getInputProps(field, { type: "file" })} accept={spec.accept} className="block w-full text-sm" />
      <p id={field.errorId} className="min-h-6 pt-1 text-sm text-red-700">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** The fields a student reads, checked for claims as they are typed. */
const LESSON_TEXT_FIELDS = ["title", "questions", "body"] as const;

export function LessonForm({
  id,
  defaultValue,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  id: string;
  defaultValue: LessonFormDefaults;
  lastResult?: SubmissionResult<string[]>;
  cancelTo: string;
  submitLabel: string;
}) {
  const [form, fields] = useSchemaForm(LessonFormSchema, { id, lastResult, defaultValue });
  const hydrated = useHydrated();
  const type = fields.type.value ?? defaultValue.type ?? "";
  // Before hydration (and without JavaScript) every group shows.
  const shows = (forType: string) => !hydrated || type === forType;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 grid gap-x-4 sm:grid-cols-2">
      <FormErrors errors={form.errors} id={form.errorId} />
      <MarketPriceReminder />
      <TextField field={fields.title} label="Title" required wide maxLength={200} />
      <SelectField
        field={fields.type}
        label="Type"
        required
        placeholder="Choose a type"
        options={LESSON_TYPES.map((value) => ({ value, label: LESSON_TYPE_LABELS[value] }))}
      />
      <TextField field={fields.durationMinutes} label="Duration (minutes)" type="number" min={0} max={1000} inputMode="numeric" required />
      <CheckboxField field={fields.isFreePreview} label="Free preview" hint="Anyone can open it from the course page, without buying." />
      <CheckboxField field={fields.isRequired} label="Required to complete the course" hint="Counts towards the certificate." />

      <fieldset className="mt-2 grid gap-x-4 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-navy-900">Opens to students (drip)</legend>
        <SelectField
          field={fields.release}
          label="Opens"
          placeholder={LESSON_RELEASE_LABELS.now}
          options={LESSON_RELEASES.map((value) => ({ value, label: LESSON_RELEASE_LABELS[value] }))}
        />
        <TextField field={fields.releaseAfterDays} label="After how many days" type="number" min={1} max={540} inputMode="numeric" />
        <TextField field={fields.releaseOn} label="Opening day" type="date" />
        <p className="mb-3 text-sm text-slate-600 sm:col-span-3">
          A lesson opens at midnight India time. Until then students see when it opens and cannot open, download or complete it; an admin
          can open it early for one student from their page.
        </p>
      </fieldset>

      <Group shown={shows("video")} title="For a video">
        <SelectField
          field={fields.videoSource}
          label="Plays from"
          placeholder="Choose where it plays from"
          options={VIDEO_SOURCES.map((value) => ({ value, label: VIDEO_SOURCE_LABELS[value] }))}
        />
        <TextField field={fields.videoUrl} label="YouTube or Vimeo link" type="text" inputMode="url" />
        <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2">{UNLISTED_VIDEO_WARNING}</p>
        <LessonFileInput field={fields.videoFile} kind="video" label="Video file (MP4 or WebM)" />
      </Group>

      <Group shown={shows("live")} title="For a live session (India time)">
        <TextField field={fields.liveDate} label="Date" type="date" />
        <TextField field={fields.liveTime} label="Time (IST)" type="time" />
        <TextField field={fields.joinUrl} label="Join link (enrolled students only)" type="text" inputMode="url" />
        <TextField field={fields.recordingUrl} label="Recording link (add it after the session)" type="text" inputMode="url" />
      </Group>

      <Group shown={shows("quiz")} title="For a quiz">
        <TextField field={fields.passPercent} label="Pass mark (%)" type="number" min={1} max={100} inputMode="numeric" />
        <TextField
          field={fields.quizMaxAttempts}
          label="Attempts allowed"
          type="number"
          min={QUIZ_LIMITS.maxAttempts.min}
          max={QUIZ_LIMITS.maxAttempts.max}
          inputMode="numeric"
        />
        <TextField
          field={fields.quizRetryWaitMinutes}
          label="Wait between attempts (minutes)"
          type="number"
          min={QUIZ_LIMITS.retryWaitMinutes.min}
          max={QUIZ_LIMITS.retryWaitMinutes.max}
          inputMode="numeric"
        />
        <p className="mb-3 text-sm text-slate-600 sm:col-span-2">
          Students see which answers were right only after they pass or use their last attempt, so nobody can pass by changing one answer at
          a time.
        </p>
        <p className="mb-3 text-sm text-slate-600 sm:col-span-2">
          One question per block, blank lines between. The first line is the question; each option starts with “- ”, a right one with “* ”
          (one or many).
        </p>
        <TextareaField field={fields.questions} label="Questions" wide rows={8} />
      </Group>

      <Group shown={shows("download")} title="For a download">
        <LessonFileInput field={fields.attachment} kind="attachment" label="Attachment (PDF, XLSX or ZIP)" />
      </Group>

      <TextareaField
        field={fields.body}
        label="Text in Markdown (the article, or notes under any lesson; HTML in it is cleaned as in blog posts)"
        wide
        rows={8}
      />
      <LiveClaimNotice formId={form.id} names={LESSON_TEXT_FIELDS} />
      <div className="sm:col-span-2">
        <DialogActions cancelTo={cancelTo} label={submitLabel} pendingLabel="Saving..." />
      </div>
    </Form>
  );
}
