import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { eventTypeLabel } from "../../../../db/enums";
import { buttonClass } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { cancelStudentRegistration, listStudentRegistrations } from "~/models/events/student-event-registration.server";
import { CancelRegistrationSchema } from "~/schemas/event-registration";
import { CANCEL_MESSAGES } from "~/content/messages/events";
import { eventLink } from "~/services/calendar/event-calendar.server";
import { formatEventWhen, formatIsoDateInIndia } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/utils/env.server";
import { failedWrite } from "~/utils/storage-faults.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { SIGN_IN_TO_SEE_EVENTS } from "./__account-events";

// /account/events: the signed-in student's registrations, upcoming and past,
// in India time. Each upcoming one can be added to a calendar (an .ics file)
// or cancelled. Cancelling asks first: `?cancel=<event id>` shows the question
// (a page without JavaScript, a dialog with it), and its form posts here.

const PATH = "/account/events";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Your Events", description: "The events you registered for.", path: PATH, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_TO_SEE_EVENTS });
  const now = Date.now();
  const origin = publicOrigin();
  const registrations = listStudentRegistrations(user.id).map((event) => ({
    eventId: event.id,
    title: event.title,
    kind: eventTypeLabel(event.eventType) ?? null,
    isoDate: formatIsoDateInIndia(event.eventDate),
    when: formatEventWhen(event.eventDate),
    durationMinutes: event.durationMinutes,
    venue: event.venue,
    link: eventLink(event, origin),
    started: event.eventDate.getTime() <= now,
  }));
  const cancelling = new URL(request.url).searchParams.get("cancel");
  return {
    upcoming: registrations.filter((registration) => !registration.started),
    // Most recent first: the one just attended is the one looked for.
    past: registrations.filter((registration) => registration.started).reverse(),
    confirmCancel: registrations.find((registration) => !registration.started && String(registration.eventId) === cancelling) ?? null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_TO_SEE_EVENTS });
  const submission = parseWithZod(await readFormData(request), { schema: CancelRegistrationSchema });
  if (submission.status !== "success") return data({ refusal: CANCEL_MESSAGES.notRegistered }, { status: 400 });
  try {
    const outcome = cancelStudentRegistration(submission.value.eventId, user.id);
    if (outcome.ok)
      return redirectWithToast(PATH, { title: CANCEL_MESSAGES.cancelled, description: CANCEL_MESSAGES.cancelledText(outcome.eventTitle) });
    return outcome.reason === "started"
      ? data({ refusal: CANCEL_MESSAGES.started }, { status: 409 })
      : data({ refusal: CANCEL_MESSAGES.notRegistered }, { status: 404 });
  } catch (error) {
    console.error("Cancelling an event registration failed", error);
    const failure = failedWrite(error, CANCEL_MESSAGES.failed);
    return data({ refusal: failure.message }, { status: failure.status });
  }
}

type Registration = ReturnType<typeof useLoaderData<typeof loader>>["upcoming"][number];

export default function AccountEventsPage() {
  const { upcoming, past, confirmCancel } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-1 justify-center bg-slate-100 px-4 py-12 sm:py-16">
      <div className="grid w-full max-w-2xl content-start gap-6">
        <p>
          <Link to="/account" className="text-sm font-medium text-navy-800 underline">
            Back to your account
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-navy-900">Your Events</h1>
        {refusal ? (
          <p role="alert" className="rounded-lg border border-amber-700 bg-amber-50 p-4 font-semibold text-amber-900">
            {refusal}
          </p>
        ) : null}

        <EventSection id="upcoming-heading" title="Upcoming">
          {upcoming.length === 0 ? (
            <p className="text-slate-700">
              You have no upcoming events.{" "}
              <Link to="/events" className="font-medium text-navy-800 underline">
                See what is on
              </Link>
            </p>
          ) : (
            <ul className="grid divide-y divide-slate-200">
              {upcoming.map((registration) => (
                <RegistrationItem key={registration.eventId} registration={registration}>
                  <div className="mt-3 flex flex-wrap gap-3">
                    <a
                      href={`${PATH}/${registration.eventId}/calendar.ics`}
                      download
                      aria-label={`Add to calendar: ${registration.title}`}
                      className={buttonClass("outline")}
                    >
                      Add to calendar
                    </a>
                    <Link
                      to={`?cancel=${registration.eventId}`}
                      preventScrollReset
                      aria-label={`Cancel registration: ${registration.title}`}
                      className={buttonClass("outline")}
                    >
                      Cancel registration
                    </Link>
                  </div>
                </RegistrationItem>
              ))}
            </ul>
          )}
        </EventSection>

        {past.length > 0 ? (
          <EventSection id="past-heading" title="Past">
            <ul className="grid divide-y divide-slate-200">
              {past.map((registration) => (
                <RegistrationItem key={registration.eventId} registration={registration} />
              ))}
            </ul>
          </EventSection>
        ) : null}
      </div>
      {confirmCancel ? <ConfirmCancelDialog registration={confirmCancel} /> : null}
    </div>
  );
}

function RegistrationItem({ registration, children }: { registration: Registration; children?: ReactNode }) {
  return (
    <li className="py-4">
      <h3 className="text-lg font-semibold text-navy-900">{registration.title}</h3>
      <p className="text-slate-700">
        {registration.kind ? `${registration.kind} · ` : null}
        <time dateTime={registration.isoDate}>{registration.when}</time> · {registration.durationMinutes} minutes
      </p>
      {registration.venue ? <p className="break-words text-slate-700">At {registration.venue}</p> : null}
      {registration.link && !registration.started ? (
        <p className="break-all text-slate-700">
          Join at{" "}
          <a href={registration.link} className="font-medium text-navy-800 underline">
            {registration.link}
          </a>
        </p>
      ) : null}
      {children}
    </li>
  );
}

/** "Cancel registration" asks first; the answer is a real form post, with or without JavaScript. */
function ConfirmCancelDialog({ registration }: { registration: Registration }) {
  const navigate = useNavigate();
  const submitting = useNavigation().state === "submitting";
  return (
    <RouteDialog labelledBy="cancel-title" describedBy="cancel-summary" onClose={() => navigate(PATH, { preventScrollReset: true })}>
      <h2 id="cancel-title" className="text-2xl font-bold text-navy-900">
        Cancel your registration?
      </h2>
      <p id="cancel-summary" className="mt-2 text-slate-700">
        Your seat at <strong>{registration.title}</strong> ({registration.when}) will go to someone else. You can register again while seats
        are free.
      </p>
      <Form method="post" action={PATH} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="eventId" value={registration.eventId} />
        <Link to={PATH} preventScrollReset className={buttonClass("outline")}>
          Keep my registration
        </Link>
        <button type="submit" disabled={submitting} className={buttonClass("primary")}>
          {submitting ? "Cancelling..." : "Yes, cancel my registration"}
        </button>
      </Form>
    </RouteDialog>
  );
}

function EventSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={id} className="mb-2 text-xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
