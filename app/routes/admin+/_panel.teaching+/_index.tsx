import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/admin-page";
import { CancelledMark } from "~/components/admin/session-card";
import { buttonClass } from "~/components/ui/button";
import { listTaughtBatches } from "~/models/batches/teaching.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { formatIndiaDateTime, formatShortCalendarDay } from "~/utils/dates";
import { pageMeta } from "~/utils/seo";
import { teachingBatchPath } from "../__batch-paths";

// The Teaching tab: the batches the signed-in person teaches (a mentor's own,
// every batch for the admin), each with its course, its days and its next
// class in IST. A mentor's panel opens here.

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  return {
    batches: listTaughtBatches(admin).map((batch) => ({
      id: batch.id,
      name: batch.name,
      courseTitle: batch.courseTitle,
      days: `${formatShortCalendarDay(batch.startsOn)} – ${formatShortCalendarDay(batch.endsOn)}`,
      cancelled: batch.cancelled,
      next: batch.nextSession
        ? {
            title: batch.nextSession.title,
            iso: batch.nextSession.startsAt.toISOString(),
            when: formatIndiaDateTime(batch.nextSession.startsAt),
          }
        : null,
    })),
  };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Teaching", description: "Admin panel: the batches you teach.", path: "/admin/teaching", noindex: true });

export default function TeachingPage() {
  const { batches } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-navy-900">Teaching</h1>
        <p className="text-slate-700">The batches you teach: their classes, attendance and students.</p>
      </div>
      {batches.length === 0 ? (
        <EmptyState
          title="No Batches Yet"
          hint="A batch appears here when you lead it or teach one of its sessions. An admin names the mentor of each batch and session."
        />
      ) : (
        <ul className="grid gap-4">
          {batches.map((batch) => (
            <li key={batch.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-4">
                <div>
                  <p className="text-sm font-medium text-slate-600">{batch.courseTitle}</p>
                  <h2 className="text-lg font-semibold text-navy-900">
                    {batch.name}
                    {batch.cancelled ? <CancelledMark /> : null}
                  </h2>
                  <p className="text-sm text-slate-700">{batch.days}</p>
                  <p className="text-sm text-slate-700">
                    {batch.next ? (
                      <>
                        Next class: {batch.next.title}, <time dateTime={batch.next.iso}>{batch.next.when}</time>
                      </>
                    ) : (
                      "No class to come"
                    )}
                  </p>
                </div>
                <Link to={teachingBatchPath(batch.id)} className={buttonClass("outline")}>
                  Open<span className="sr-only"> {batch.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
