import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { couponLastDay, findCouponForAdmin, updateCoupon } from "~/models/coupon.server";
import { COUPON_MESSAGES, CouponSchema } from "~/schemas/admin-coupon";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { CouponForm, type CouponFormDefaults } from "./__coupon-form";
import { couponRefusal } from "./__coupon-form.server";
import { readFormData } from "~/utils/form-data.server";

const notFound = () => new Response("Not Found", { status: 404 });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: data ? `Edit Coupon: ${data.code}` : "Edit Coupon",
    description: "Admin panel: edit a coupon.",
    path: "/admin/coupons",
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "coupons");
  const coupon = findCouponForAdmin(params.id ?? "");
  if (!coupon) throw notFound();
  const defaults: CouponFormDefaults = {
    code: coupon.code,
    percentOff: String(coupon.percentOff),
    expiresOn: coupon.expiresAt ? couponLastDay(coupon.expiresAt) : "",
    maxRedemptions: coupon.maxRedemptions === null ? "" : String(coupon.maxRedemptions),
    isActive: coupon.isActive ? "on" : undefined,
  };
  return {
    id: coupon.id,
    code: coupon.code,
    redemptionCount: coupon.redemptionCount,
    defaults,
    backTo: listPathFor(request, "/admin/coupons"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "coupons");
  if (!findCouponForAdmin(params.id ?? "")) throw notFound();
  const submission = parseWithZod(await readFormData(request), { schema: CouponSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = updateCoupon(params.id ?? "", submission.value);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return couponRefusal(submission, result);
  }
  return redirectAfterAdminChange(admin, { entity: "coupon", verb: "updated", id: result.id }, listPathFor(request, "/admin/coupons"), {
    title: COUPON_MESSAGES.updated,
    description: COUPON_MESSAGES.saved(result.code),
  });
}

export default function EditCouponDialog() {
  const { id, redemptionCount, defaults, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id={`edit-coupon-${id}`} title="Edit Coupon" backTo={backTo}>
      <CouponForm
        id={`edit-coupon-form-${id}`}
        defaultValue={defaults}
        lastResult={actionData?.result}
        redemptionCount={redemptionCount}
        cancelTo={backTo}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </AdminDialog>
  );
}
