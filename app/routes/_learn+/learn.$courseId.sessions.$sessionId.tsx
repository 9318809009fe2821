import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { JOIN_OPENS_MS, joinSession, joinWindow, sessionPlace, type JoinOutcome } from "~/models/batches/live-session.server";
import { itemIntentOf } from "~/utils/form-intent.server";
import { formatEventWhen, formatIndiaTime } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { instituteFrom } from "~/utils/seo";
import { liveSessionCalendarPath, liveSessionPath } from "~/utils/live-session-path";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound } from "./__classroom.server";
import { sessionOr404 } from "./__live-session.server";

// A live session of the student's batch: when it is (IST), who teaches it,
// where it meets, and "Join" (a form, so it works without JavaScript, and no
// cross-site link can mark attendance) from 15 minutes before the start to
// the end. The meeting's link is never in the page: Join records "joined"
// once and redirects to it. "Add to calendar" downloads the session's
// calendar entry. Nobody outside the batch finds the page.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session } = await sessionOr404(request, params);
  const now = new Date();
  const window = joinWindow(session, now);
  return {
    session: {
      id: session.id,
      courseId: session.courseId,
      courseTitle: session.courseTitle,
      batchName: session.batchName,
      title: session.title,
      description: session.description,
      when: formatEventWhen(session.startsAt),
      whenIso: session.startsAt.toISOString(),
      minutes: session.durationMinutes,
      mentor: session.mentorName,
      where: sessionPlace(session),
      online: session.meetingService !== null,
      joinedAt: session.joinedAt ? formatEventWhen(session.joinedAt) : null,
      calendarHref: liveSessionCalendarPath(session.courseId, session.id),
    },
    window,
    opensAt: formatIndiaTime(new Date(session.startsAt.getTime() - JOIN_OPENS_MS)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? `${data.session.title} · Live class` : "Live class"} | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

const REFUSALS: Record<Exclude<JoinOutcome, { ok: true }>["reason"], string> = {
  "not-found": "This class is not one of your batch's.",
  "no-link": "This class meets in person: there is no online meeting to join.",
  "not-yet": "Join opens 15 minutes before the class starts.",
  over: "This class is over.",
  cancelled: "This class was cancelled.",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, session } = await sessionOr404(request, params);
  itemIntentOf(await readFormData(request), ["join"]);
  const joined = joinSession(session.courseId, session.id, user.id);
  if (joined.ok)
    // A redirect off the site, never cached, with no Referer to tell the meeting service which page it came from.
    return redirect(joined.joinUrl, { status: 303, headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } });
  if (joined.reason === "not-found") throw notFound();
  return redirectWithToast(liveSessionPath(session.courseId, session.id), {
    title: "Could not join",
    description: REFUSALS[joined.reason],
    type: "destructive",
  });
}

export default function LiveSessionPage() {
  const { session, window, opensAt } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link to="/learn" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-teal-800 hover:underline">
        <span aria-hidden="true">←</span> My Courses
      </Link>
      <p className="mt-2 text-sm font-semibold uppercase tracking-widest text-teal-800">
        Live class · {session.courseTitle} · {session.batchName}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">{session.title}</h1>
      <dl className="mt-6 grid gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">When</dt>
          <dd className="font-semibold text-navy-900">
            <time dateTime={session.whenIso}>{session.when}</time> · {session.minutes} min
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Where</dt>
          <dd className="font-semibold text-navy-900">{session.where}</dd>
        </div>
        {session.mentor ? (
          <div>
            <dt className="text-sm text-slate-600">Mentor</dt>
            <dd className="font-semibold text-navy-900">{session.mentor}</dd>
          </div>
        ) : null}
      </dl>
      {/* A plain download: the browser hands the .ics to the student's calendar app. */}
      {window === "cancelled" ? null : (
        <a href={session.calendarHref} download className="mt-4 inline-flex min-h-11 items-center font-medium text-teal-800 underline">
          Add to calendar
        </a>
      )}
      {session.description ? <p className="mt-6 whitespace-pre-line text-slate-700">{session.description}</p> : null}
      <div className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <JoinPanel window={window} online={session.online} opensAt={opensAt} joinedAt={session.joinedAt} />
      </div>
    </div>
  );
}

function JoinPanel({ window, online, opensAt, joinedAt }: { window: string; online: boolean; opensAt: string; joinedAt: string | null }) {
  if (window === "cancelled") return <p className="font-semibold text-red-800">This class was cancelled.</p>;
  if (window === "over") return <p className="text-slate-700">This class is over.</p>;
  if (!online) return <p className="text-slate-700">This class meets in person, at the place above.</p>;
  if (window === "not-yet") return <p className="text-slate-700">{`Join opens at ${opensAt}, 15 minutes before the class starts.`}</p>;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-4">
      <button type="submit" name="intent" value="join" className={buttonClass("primary")}>
        Join the class
      </button>
      {joinedAt ? <p className="text-sm text-slate-600">You joined at {joinedAt}.</p> : null}
    </Form>
  );
}
