import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { SelectGroup } from "~/components/forms";
import { listEnrollmentChoices, saveEnrollmentForm } from "~/models/orders/enrollment-form.server";
import { FORM_CONSENT } from "~/schemas/consent";
import { choiceValue, EnrollmentFormSchema, ENROLLMENT_MESSAGES, type EnrollmentFormInput } from "~/schemas/enrollment-form";
import { formatShortDate } from "~/utils/dates";
import { parseId } from "~/utils/validation";
import { failedWrite } from "~/utils/storage-faults.server";
import { CheckoutInformationSchema, MISSING_BILLING } from "~/schemas/billing";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { retryAfterHeaders } from "~/services/throttle/wait";

// The enrollment form's server half, shared by /enrollment-form and (next)
// the checkout dialog: the choice's options and the submit.

/** The course-or-event select's option groups: active courses, then upcoming events. */
export function enrollmentChoiceGroups(now = new Date()): SelectGroup[] {
  const { courses, events } = listEnrollmentChoices(now);
  return [
    { label: "Courses", options: courses.map((c) => ({ value: choiceValue("course", c.id), label: c.title })) },
    {
      label: "Events",
      options: events.map((e) => ({
        value: choiceValue("event", e.id),
        label: `${e.title} (${formatShortDate(e.eventDate)})`,
      })),
    },
  ];
}

/** The choice named by `?course=3` or `?event=7`, when the select offers it. */
export function preselectedChoice(url: URL, groups: SelectGroup[]): string | undefined {
  const courseId = parseId(url.searchParams.get("course"));
  const eventId = parseId(url.searchParams.get("event"));
  const wanted = courseId !== null ? choiceValue("course", courseId) : eventId !== null ? choiceValue("event", eventId) : null;
  if (wanted === null) return undefined;
  return groups.some((group) => group.options.some((option) => option.value === wanted)) ? wanted : undefined;
}

export type EnrollmentSubmitOutcome =
  | { saved: true; id: number; input: EnrollmentFormInput }
  | { saved: false; status: 400 | 429 | 500 | 503; result: SubmissionResult<string[]>; headers?: Record<string, string> };

/**
 * Validates and stores the posted form for the student; with `billing`
 * (the checkout while tax invoices are on) the billing details too, required.
 * A valid form spends one of the client address's enrollment forms this hour
 * (each saved form tells the team by mail); past them, 429 and nothing is saved.
 */
export async function submitEnrollmentForm(
  formData: FormData,
  userId: string,
  { client, billing = false, atCheckout = false }: { client: string; billing?: boolean; atCheckout?: boolean },
): Promise<EnrollmentSubmitOutcome> {
  const submission = billing
    ? parseWithZod(formData, { schema: CheckoutInformationSchema })
    : parseWithZod(formData, { schema: EnrollmentFormSchema });
  if (submission.status !== "success") return { saved: false, status: 400, result: submission.reply() };
  if (billing && !("billing" in submission.value))
    return { saved: false, status: 400, result: submission.reply({ fieldErrors: MISSING_BILLING }) };
  const claim = await claimFormPost("enrollment-form", client);
  if (!claim.ok)
    return {
      saved: false,
      status: claim.status,
      result: submission.reply({ formErrors: [claim.message] }),
      headers: retryAfterHeaders(claim),
    };
  try {
    const consent = atCheckout ? { purpose: FORM_CONSENT.orderBilling.purpose, source: "checkout" } : undefined;
    const outcome = saveEnrollmentForm(userId, submission.value, undefined, consent);
    if (!outcome.ok) {
      return {
        saved: false,
        status: 400,
        result: submission.reply({ fieldErrors: { courseOrEvent: outcome.errors.courseOrEventId } }),
      };
    }
    return { saved: true, id: outcome.id, input: submission.value };
  } catch (error) {
    console.error("Saving an enrollment form failed", error);
    const failure = failedWrite(error, ENROLLMENT_MESSAGES.saveFailed);
    return { saved: false, status: failure.status, result: submission.reply({ formErrors: [failure.message] }) };
  }
}
