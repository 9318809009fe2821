import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { endOtherSessions, getProfile, listStudentSessions, updateProfile } from "~/models/accounts/account.server";
import { pendingEmailChange } from "~/models/accounts/email-change.server";
import type { PublicUser } from "~/models/accounts/user.server";
import { ChangeEmailSchema, ChangePasswordSchema, ProfileSchema, type AccountIntent } from "~/schemas/account";
import { ACCOUNT_MESSAGES } from "~/content/messages/account";
import { changeOwnPassword } from "~/services/accounts/account-password.server";
import { askForEmailChange } from "~/services/accounts/email-change.server";
import { retryAfterHeaders } from "~/services/throttle/wait";
import { formatIndiaDateTime } from "~/utils/dates";
import { currentSessionId } from "~/services/accounts/sessions/student-session.server";
import { redirectWithToast } from "~/utils/toast.server";

// The account page's own changes: name and phone, password, and the devices
// signed in. Each reads its form with its schema; bad input re-renders that
// form with its messages (400) and changes nothing.

/** What the action answered to the last post, handed to the form whose intent it was. */
export type AccountActionResult = { intent: AccountIntent; result: SubmissionResult<string[]> };

const refused = (intent: AccountIntent, result: SubmissionResult<string[]>, init?: number | ResponseInit) =>
  data<AccountActionResult>({ intent, result }, typeof init === "number" ? { status: init } : (init ?? { status: 400 }));

/** What the page shows of the student's profile and devices. */
export async function loadProfileAndDevices(request: Request, userId: string) {
  const current = await currentSessionId(request);
  const profile = getProfile(userId);
  return {
    pendingEmail: pendingEmailChange(userId),
    profile: { firstName: profile?.firstName ?? "", lastName: profile?.lastName ?? "", phone: profile?.phone ?? "" },
    devices: listStudentSessions(userId).map((session) => ({
      id: session.sid === current ? "current" : session.sid.slice(0, 8),
      device: session.device ?? "A browser signed in before devices were recorded",
      signedIn: session.signedInAt ? formatIndiaDateTime(session.signedInAt) : null,
      current: session.sid === current,
    })),
  };
}

export function saveProfile(user: PublicUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") return refused("profile", submission.reply());
  updateProfile(user.id, submission.value);
  return redirectWithToast("/account", { title: "Details saved", description: "Your name and phone number are up to date." });
}

export async function savePassword(request: Request, user: PublicUser, formData: FormData, client: string) {
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  const hideFields = ["currentPassword", "newPassword"];
  if (submission.status !== "success") return refused("change-password", submission.reply({ hideFields }));
  const outcome = await changeOwnPassword({
    user,
    sessionId: await currentSessionId(request),
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    ...askerOf(request, client),
  });
  if (!outcome.ok) return refusedWith("change-password", submission, { field: null, ...outcome }, hideFields);
  return redirectWithToast("/account", {
    title: outcome.firstPassword ? "Password set" : "Password changed",
    description: "Your new password is set. Every other device has been signed out; this one stays signed in.",
  });
}

/** Who is asking, for the current-password check's throttle. */
const askerOf = (request: Request, client: string) => ({ client, cookieHeader: request.headers.get("Cookie") });

/** Refused: the field's message (or the form's), with the throttle's Retry-After when it was a 429. */
function refusedWith(
  intent: AccountIntent,
  submission: {
    reply: (options: {
      formErrors?: string[];
      fieldErrors?: Record<string, string[]>;
      hideFields?: string[];
    }) => SubmissionResult<string[]>;
  },
  outcome: { field: string | null; message: string; status: number; retryAfterSeconds?: number },
  hideFields: string[],
) {
  const errors = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] };
  return refused(intent, submission.reply({ ...errors, hideFields }), {
    status: outcome.status,
    headers: retryAfterHeaders({ ok: false, retryAfterSeconds: outcome.retryAfterSeconds }),
  });
}

export async function askToChangeEmail(request: Request, user: PublicUser, formData: FormData, client: string) {
  const submission = parseWithZod(formData, { schema: ChangeEmailSchema });
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") return refused("change-email", submission.reply({ hideFields }));
  const asked = await askForEmailChange({
    user,
    ...askerOf(request, client),
    newEmail: submission.value.newEmail,
    currentPassword: submission.value.currentPassword,
  });
  if (!asked.ok) return refusedWith("change-email", submission, { field: null, ...asked }, hideFields);
  if (asked.outcome === "same-address")
    return refusedWith("change-email", submission, { field: "newEmail", message: ACCOUNT_MESSAGES.sameAddress, status: 400 }, hideFields);
  if (asked.outcome === "just-sent")
    return refusedWith("change-email", submission, { field: null, message: ACCOUNT_MESSAGES.justAsked, status: 429 }, hideFields);
  return redirectWithToast("/account", {
    title: "Check your new inbox",
    description: `We sent a link to ${submission.value.newEmail.toLowerCase()}. Your address changes when you use it (within 24 hours).`,
  });
}

export async function signOutOtherDevices(request: Request, user: PublicUser) {
  const ended = endOtherSessions(user.id, await currentSessionId(request));
  return redirectWithToast("/account", {
    title: "Signed out everywhere else",
    description:
      ended === 0 ? "No other device was signed in." : `${ended} other ${ended === 1 ? "device was" : "devices were"} signed out.`,
  });
}
