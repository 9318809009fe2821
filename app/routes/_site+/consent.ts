import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { recordConsent } from "~/models/privacy/consent.server";
import { ANALYTICS_TEXT } from "~/content/analytics-consent";
import { AnalyticsChoiceSchema } from "~/schemas/consent";
import { ANALYTICS_PURPOSE } from "~/utils/analytics-consent";
import { analyticsConsentCookies, visitorIdOf } from "~/services/privacy/consent/consent-cookies.server";
import { readFormData } from "~/utils/form-data.server";
import { failedWrite } from "~/utils/storage-faults.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { getOptionalUser } from "~/services/accounts/sessions/student-session.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The analytics banner and the cookie settings post here. The choice is
 * recorded (with the account when someone is signed in, and the browser's
 * visitor id), the browser keeps it in a cookie, and the visitor goes back to
 * the page the form was on. A fetcher (JavaScript on) asks for a plain answer
 * instead, so the page stays as it is and only revalidates.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const back = safeRedirectPath(formData.get("redirectTo"), "/");
  const submission = parseWithZod(formData, { schema: AnalyticsChoiceSchema });
  if (submission.status !== "success") {
    return redirectWithToast(back, { title: "Please choose Accept analytics or Decline.", type: "destructive" });
  }
  const { decision } = submission.value;
  const user = await getOptionalUser(request);
  const { visitorId, isNew } = visitorIdOf(request);
  try {
    recordConsent({ userId: user?.id, visitorId, purpose: ANALYTICS_PURPOSE, decision, source: sourceOf(formData.get("source")) });
  } catch (error) {
    // Unrecorded, the choice is not kept either: the banner asks again rather than act on a consent we cannot prove.
    console.error("Recording an analytics choice failed", error);
    const failure = failedWrite(error, "Your choice could not be saved. Please try again.");
    if (formData.get("respond") === "data") return Response.json({ message: failure.message }, { status: failure.status });
    return redirectWithToast(back, { title: failure.message, type: "destructive" });
  }
  const headers = analyticsConsentCookies(decision, isNew ? visitorId : null);
  if (formData.get("respond") === "data") return Response.json({ decision }, { headers });
  return redirectWithToast(
    back,
    { title: decision === "granted" ? ANALYTICS_TEXT.acceptedTitle : ANALYTICS_TEXT.declinedTitle },
    { headers },
  );
}

/** Where the choice was made, as the record names it: the banner or the cookie settings. */
const sourceOf = (value: FormDataEntryValue | null) => (value === "cookie-settings" ? "cookie-settings" : "banner");

/** The settings live on the privacy page. */
export function loader() {
  return redirect("/privacy#cookie-settings");
}
