import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { EmptyState, PageLinks } from "~/components/admin/admin-page";
import { PeopleTable } from "~/components/admin/people-table";
import { CancelledMark, SessionCard } from "~/components/admin/session-card";
import { buttonClass } from "~/components/ui/button";
import { attendanceCountsOfBatch } from "~/models/batches/attendance.server";
import { listBatchRoster } from "~/models/batches/batch-roster.server";
import { listBatchSessions } from "~/models/batches/batch-session.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readTableParams } from "~/services/list-params.server";
import { formatIndiaDateTime, formatShortCalendarDay, formatShortDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";
import { pageMeta } from "~/utils/seo";
import { canAccess } from "~/utils/permissions";
import { attendanceWorkbookPath, batchJournalsPath, moveStudentPath, sessionAttendancePath, TEACHING_PATH } from "../__batch-paths";
import { taughtBatchOr404 } from "./__teaching.server";

// A batch as whoever teaches it sees it: its sessions, those to come and
// those held (latest first), in IST with how many of its students were
// present, absent and pressed Join, each leading to its attendance; the
// attendance register as a download; and its students (name, address, since
// when), 25 a page. No phone numbers: teaching does not need them.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  const batch = taughtBatchOr404(admin, params);
  const now = Date.now();
  const counts = attendanceCountsOfBatch(batch.id);
  const sessions = listBatchSessions(batch.id).map((session) => ({
    id: session.id,
    title: session.title,
    iso: session.startsAt.toISOString(),
    when: formatIndiaDateTime(session.startsAt),
    minutes: session.durationMinutes,
    mentor: session.mentorName,
    cancelled: session.cancelledAt !== null,
    over: session.startsAt.getTime() + session.durationMinutes * 60_000 <= now,
    counts: counts.get(session.id) ?? { present: 0, absent: 0, joined: 0 },
  }));
  const roster = listBatchRoster(batch.id, readTableParams(request));
  return {
    batch: {
      id: batch.id,
      name: batch.name,
      courseTitle: batch.courseTitle,
      days: `${formatShortCalendarDay(batch.startsOn)} – ${formatShortCalendarDay(batch.endsOn)}`,
      cancelled: batch.cancelled,
      seats: batch.seats === null ? countOf(roster.total, "student") : `${roster.total} of ${batch.seats} seats taken`,
    },
    // Moving a student to another batch may change their invoice: the admin's alone (the move's page checks again).
    moves:
      canAccess(admin.role, "users") && !batch.cancelled
        ? roster.rows.map((row) => ({ name: row.name || row.email, href: moveStudentPath(batch.courseId, batch.id, row.userId) }))
        : [],
    upcoming: sessions.filter((session) => !session.over),
    held: sessions.filter((session) => session.over).reverse(),
    roster: {
      page: roster.page,
      pageCount: roster.pageCount,
      nextKey: roster.nextKey,
      previousKey: roster.previousKey,
      students: roster.rows.map((row) => ({
        id: row.id,
        name: row.name || row.email,
        email: row.email,
        whenIso: row.joinedAt.toISOString(),
        whenLabel: formatShortDate(row.joinedAt),
      })),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Teaching: ${loaded.batch.name}` : "Teaching",
    description: "Admin panel: a batch's classes, attendance and students.",
    path: TEACHING_PATH,
    noindex: true,
  });

type SessionItem = SerializeFrom<typeof loader>["upcoming"][number];

function SessionList({
  id,
  batchId,
  title,
  sessions,
  empty,
}: {
  id: string;
  batchId: number;
  title: string;
  sessions: SessionItem[];
  empty: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-navy-900">
        {title}
      </h2>
      {sessions.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ol className="grid gap-3">
          {sessions.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              heading="h3"
              details={
                <p className="text-sm text-slate-700">
                  {session.counts.present} present · {session.counts.absent} absent · {session.counts.joined} joined
                </p>
              }
              actions={
                <Link to={sessionAttendancePath(batchId, session.id)} className={buttonClass("outline")}>
                  Attendance<span className="sr-only"> for {session.title}</span>
                </Link>
              }
            />
          ))}
        </ol>
      )}
    </section>
  );
}

export default function TeachingBatchPage() {
  const { batch, upcoming, held, roster, moves } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const pageHref = (to: number, key: string | null | undefined, side: "after" | "before") => {
    const params = new URLSearchParams();
    if (to > 1) params.set("page", String(to));
    if (to > 1 && key) params.set(side, key);
    const search = params.toString();
    return search ? `${pathname}?${search}#students` : `${pathname}#students`;
  };
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-slate-600">{batch.courseTitle}</p>
          <h1 className="text-2xl font-bold text-navy-900">
            {batch.name}
            {batch.cancelled ? <CancelledMark size="base" /> : null}
          </h1>
          <p className="text-slate-700">
            {batch.days} · {batch.seats}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={TEACHING_PATH} className={buttonClass("outline")}>
            All my batches
          </Link>
          {/* A download, not a page: the browser fetches it as a document. */}
          <Link to={attendanceWorkbookPath(batch.id)} reloadDocument className={buttonClass("secondary")}>
            Download attendance (Excel)
          </Link>
          <Link to={batchJournalsPath(batch.id)} className={buttonClass("secondary")}>
            Trade journals
          </Link>
        </div>
      </div>
      <SessionList id="upcoming" batchId={batch.id} title="Upcoming sessions" sessions={upcoming} empty="No session is planned yet." />
      <SessionList id="past" batchId={batch.id} title="Past sessions" sessions={held} empty="No session has been held yet." />
      <section id="students" aria-labelledby="students-heading" className="grid gap-3">
        <h2 id="students-heading" className="text-xl font-semibold text-navy-900">
          Students
        </h2>
        {roster.students.length === 0 ? (
          <EmptyState title="No Students Yet" hint="Students appear here as they pay for this batch, or are moved into it." />
        ) : (
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <PeopleTable
              caption={`Students of ${batch.name}`}
              regionLabel="Students table"
              whenHeader="In the batch since"
              rows={roster.students}
              withPhone={false}
            />
          </div>
        )}
        {moves.length > 0 ? (
          <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <summary className="cursor-pointer font-semibold text-navy-900">Move a student to another batch</summary>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {moves.map((move) => (
                <li key={move.href}>
                  <Link to={move.href} className="text-teal-800 underline underline-offset-4">
                    Move {move.name}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <PageLinks
          label="Student pages"
          page={roster.page}
          pageCount={roster.pageCount}
          hrefOf={(to, side) => (side === "next" ? pageHref(to, roster.nextKey, "after") : pageHref(to, roster.previousKey, "before"))}
        />
      </section>
    </div>
  );
}
