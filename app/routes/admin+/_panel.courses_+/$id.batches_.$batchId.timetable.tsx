import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/admin-page";
import { SessionCard } from "~/components/admin/session-card";
import { buttonClass } from "~/components/ui/button";
import { listBatchSessions } from "~/models/batches/batch-session.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { canAccess } from "~/utils/permissions";
import { formatIndiaDateTime } from "~/utils/dates";
import { meetingServiceOf } from "~/utils/meeting-services";
import { pageMeta } from "~/utils/seo";
import { batchesPath, sessionAttendancePath, timetablePath } from "../__batch-paths";
import { courseAndBatchOr404 } from "./__batch.server";

// A batch's timetable: every session in order of time, in IST, with its
// mentor and where it meets; cancelled ones stay, marked. Adding, editing and
// cancelling open as dialogs over this page.

/** Where a class meets, as the timetable says it: the meeting service's name (never the link itself), or the room. */
const placeOf = (session: { joinUrl: string | null; room: string | null }) =>
  session.room ? `Room: ${session.room}` : session.joinUrl ? (meetingServiceOf(session.joinUrl) ?? "") : "";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const { course, batch } = courseAndBatchOr404(params);
  const sessions = listBatchSessions(batch.id).map((session) => ({
    id: session.id,
    title: session.title,
    when: formatIndiaDateTime(session.startsAt),
    iso: session.startsAt.toISOString(),
    minutes: session.durationMinutes,
    mentor: session.mentorName,
    place: placeOf(session),
    cancelled: session.cancelledAt !== null,
  }));
  // Attendance names the students: only roles that teach get its link (its page, on the teaching side, checks again).
  return {
    course: { id: course.id, title: course.title },
    batch: { id: batch.id, name: batch.name },
    sessions,
    canSeeStudents: canAccess(admin.role, "teaching"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Timetable: ${loaded.batch.name}` : "Timetable",
    description: "Admin panel: a batch's live sessions.",
    path: "/admin/courses",
    noindex: true,
  });

export default function TimetablePage() {
  const { course, batch, sessions, canSeeStudents } = useLoaderData<typeof loader>();
  const here = timetablePath(course.id, batch.id);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-navy-900">Timetable: {batch.name}</h1>
          <p className="text-slate-700">{course.title}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={batchesPath(course.id)} className={buttonClass("outline")}>
            All batches
          </Link>
          <Link to={`${here}/new`} preventScrollReset className={buttonClass("primary")}>
            Add Session
          </Link>
        </div>
      </div>
      {sessions.length === 0 ? (
        <EmptyState
          title="No Sessions Yet"
          hint="Add the batch's live classes: each one's day and time in IST, its mentor and where it meets."
        />
      ) : (
        <ol className="grid gap-3">
          {sessions.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              heading="h2"
              actions={
                <div className="flex flex-wrap gap-2">
                  {canSeeStudents ? (
                    <Link to={sessionAttendancePath(batch.id, session.id)} className={buttonClass("outline")}>
                      Attendance
                    </Link>
                  ) : null}
                  <Link to={`${here}/${session.id}`} preventScrollReset className={buttonClass("outline")}>
                    Edit
                  </Link>
                  <Link to={`${here}/${session.id}?confirm=cancel`} preventScrollReset className={buttonClass("outline")}>
                    Cancel session
                  </Link>
                </div>
              }
            />
          ))}
        </ol>
      )}
      <Outlet />
    </div>
  );
}
