import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { createCoupon, listCouponScopeChoices } from "~/models/orders/coupon.server";
import { CouponSchema } from "~/schemas/admin-coupon";
import { COUPON_MESSAGES } from "~/content/messages/admin";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { CouponForm } from "./__coupon-form";
import { couponRefusal } from "./__coupon-form.server";
import { readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Add Coupon", description: "Admin panel: add a coupon.", path: "/admin/coupons/new", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "coupons");
  return { backTo: listPathFor(request, "/admin/coupons"), scopeChoices: listCouponScopeChoices() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "coupons");
  const submission = parseWithZod(await readFormData(request), { schema: CouponSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = createCoupon(submission.value);
  if (!result.ok) return couponRefusal(submission, result);
  return redirectAfterAdminChange(admin, { entity: "coupon", verb: "created", id: result.id }, listPathFor(request, "/admin/coupons"), {
    title: COUPON_MESSAGES.created,
    description: COUPON_MESSAGES.saved(result.code),
  });
}

export default function NewCouponDialog() {
  const { backTo, scopeChoices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="new-coupon" title="Add Coupon" backTo={backTo}>
      <CouponForm
        id="new-coupon-form"
        defaultValue={{ kind: "percent", isActive: "on" }}
        scopeChoices={scopeChoices}
        lastResult={actionData?.result}
        cancelTo={backTo}
        submitLabel="Create Coupon"
        pendingLabel="Creating..."
      />
    </AdminDialog>
  );
}
