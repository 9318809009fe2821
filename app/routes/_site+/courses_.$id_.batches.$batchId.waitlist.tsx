import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { WAITLIST_MESSAGES } from "~/content/messages/events";
import { hasConfirmedAdult } from "~/models/accounts/user.server";
import { joinBatchWaitlist } from "~/models/batches/batch-waitlist.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseId } from "~/utils/validation";
import { ADULT_FIRST_MESSAGE } from "~/schemas/consent";

// "Join the waitlist" of a full batch, posted from its card on the course
// page (a plain form, so it works without JavaScript). The student joins at
// the back and hears by mail when a seat is kept for them; every answer goes
// back to the course page's batches with a toast that says what happened.

const batchesOf = (courseId: string) => `/courses/${courseId}#batches`;

/** Nothing to show here: the course page lists the batches. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(batchesOf(params.id ?? ""));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const courseId = parseId(params.id);
  const batchId = parseId(params.batchId);
  if (courseId === null || batchId === null) throw new Response("Not Found", { status: 404 });
  const back = batchesOf(String(courseId));
  const user = await requireUser(request, { redirectTo: `/courses/${courseId}` });
  await readFormData(request);
  const notJoined = (description: string) =>
    redirectWithToast(back, { title: WAITLIST_MESSAGES.notJoined, description, type: "destructive" });
  if (!hasConfirmedAdult(user.id)) return notJoined(ADULT_FIRST_MESSAGE);
  const claim = await claimFormPost("waitlist", context.clientAddress ?? "unknown");
  if (!claim.ok) return notJoined(claim.message);
  const joined = joinBatchWaitlist(courseId, batchId, user.id);
  if (joined.ok) return redirectWithToast(back, { title: WAITLIST_MESSAGES.joined, description: WAITLIST_MESSAGES.place(joined.position) });
  switch (joined.reason) {
    case "not-found":
      throw new Response("Not Found", { status: 404 });
    case "closed":
      return notJoined(WAITLIST_MESSAGES.batchClosed);
    case "seated":
      return notJoined(WAITLIST_MESSAGES.batchSeated);
    case "seats-free":
      return notJoined(WAITLIST_MESSAGES.batchSeatFree);
    case "already-waiting":
      return notJoined(WAITLIST_MESSAGES.alreadyWaiting);
  }
}
