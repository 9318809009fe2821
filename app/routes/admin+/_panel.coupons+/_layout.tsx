import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminPageHeader, CardActions, EmptyState, StatusBadge } from "~/components/admin/admin-page";
import { formatCount } from "~/components/admin/admin-table";
import { couponLastDay, listCouponsForAdmin } from "~/models/orders/coupon.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { formatShortDate } from "~/utils/dates";
import { pageMeta } from "~/utils/seo";
import { couponRulesText } from "./__coupon-rules-text";

// The Coupons tab (the coupons checkout accepts had no admin screen before
// this one). Admins only: coupons are money. Redemptions are shown; checkout
// alone counts them.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Coupons", description: "Admin panel: coupons.", path: "/admin/coupons", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "coupons");
  const now = Date.now();
  const coupons = listCouponsForAdmin().map((coupon) => {
    const limit = coupon.maxRedemptions === null ? "Unlimited" : formatCount(coupon.maxRedemptions);
    return {
      id: coupon.id,
      code: coupon.code,
      rules: couponRulesText(coupon),
      isActive: coupon.isActive,
      lastDay: coupon.expiresAt ? couponLastDay(coupon.expiresAt) : null,
      expiry: coupon.expiresAt ? formatShortDate(new Date(coupon.expiresAt.getTime() - 1)) : "No expiry",
      expired: coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now,
      limit,
      used: `${formatCount(coupon.redemptionCount)} of ${limit}`,
    };
  });
  return { coupons };
}

/** A cell; on a phone its column name shows above the value (from data-label, so it is not part of the cell's text). */
const CELL =
  "px-4 py-3 max-md:p-0 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]";

export default function AdminCoupons() {
  const { coupons } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Coupons" action={{ to: "/admin/coupons/new", label: "Add Coupon" }} />
      <p className="text-slate-700">Students type these codes at checkout. A coupon works until the end of its last day, India time.</p>
      {coupons.length === 0 ? (
        <EmptyState title="No coupons yet" hint="Add a coupon to offer a discount at checkout." />
      ) : (
        <div
          className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:overflow-x-auto"
          role="region"
          aria-labelledby="coupons-caption"
          tabIndex={0}
        >
          {/* On a phone each row stacks into a card: the header row is hidden and each cell shows its label. */}
          <table className="w-full text-left text-sm md:min-w-[48rem]">
            <caption id="coupons-caption" className="sr-only">
              Coupons
            </caption>
            <thead className="bg-slate-50 text-slate-700 max-md:sr-only">
              <tr>
                {["Code", "Rules", "Expiry", "Limit", "Redemptions used", "Status"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 max-md:block">
              {coupons.map((coupon) => (
                <tr key={coupon.id} className="max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:p-4">
                  <th scope="row" className="px-4 py-3 font-mono font-semibold text-navy-900 max-md:col-span-2 max-md:p-0 max-md:text-base">
                    {coupon.code}
                  </th>
                  <td data-label="Rules" className={CELL}>
                    {coupon.rules}
                  </td>
                  <td data-label="Expiry" className={CELL}>
                    {coupon.lastDay ? <time dateTime={coupon.lastDay}>{coupon.expiry}</time> : coupon.expiry}
                    {coupon.expired ? <span className="ml-1 font-semibold text-red-800">(expired)</span> : null}
                  </td>
                  <td data-label="Limit" className={CELL}>
                    {coupon.limit}
                  </td>
                  <td data-label="Redemptions used" className={CELL}>
                    {coupon.used}
                  </td>
                  <td data-label="Status" className={CELL}>
                    <StatusBadge on={coupon.isActive} onLabel="Active" offLabel="Inactive" />
                  </td>
                  <td className="px-4 py-2 max-md:col-span-2 max-md:p-0">
                    <CardActions itemPath={`/admin/coupons/${coupon.id}`} itemLabel={coupon.code} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet />
    </div>
  );
}
