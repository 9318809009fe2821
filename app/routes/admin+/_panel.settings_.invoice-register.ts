import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { recordAdminAction } from "~/models/site/audit-log.server";
import { INVOICE_REGISTER_MESSAGES, InvoiceRegisterSchema } from "~/schemas/invoice-register";
import { invoiceRegisterDownload } from "~/services/exports/invoice-register.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

// POST /admin/settings/invoice-register: the month's invoice register as an
// .xlsx, from the Invoicing card of /admin/settings (decision 0031). Admins
// only (the settings area): it is the institute's tax record. A resource
// route, so a plain form post downloads the file and the page stays; a bad
// month or a failure comes back to the page as a toast.

const SETTINGS = "/admin/settings";

/** A GET (a bookmarked or reloaded address) goes to the page with the form. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "settings");
  return redirect(SETTINGS);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "settings");
  const submission = parseWithZod(await readFormData(request), { schema: InvoiceRegisterSchema });
  if (submission.status !== "success")
    return redirectWithToast(SETTINGS, {
      type: "destructive",
      title: INVOICE_REGISTER_MESSAGES.failedTitle,
      description: INVOICE_REGISTER_MESSAGES.month,
    });
  const { month } = submission.value;
  try {
    const response = await invoiceRegisterDownload(month);
    recordAdminAction(admin, "invoice_register_exported", { type: "invoice_register", id: month });
    return response;
  } catch (error) {
    console.error("Invoice register export failed", { month, adminId: admin.adminId }, error);
    return redirectWithToast(SETTINGS, {
      type: "destructive",
      title: INVOICE_REGISTER_MESSAGES.failedTitle,
      description: INVOICE_REGISTER_MESSAGES.failedText,
    });
  }
}
