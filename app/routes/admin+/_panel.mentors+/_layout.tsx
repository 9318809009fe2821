import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminPageHeader, CardActions, EmptyState, StatusBadge } from "~/components/admin/admin-page";
import { listMentorsForAdmin } from "~/models/content/mentor.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { pageMeta } from "~/utils/seo";

// The Mentors tab (the mentors of the About page had no admin screen before
// this one): every mentor, active or not, in the About page's order, with the
// Add / Edit / Delete dialogs as child routes over the list.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Mentors", description: "Admin panel: mentors.", path: "/admin/mentors", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "mentors");
  return { mentors: listMentorsForAdmin() };
}

export default function AdminMentors() {
  const { mentors } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Mentors" action={{ to: "/admin/mentors/new", label: "Add Mentor" }} />
      <p className="text-slate-700">Active mentors appear on the About page, lowest display order first.</p>
      {mentors.length === 0 ? (
        <EmptyState title="No mentors yet" hint="Add a mentor to show them on the About page." />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Mentors">
          {mentors.map((mentor) => (
            <li key={mentor.id}>
              <article className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <h2 className="text-lg font-bold text-navy-900">{mentor.name}</h2>
                    <p className="text-sm text-slate-700">{mentor.title}</p>
                  </div>
                  <StatusBadge on={mentor.isActive} onLabel="Active" offLabel="Inactive" />
                </div>
                <p className="text-sm text-slate-600">Display order {mentor.displayOrder}</p>
                <div className="mt-auto">
                  <CardActions itemPath={`/admin/mentors/${mentor.id}`} itemLabel={mentor.name} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </div>
  );
}
