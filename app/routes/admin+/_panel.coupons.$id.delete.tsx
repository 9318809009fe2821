import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { couponHasHistory, deactivateCoupon, deleteCoupon, findCouponForAdmin } from "~/models/coupon.server";
import { COUPON_MESSAGES } from "~/schemas/admin-coupon";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

// The delete confirmation, a route of its own so it works without JavaScript.
// A coupon that has been used (redeemed, or named by an order) keeps that
// history: the dialog offers deactivation instead.

const notFound = () => new Response("Not Found", { status: 404 });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Delete Coupon", description: "Admin panel: delete a coupon.", path: "/admin/coupons", noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "coupons");
  const coupon = findCouponForAdmin(params.id ?? "");
  if (!coupon) throw notFound();
  const history = couponHasHistory(coupon)
    ? coupon.isActive
      ? { reason: COUPON_MESSAGES.hasHistory, deactivateLabel: "Deactivate" }
      : { reason: COUPON_MESSAGES.alreadyInactive }
    : null;
  return { id: coupon.id, code: coupon.code, history, backTo: listPathFor(request, "/admin/coupons") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "coupons");
  const intent = (await readFormData(request)).get("intent");
  const backTo = listPathFor(request, "/admin/coupons");
  if (intent === "deactivate") {
    const result = deactivateCoupon(params.id ?? "");
    if (!result.ok) throw notFound();
    return redirectAfterAdminChange(admin, { entity: "coupon", verb: "deactivated", id: result.id }, backTo, {
      title: COUPON_MESSAGES.deactivated,
      description: COUPON_MESSAGES.deactivatedText(result.code),
    });
  }
  if (intent !== "delete") throw new Response("Bad Request", { status: 400 });
  const result = deleteCoupon(params.id ?? "");
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    // Used since the dialog opened: the reloaded dialog now offers deactivation.
    return data({ refused: true }, { status: 409 });
  }
  return redirectAfterAdminChange(admin, { entity: "coupon", verb: "deleted", id: result.id }, backTo, {
    title: COUPON_MESSAGES.deleted,
    description: COUPON_MESSAGES.removed(result.code),
  });
}

export default function DeleteCouponDialog() {
  const { id, code, history, backTo } = useLoaderData<typeof loader>();
  return (
    <ConfirmDeleteDialog id={`delete-coupon-${id}`} question={COUPON_MESSAGES.deleteQuestion(code)} backTo={backTo} history={history} />
  );
}
