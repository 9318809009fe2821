import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { ConsentCheckbox } from "~/components/consent-checkbox";
import { FormNotice, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { whatsappLink } from "~/content/site";
import { pricesIncludeGst, readSettings } from "~/models/site/site-settings.server";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ResponsiveImage } from "~/components/responsive-image";
import { eventBanner } from "./__event-card.server";
import {
  findRegistrationTarget,
  registerForEvent,
  type RegistrationRefusal,
  type RegistrationResult,
  type RegistrationState,
} from "~/models/events/event-registration.server";
import { EventRegistrationSchema, SEAT_HOLD_MINUTES } from "~/schemas/event-registration";
import { REGISTRATION_MESSAGES, registeredText, WAITLIST_MESSAGES } from "~/content/messages/events";
import { paymentWidget } from "~/services/payments/registry.server";
import { checkoutPath } from "~/utils/checkout-path";
import { formatPrice, formatPriceWithGst } from "~/utils/money";
import { findEventWaitlistPlace, joinWaitlist, type WaitlistPlace } from "~/models/events/event-seat.server";
import { parseId } from "~/utils/validation";
import { currentPath, requireUser } from "~/services/accounts/sessions/student-session.server";
import { hasConfirmedAdult } from "~/models/accounts/user.server";
import { ADULT_FIRST_MESSAGE } from "~/schemas/consent";
import { confirmAdultAccount } from "./__account-adult.server";
import { ConfirmAdultForm } from "./__account-adult";
import { formatEventWhen, formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { pageMeta, socialCardPath } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { failedWrite } from "~/utils/storage-faults.server";
import { readFormData } from "~/utils/form-data.server";
import { countOf } from "~/utils/plural";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { retryAfterFromAction, retryAfterHeaders } from "~/services/throttle/wait";

// 'Register for Event': a route, so it is a dialog over the
// events list with JavaScript and the same list with the dialog on top without
// it. Signed-out visitors are sent to sign in and come back here.

/** The list behind the dialog, with its filters, for Cancel and after success. */
function eventsListPath(request: Request): string {
  const params = new URL(request.url).searchParams;
  const kept = new URLSearchParams();
  for (const key of ["type", "time"]) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `/events?${search}` : "/events";
}

const notFound = () => new Response("Not Found", { status: 404 });

export const headers = retryAfterFromAction;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const event = findRegistrationTarget(params.id ?? "", user.id);
  if (!event) throw notFound();
  return {
    event: {
      id: event.id,
      title: event.title,
      isoDate: formatIsoDateInIndia(event.eventDate),
      whenLabel: formatEventWhen(event.eventDate),
      seatsLeft: event.seatsLeft,
      state: event.state,
      ended: event.eventDate.getTime() < Date.now(),
      priceLabel: formatPrice(event.pricePaise),
      // What a seat costs, with "incl. GST" when the institute is registered; "Free" for a free event.
      priceText: formatPriceWithGst(event.pricePaise, pricesIncludeGst()),
      banner: eventBanner(event.bannerUrl),
    },
    // A paid event's seat is bought at checkout while payments are set up; otherwise booked on WhatsApp.
    payHref: event.state === "needs-payment" && paymentWidget() ? checkoutPath({ item: { type: "event", id: event.id } }) : null,
    defaults: {
      name: [user.firstName, user.lastName].filter(Boolean).join(" "),
      email: user.email,
    },
    backTo: eventsListPath(request),
    // Registering, paying and waiting for a seat are for an account whose holder said they are 18 or older.
    askAdult: !hasConfirmedAdult(user.id) && (event.state === "open" || event.state === "needs-payment" || event.state === "full"),
    waitlist: waitlistView(findEventWaitlistPlace(event.id, user.id)),
    whatsapp:
      event.state === "needs-payment" && !paymentWidget()
        ? whatsappLink(readSettings("institute"), "eventRegistration", `${event.title}, ${formatShortDate(event.eventDate)}`)
        : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `Register for Event: ${data.event.title}` : "Register for Event",
    description: "Register for a trading-education webinar, workshop or practice exercise.",
    path: data ? `/events/${data.event.id}/register` : "/events",
    socialCard: data ? socialCardPath("event", data.event.id) : undefined,
    noindex: true,
  });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const client = context.clientAddress ?? "unknown";
  if (formData.get("intent") === "confirm-adult") return confirmAdultAccount(user.id, formData, currentPath(request));
  // Refused before anything is read from the form: the dialog then shows the "I am 18 or older" box.
  if (!hasConfirmedAdult(user.id)) return data({ result: undefined }, { status: 403 });
  if (formData.get("intent") === "join-waitlist") return joinTheWaitlist(request, params.id ?? "", user.id, client);
  const submission = parseWithZod(formData, { schema: EventRegistrationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const claim = await claimFormPost("event-registration", client, submission.value.email);
  if (!claim.ok) {
    const result = submission.reply({ formErrors: [REGISTRATION_MESSAGES.failedTitle, claim.message] });
    return data({ result }, { status: claim.status, headers: retryAfterHeaders(claim) });
  }

  let outcome: RegistrationResult;
  try {
    outcome = registerForEvent({ eventId: params.id ?? "", userId: user.id, ...submission.value, confirmByMail: claim.acknowledge });
  } catch (error) {
    console.error("Event registration failed", error);
    const failure = failedWrite(error, REGISTRATION_MESSAGES.failedText);
    return data(
      { result: submission.reply({ formErrors: [REGISTRATION_MESSAGES.failedTitle, failure.message] }) },
      { status: failure.status },
    );
  }
  if (!outcome.ok) await claim.unsent();
  if (outcome.ok) {
    return redirectWithToast(eventsListPath(request), {
      title: REGISTRATION_MESSAGES.success,
      description: registeredText(outcome.eventTitle),
    });
  }
  if (outcome.reason === "not-found") throw notFound();
  const status = outcome.reason === "needs-payment" ? 402 : outcome.reason === "adult-unconfirmed" ? 403 : 409;
  return data({ result: submission.reply({ formErrors: [REFUSAL_MESSAGES[outcome.reason]] }) }, { status });
}

/** A full event's waitlist: the student joins at the back and hears by mail when a seat is theirs for a while. */
async function joinTheWaitlist(request: Request, eventId: string, userId: string, client: string) {
  const id = parseId(eventId);
  if (id === null) throw notFound();
  const here = new URL(request.url).pathname + new URL(request.url).search;
  const claim = await claimFormPost("waitlist", client);
  if (!claim.ok) return redirectWithToast(here, { title: WAITLIST_MESSAGES.notJoined, description: claim.message, type: "destructive" });
  const joined = joinWaitlist(id, userId);
  if (joined.ok)
    return redirectWithToast(eventsListPath(request), {
      title: WAITLIST_MESSAGES.joined,
      description: WAITLIST_MESSAGES.place(joined.position),
    });
  if (joined.reason === "not-found") throw notFound();
  // A seat came free meanwhile, or the student is already seated or waiting: the dialog says which.
  return redirect(here, 303);
}

/** What the dialog says of the student's place on the waitlist. */
function waitlistView(place: WaitlistPlace) {
  if (!place) return null;
  return place.status === "waiting"
    ? { text: WAITLIST_MESSAGES.place(place.position) }
    : { text: WAITLIST_MESSAGES.kept(formatEventWhen(place.expiresAt)) };
}

const REFUSAL_MESSAGES: Record<Exclude<RegistrationRefusal, "not-found">, string> = {
  duplicate: REGISTRATION_MESSAGES.duplicate,
  full: REGISTRATION_MESSAGES.full,
  closed: REGISTRATION_MESSAGES.closed,
  "adult-unconfirmed": ADULT_FIRST_MESSAGE,
  // Said only while payments are off (otherwise the dialog offers Pay): the seat is booked on WhatsApp.
  "needs-payment": `${REGISTRATION_MESSAGES.needsPayment} ${REGISTRATION_MESSAGES.paymentsOff}`,
};

const STATE_MESSAGES: Record<Exclude<RegistrationState, "open">, string> = {
  ...REFUSAL_MESSAGES,
  registered: REGISTRATION_MESSAGES.duplicate,
};

export default function RegisterForEventDialog() {
  const { event, defaults, backTo, whatsapp, waitlist, payHref, askAdult } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const navigate = useNavigate();

  const [form, fields] = useSchemaForm(EventRegistrationSchema, {
    id: `register-event-${event.id}`,
    lastResult: actionData?.result,
    defaultValue: { ...defaults, phone: "" },
  });

  const close = () => navigate(backTo, { preventScrollReset: true });

  const stateMessage = event.state === "open" ? null : STATE_MESSAGES[event.state];
  const [noticeTitle, noticeText] = form.errors ?? [];

  return (
    <RouteDialog labelledBy="register-event-title" describedBy="register-event-summary" onClose={close}>
      {event.banner ? (
        <ResponsiveImage
          image={event.banner}
          alt=""
          sizes="(min-width: 640px) 36rem, 100vw"
          priority
          className="mb-4 aspect-video h-auto w-full rounded-lg bg-navy-900 object-cover"
        />
      ) : null}
      <h2 id="register-event-title" className="text-2xl font-bold text-navy-900">
        Register for Event
      </h2>
      <div id="register-event-summary" className="mt-2 text-slate-700">
        <p className="font-semibold text-navy-900">{event.title}</p>
        <p className="text-sm">
          <time dateTime={event.isoDate}>{event.whenLabel}</time>
          {` · ${event.priceText}`}
          {event.seatsLeft !== null && event.state === "open" ? ` · ${countOf(event.seatsLeft, "seat")} left` : null}
        </p>
      </div>

      {askAdult ? (
        <>
          <ConfirmAdultForm reason={ADULT_FIRST_MESSAGE} />
          <div className="mt-6 flex justify-end">
            <Link to={backTo} preventScrollReset className={buttonClass("outline")}>
              Back to Events
            </Link>
          </div>
        </>
      ) : payHref ? (
        <>
          <p className="mt-6 text-slate-700">
            {REGISTRATION_MESSAGES.needsPayment} {REGISTRATION_MESSAGES.payToBook(SEAT_HOLD_MINUTES)}
          </p>
          {waitlist ? <p className="mt-4 rounded-lg bg-emerald-50 p-4 font-semibold text-emerald-900">{waitlist.text}</p> : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={backTo} preventScrollReset className={buttonClass("outline")}>
              Back to Events
            </Link>
            <Link to={payHref} className={buttonClass("primary")}>
              Pay {event.priceLabel}
            </Link>
          </div>
        </>
      ) : stateMessage ? (
        <>
          {event.ended ? <p className="mt-6 text-lg font-bold text-navy-900">This event has ended.</p> : null}
          <p
            role={actionData ? "alert" : undefined}
            className="mt-6 rounded-lg border border-amber-700 bg-amber-50 p-4 font-semibold text-amber-900"
          >
            {stateMessage}
          </p>
          {event.state === "full" && waitlist ? <p className="mt-4 font-semibold text-navy-900">{waitlist.text}</p> : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={backTo} preventScrollReset className={buttonClass(whatsapp || event.state === "full" ? "outline" : "primary")}>
              Back to Events
            </Link>
            {event.state === "full" && !waitlist ? (
              <Form method="post" preventScrollReset>
                <button
                  type="submit"
                  name="intent"
                  value="join-waitlist"
                  disabled={submitting}
                  className={buttonClass("primary", "w-full")}
                >
                  {submitting ? "Joining..." : "Join the waitlist"}
                </button>
              </Form>
            ) : null}
            {whatsapp ? (
              <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
                Book on WhatsApp
              </a>
            ) : null}
          </div>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-1">
          {waitlist ? <p className="mb-4 rounded-lg bg-emerald-50 p-4 font-semibold text-emerald-900">{waitlist.text}</p> : null}
          {noticeTitle ? (
            <div id={form.errorId} className="mb-4">
              <FormNotice title={noticeTitle}>{noticeText}</FormNotice>
            </div>
          ) : null}
          <TextField field={fields.name} label="Name" autoComplete="name" required />
          <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
          <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" inputMode="tel" required />
          <ConsentCheckbox field={fields.consent} kind="eventRegistration" />
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={backTo} preventScrollReset className={buttonClass("outline")}>
              Cancel
            </Link>
            <button type="submit" disabled={submitting} className={buttonClass("primary")}>
              {submitting ? "Registering..." : "Register"}
            </button>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}
