import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminPageHeader, AdminSearchForm, CardActions, EmptyState, StatusBadge } from "~/components/admin/admin-page";
import { Badge, levelTone } from "~/components/ui/badge";
import { listCoursesForAdmin } from "~/models/courses/course.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { listSearchOf } from "~/utils/admin-routes";
import { formatPrice } from "~/utils/money";
import { pageMeta } from "~/utils/seo";

// The Courses tab: a search box and a card per course, active
// or not, with Edit and Delete. The dialogs are child routes drawn over it.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Courses · Admin", description: "Manage courses.", path: "/admin/courses", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const url = new URL(request.url);
  const query = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const courses = listCoursesForAdmin(query).map((course) => ({
    id: course.id,
    title: course.title,
    shortDescription: course.shortDescription,
    price: formatPrice(course.pricePaise),
    duration: course.duration,
    level: course.level,
    isActive: course.isActive,
  }));
  // The list's own search, carried into its dialogs (not a dialog's ?confirm= step).
  return { courses, query, search: listSearchOf(url.search) };
}

export default function AdminCourses() {
  const { courses, query, search } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Courses" action={{ to: `/admin/courses/new${search}`, label: "Add Course" }} />
      <AdminSearchForm label="Search courses" placeholder="Title or description" query={query} />
      {courses.length === 0 ? (
        <EmptyState
          title={query ? "No courses match your search" : "No courses yet"}
          hint={query ? "Try another word, or clear the search." : "Add the first course with Add Course."}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Courses">
          {courses.map((course) => (
            <li key={course.id} className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-start justify-between gap-3">
                <h2 className="text-lg font-bold text-navy-900">{course.title}</h2>
                <StatusBadge on={course.isActive} onLabel="Active" offLabel="Inactive" />
              </div>
              <p className="text-sm text-slate-700">{course.shortDescription}</p>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <span className="font-semibold text-navy-900">{course.price}</span>
                <span aria-hidden="true">·</span>
                <span>{course.duration}</span>
                <Badge tone={levelTone(course.level)}>{course.level}</Badge>
              </p>
              <div className="mt-auto">
                <CardActions itemPath={`/admin/courses/${course.id}`} listSearch={search} itemLabel={course.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </div>
  );
}
