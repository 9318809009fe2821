import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { progressPercent, studentCourseProgress } from "~/models/course-figures.server";
import { getUserById } from "~/models/user.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/seo";

// One student (Users tab): who they are, and how far they have got in each
// course they paid for. Admins only, as the rest of the tab.

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: data?.name ?? "Student", description: "Admin panel: a student.", path: "/admin/users", noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const user = getUserById(params.id ?? "");
  if (!user) throw new Response("Not Found", { status: 404 });
  const courses = studentCourseProgress(user.id).map((row) => ({
    courseId: row.courseId,
    title: row.courseTitle,
    done: row.done,
    required: row.required,
    percent: progressPercent(row),
    lastActivity: row.lastActivityMs === null ? "Not started" : formatIndiaDateTime(new Date(row.lastActivityMs)),
    certificate: row.certificateNumber,
  }));
  return { name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email, email: user.email, courses };
}

export default function StudentPage() {
  const { name, email, courses } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="student-heading" className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <h2 id="student-heading" className="text-xl font-bold text-navy-900">
          {name}
        </h2>
        <p className="text-slate-700">{email}</p>
      </div>
      <h3 className="text-lg font-semibold text-navy-900">Course progress</h3>
      {courses.length === 0 ? (
        <p className="text-slate-700">No paid courses yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Course progress</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {["Course", "Required lessons done", "Progress", "Last activity (IST)", "Certificate"].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {courses.map((course) => (
              <tr key={course.courseId}>
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link to={`/admin/courses/${course.courseId}/curriculum`} className="text-navy-900 underline">
                    {course.title}
                  </Link>
                </th>
                <td className="px-3 py-2">
                  {course.done} of {course.required}
                </td>
                <td className="px-3 py-2">{course.percent}%</td>
                <td className="px-3 py-2">{course.lastActivity}</td>
                <td className="px-3 py-2 font-mono">{course.certificate ?? "Not yet"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link to="/admin/users" className="font-medium text-navy-900 underline">
          Back to All Users
        </Link>
      </p>
    </section>
  );
}
