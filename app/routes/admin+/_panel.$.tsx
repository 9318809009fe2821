import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { currentAdminPath } from "~/utils/admin-routes";

// Any other address under /admin. The panel's old addresses (…/:id/edit,
// …/:id/delete, /admin/content/post/…) may sit in admins' bookmarks: they move
// permanently (301) to the resource's own address. Anything else is 404
// inside the panel.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const moved = currentAdminPath(new URL(request.url));
  if (moved) throw redirect(moved, 301);
  throw new Response("Not Found", { status: 404 });
}

export default function NoSuchAdminPage() {
  return null;
}
