import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { recordAdminAction } from "~/models/site/audit-log.server";
import { endAdminSession, getOptionalAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectWithToast } from "~/utils/toast.server";

// Logout: the session ends and the admin goes to /.
export async function action({ request }: ActionFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  const headers = { "Set-Cookie": await endAdminSession(request) };
  if (!admin) return redirect("/", { headers });
  recordAdminAction(admin, "admin_logout");
  return redirectWithToast(
    "/",
    { title: "Logged out", description: "You have left the admin panel.", analyticsEvent: "admin_logout" },
    { headers },
  );
}

export function loader() {
  return redirect("/admin");
}
