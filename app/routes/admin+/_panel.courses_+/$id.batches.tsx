import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/admin-page";
import { CancelledMark } from "~/components/admin/session-card";
import { buttonClass } from "~/components/ui/button";
import { listBatchesForAdmin } from "~/models/batches/batch.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { canAccess } from "~/utils/permissions";
import { formatShortCalendarDay } from "~/utils/dates";
import { indianStateName } from "~/utils/indian-states";
import { formatPrice } from "~/utils/money";
import { countOf } from "~/utils/plural";
import { pageMeta } from "~/utils/seo";
import { batchesPath, cancelBatchPath, teachingBatchPath, timetablePath } from "../__batch-paths";
import { courseOr404 } from "./__curriculum.server";

// A course's batches: each one's days, where it is taught, its seats and its
// timetable. Adding and editing open as dialogs over this page.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const batches = listBatchesForAdmin(course.id).map((batch) => ({
    id: batch.id,
    name: batch.name,
    days: `${formatShortCalendarDay(batch.startsOn)} – ${formatShortCalendarDay(batch.endsOn)}`,
    where:
      batch.deliveryMode === "venue"
        ? `In person: ${batch.venue ?? ""}${batch.venueStateCode ? ` (${indianStateName(batch.venueStateCode)})` : ""}`
        : "Online",
    seats:
      batch.seats === null ? `${countOf(batch.students, "student")}, no seat limit` : `${batch.students} of ${batch.seats} seats taken`,
    price: batch.pricePaise === null ? "The course's price" : formatPrice(batch.pricePaise),
    sessions: countOf(batch.sessions, "session"),
    leadMentor: batch.leadMentorName,
    cancelled: batch.cancelledAt !== null,
  }));
  // A roster is personal data: only roles that teach get the link to the batch's teaching page (which checks again).
  return {
    course: { id: course.id, title: course.title, pacing: course.pacing },
    batches,
    canSeeStudents: canAccess(admin.role, "teaching"),
    canCancel: canAccess(admin.role, "users"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Batches: ${loaded.course.title}` : "Batches",
    description: "Admin panel: a course's batches.",
    path: "/admin/courses",
    noindex: true,
  });

export default function CourseBatchesPage() {
  const { course, batches, canSeeStudents, canCancel } = useLoaderData<typeof loader>();
  const here = batchesPath(course.id);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-navy-900">Batches: {course.title}</h1>
        <div className="flex flex-wrap gap-3">
          <Link to={`/admin/courses/${course.id}`} className={buttonClass("outline")}>
            Edit course details
          </Link>
          <Link to={`${here}/new`} preventScrollReset className={buttonClass("primary")}>
            Add Batch
          </Link>
        </div>
      </div>
      {course.pacing === "self_paced" ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          This course is self-paced: its batches are not offered to students until the course is set to be taught in batches (Edit course
          details).
        </p>
      ) : null}
      {batches.length === 0 ? (
        <EmptyState title="No Batches Yet" hint="Add a batch to teach this course live from a start date, on a timetable." />
      ) : (
        <ul className="grid gap-3">
          {batches.map((batch) => (
            <li key={batch.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="text-lg font-semibold text-navy-900">
                    {batch.name}
                    {batch.cancelled ? <CancelledMark /> : null}
                  </h2>
                  <p className="text-sm text-slate-700">
                    {batch.days} · {batch.where}
                  </p>
                  <p className="text-sm text-slate-700">
                    {batch.seats} · {batch.price} · {batch.sessions}
                    {batch.leadMentor ? ` · Led by ${batch.leadMentor}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={timetablePath(course.id, batch.id)} className={buttonClass("outline")}>
                    Timetable
                  </Link>
                  {canSeeStudents ? (
                    <Link to={teachingBatchPath(batch.id)} className={buttonClass("outline")}>
                      Students
                    </Link>
                  ) : null}
                  <Link to={`${here}/${batch.id}`} preventScrollReset className={buttonClass("outline")}>
                    Edit
                  </Link>
                  {canCancel && !batch.cancelled ? (
                    <Link to={cancelBatchPath(course.id, batch.id)} preventScrollReset className={buttonClass("outline")}>
                      Cancel batch
                    </Link>
                  ) : null}
                  <Link to={`${here}/${batch.id}?confirm=delete`} preventScrollReset className={buttonClass("outline")}>
                    Delete
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </div>
  );
}
