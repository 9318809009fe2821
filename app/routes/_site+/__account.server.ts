import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { endOtherSessions, getProfile, listStudentSessions, updateProfile } from "~/models/account.server";
import type { PublicUser } from "~/models/user.server";
import { ChangePasswordSchema, ProfileSchema, type AccountIntent } from "~/schemas/account";
import { changeOwnPassword } from "~/services/account-password.server";
import { retryAfterHeaders } from "~/services/throttle/wait";
import { formatIndiaDateTime } from "~/utils/dates";
import { currentSessionId } from "~/utils/student-session.server";
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
    client,
    cookieHeader: request.headers.get("Cookie"),
  });
  if (!outcome.ok) {
    const errors =
      "field" in outcome && outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] };
    return refused("change-password", submission.reply({ ...errors, hideFields }), {
      status: outcome.status,
      headers: retryAfterHeaders(outcome),
    });
  }
  return redirectWithToast("/account", {
    title: outcome.firstPassword ? "Password set" : "Password changed",
    description: "Your new password is set. Every other device has been signed out; this one stays signed in.",
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
