import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { recordAdminAction } from "~/models/audit-log.server";
import { endAdminSession, getOptionalAdmin } from "~/utils/admin-auth.server";

// Logout (admin spec §4): the session ends and the admin goes to /.
export async function action({ request }: ActionFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  if (admin) recordAdminAction(admin, "admin_logout");
  return redirect("/", { headers: { "Set-Cookie": await endAdminSession(request) } });
}

export function loader() {
  return redirect("/admin");
}
