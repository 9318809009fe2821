import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listEnrollmentsForAdmin } from "~/models/orders/enrollment.server";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { methodNotAllowed } from "~/utils/api.server";
import { listApiResponse, paiseToRupees, readApiListParams } from "~/services/list-params.server";

/**
 * GET /api/admin/enrollments (admin only): every course
 * enrollment, paid or not, newest first, as `[{ id, userId, studentEmail,
 * studentFirstName, studentLastName, courseId, courseTitle, amount,
 * paymentStatus, paymentIntentId, provider, providerOrderId, providerPaymentId,
 * enrolledAt, refunded, disputeStatus }]`: `provider` stripe, razorpay, offline,
 * grant or null (older Stripe orders and free ones);
 * `amount` and `refunded` (returned so far) in rupees (4999.5),
 * `paymentStatus` as stored, `disputeStatus` open, won, lost or null, ISO time. ?q= searches the student's email and
 * name, the course title and the payment's id at its provider; ?page= and ?pageSize=
 * (default 100, at most 500) page it; X-Total-Count and Link (rel prev/next)
 * tell the rest. 401 signed out, 403 a content manager, 405 other methods.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "users");
  return listApiResponse(request, listEnrollmentsForAdmin(readApiListParams(request)), ({ amountPaise, refundedPaise, ...enrollment }) => ({
    ...enrollment,
    amount: paiseToRupees(amountPaise),
    refunded: paiseToRupees(refundedPaise),
    enrolledAt: enrollment.enrolledAt.toISOString(),
  }));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request, "users");
  return methodNotAllowed(["GET"]);
}
