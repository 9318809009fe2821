import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { FormNotice } from "~/components/forms";
import {
  couponHasHistory,
  couponLastDay,
  deactivateCoupon,
  deleteCoupon,
  findCouponForAdmin,
  listCouponScopeChoices,
  updateCoupon,
  type AdminCoupon,
} from "~/models/orders/coupon.server";
import { CouponSchema } from "~/schemas/admin-coupon";
import { COUPON_MESSAGES } from "~/content/messages/admin";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readItemForm } from "~/utils/form-intent.server";
import { asksToConfirmDelete, listPathFor } from "~/utils/admin-routes";
import { paiseToDecimalString } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { CouponForm, type CouponFormDefaults } from "./__coupon-form";
import { couponRefusal } from "./__coupon-form.server";

// One coupon: 'Edit Coupon', prefilled; with ?confirm=delete the question
// before deleting. A coupon that has been used (redeemed, or named by an
// order) keeps that history: the question offers deactivation instead.

const LIST = "/admin/coupons";
const notFound = () => new Response("Not Found", { status: 404 });

function couponOr404(id: string | undefined) {
  const coupon = findCouponForAdmin(id ?? "");
  if (!coupon) throw notFound();
  return coupon;
}

const rupeesText = (paise: number | null) => (paise === null ? "" : paiseToDecimalString(paise).replace(/\.00$/, ""));
const idsOf = (coupon: AdminCoupon, type: "course" | "batch" | "event") =>
  coupon.scope.filter((item) => item.type === type).map((item) => String(item.id));

/** The stored coupon as the form's inputs hold it. */
function formDefaults(coupon: AdminCoupon): CouponFormDefaults {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percentOff: coupon.percentOff === null ? "" : String(coupon.percentOff),
    amountOff: rupeesText(coupon.amountOffPaise),
    minOrder: rupeesText(coupon.minOrderPaise),
    perStudentLimit: coupon.perStudentLimit === null ? "" : String(coupon.perStudentLimit),
    courseIds: idsOf(coupon, "course"),
    batchIds: idsOf(coupon, "batch"),
    eventIds: idsOf(coupon, "event"),
    expiresOn: coupon.expiresAt ? couponLastDay(coupon.expiresAt) : "",
    maxRedemptions: coupon.maxRedemptions === null ? "" : String(coupon.maxRedemptions),
    isActive: coupon.isActive ? "on" : undefined,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "coupons");
  const coupon = couponOr404(params.id);
  const backTo = listPathFor(request, LIST);
  if (asksToConfirmDelete(request)) {
    const history = couponHasHistory(coupon)
      ? coupon.isActive
        ? { reason: COUPON_MESSAGES.hasHistory, deactivateLabel: "Deactivate" }
        : { reason: COUPON_MESSAGES.alreadyInactive }
      : null;
    return {
      id: coupon.id,
      code: coupon.code,
      backTo,
      confirmDelete: { question: COUPON_MESSAGES.deleteQuestion(coupon.code), history },
      edit: null,
    };
  }
  const edit = {
    defaults: formDefaults(coupon),
    redemptionCount: coupon.redemptionCount,
    scopeChoices: listCouponScopeChoices({
      keepEventIds: idsOf(coupon, "event").map(Number),
      keepBatchIds: idsOf(coupon, "batch").map(Number),
    }),
  };
  return { id: coupon.id, code: coupon.code, backTo, confirmDelete: null, edit };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: data ? `${data.confirmDelete ? "Delete" : "Edit"} Coupon: ${data.code}` : "Coupon",
    description: "Admin panel: a coupon.",
    path: LIST,
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "coupons");
  const coupon = couponOr404(params.id);
  const backTo = listPathFor(request, LIST);
  const { formData, intent } = await readItemForm(request, ["save", "delete", "deactivate"]);

  if (intent === "deactivate") {
    const result = deactivateCoupon(coupon.id);
    if (!result.ok) throw notFound();
    return redirectAfterAdminChange(admin, { entity: "coupon", verb: "deactivated", id: result.id }, backTo, {
      title: COUPON_MESSAGES.deactivated,
      description: COUPON_MESSAGES.deactivatedText(result.code),
    });
  }
  if (intent === "delete") {
    const result = deleteCoupon(coupon.id);
    if (!result.ok) {
      if (result.reason === "not-found") throw notFound();
      // Used since the question opened: the reloaded question now offers deactivation.
      return data({ refused: true, result: undefined }, { status: 409 });
    }
    return redirectAfterAdminChange(admin, { entity: "coupon", verb: "deleted", id: result.id }, backTo, {
      title: COUPON_MESSAGES.deleted,
      description: COUPON_MESSAGES.removed(result.code),
    });
  }
  const submission = parseWithZod(formData, { schema: CouponSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = updateCoupon(coupon.id, submission.value);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return couponRefusal(submission, result);
  }
  return redirectAfterAdminChange(admin, { entity: "coupon", verb: "updated", id: result.id }, backTo, {
    title: COUPON_MESSAGES.updated,
    description: COUPON_MESSAGES.saved(result.code),
  });
}

export default function CouponDialog() {
  const coupon = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { id, backTo } = coupon;
  if (coupon.confirmDelete) return <ConfirmDeleteDialog id={`delete-coupon-${id}`} backTo={backTo} {...coupon.confirmDelete} />;
  return (
    <AdminDialog id={`edit-coupon-${id}`} title="Edit Coupon" backTo={backTo}>
      {actionData && "refused" in actionData ? (
        <div className="mb-4">
          <FormNotice title="Not deleted">{COUPON_MESSAGES.hasHistory}</FormNotice>
        </div>
      ) : null}
      <CouponForm
        id={`edit-coupon-form-${id}`}
        defaultValue={coupon.edit.defaults}
        lastResult={actionData?.result}
        redemptionCount={coupon.edit.redemptionCount}
        scopeChoices={coupon.edit.scopeChoices}
        cancelTo={backTo}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </AdminDialog>
  );
}
