import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { EmptyState, PageLinks } from "~/components/admin/admin-page";
import { PeopleTable } from "~/components/admin/people-table";
import { buttonClass } from "~/components/ui/button";
import { listBatchRoster } from "~/models/batches/batch-roster.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readTableParams } from "~/services/list-params.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { countOf } from "~/utils/plural";
import { pageMeta } from "~/utils/seo";
import { batchesPath, timetablePath } from "../__batch-paths";
import { courseAndBatchOr404 } from "./__batch.server";

// A batch's roster: its students in the order they joined, with name, email,
// phone and when they joined (IST), 25 a page. Personal data, so admins only
// (the "registrations" area, as an event's registrations).

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "registrations");
  const { course, batch } = courseAndBatchOr404(params);
  const list = listBatchRoster(batch.id, readTableParams(request));
  return {
    course: { id: course.id, title: course.title },
    batch: { id: batch.id, name: batch.name, seats: batch.seats },
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    nextKey: list.nextKey,
    previousKey: list.previousKey,
    students: list.rows.map((row) => ({
      id: row.id,
      name: row.name || row.email,
      email: row.email,
      phone: row.phone ?? "",
      whenIso: row.joinedAt.toISOString(),
      whenLabel: formatIndiaDateTime(row.joinedAt),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Students: ${loaded.batch.name}` : "Students",
    description: "Admin panel: a batch's students.",
    path: "/admin/courses",
    noindex: true,
  });

export default function RosterPage() {
  const { course, batch, total, page, pageCount, nextKey, previousKey, students } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const pageHref = (to: number, key: string | null | undefined, side: "after" | "before") => {
    const params = new URLSearchParams();
    if (to > 1) params.set("page", String(to));
    if (to > 1 && key) params.set(side, key);
    const search = params.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-navy-900">Students: {batch.name}</h1>
          <p className="text-slate-700">
            {course.title} · {batch.seats === null ? countOf(total, "student") : `${total} of ${batch.seats} seats taken`}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={batchesPath(course.id)} className={buttonClass("outline")}>
            All batches
          </Link>
          <Link to={timetablePath(course.id, batch.id)} className={buttonClass("outline")}>
            Timetable
          </Link>
        </div>
      </div>
      {students.length === 0 ? (
        <EmptyState title="No Students Yet" hint="Students appear here as they pay for this batch, or are moved into it." />
      ) : (
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <PeopleTable caption={`Students of ${batch.name}`} regionLabel="Students table" whenHeader="Joined" rows={students} />
        </div>
      )}
      <PageLinks
        label="Student pages"
        page={page}
        pageCount={pageCount}
        hrefOf={(to, side) => (side === "next" ? pageHref(to, nextKey, "after") : pageHref(to, previousKey, "before"))}
      />
    </div>
  );
}
