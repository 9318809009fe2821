import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminTable, PaymentBadge, PaymentFlag } from "~/components/admin/admin-table";
import { listEnrollmentsForAdmin } from "~/models/orders/enrollment.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { readTableParams } from "~/services/list-params.server";
import { formatPrice } from "~/utils/money";
import { paidByLabel, paymentFlags, paymentStatusLabel } from "~/utils/payment-status";
import { pageMeta } from "~/utils/seo";

// Course Enrollments: every enrollment, paid or
// not, newest first, with the amount and the payment status (Pending,
// Completed, Failed, Refunded, Charged back, Revoked; anything else 'Unknown') and what
// the provider reported since (Partly refunded ₹x, Dispute open); searched and paged
// on the server.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Course Enrollments",
    description: "Admin panel: course enrollments.",
    path: "/admin/users/enrollments",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const params = readTableParams(request);
  const list = listEnrollmentsForAdmin(params);
  return {
    query: params.q,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    searchTooShort: list.searchTooShort,
    nextKey: list.nextKey,
    previousKey: list.previousKey,
    rows: list.rows.map((enrollment) => ({
      id: enrollment.id,
      student: [enrollment.studentFirstName, enrollment.studentLastName].filter(Boolean).join(" "),
      email: enrollment.studentEmail ?? "",
      courseTitle: enrollment.courseTitle ?? "(deleted course)",
      amountLabel: formatPrice(enrollment.amountPaise),
      statusLabel: paymentStatusLabel(enrollment.paymentStatus),
      paidBy: paidByLabel(enrollment),
      flags: paymentFlags(enrollment),
      enrolledIso: enrollment.enrolledAt.toISOString(),
      enrolledLabel: formatIndiaDateTime(enrollment.enrolledAt),
    })),
  };
}

export default function EnrollmentsTable() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminTable
      title="Course Enrollments"
      itemsLabel="enrollments"
      emptyHint="Enrollments appear here when students check out a course."
      search={{ label: "Search enrollments", placeholder: "Student, email, course or payment ID" }}
      {...data}
      minWidthClass="min-w-[58rem]"
      rowKey={(enrollment) => enrollment.id}
      columns={[
        {
          header: "Student",
          cell: (enrollment) => enrollment.student || <span className="text-slate-600">(no name)</span>,
          className: "font-medium text-navy-900",
        },
        { header: "Email", cell: (enrollment) => enrollment.email, className: "break-all" },
        { header: "Course", cell: (enrollment) => enrollment.courseTitle },
        { header: "Amount", cell: (enrollment) => enrollment.amountLabel, className: "whitespace-nowrap tabular-nums" },
        { header: "Paid by", cell: (enrollment) => enrollment.paidBy },
        {
          header: "Payment",
          cell: (enrollment) => (
            <div className="flex flex-wrap gap-1">
              <PaymentBadge label={enrollment.statusLabel} />
              {enrollment.flags.map((flag) => (
                <PaymentFlag key={flag} label={flag} />
              ))}
            </div>
          ),
        },
        {
          header: "Enrolled",
          cell: (enrollment) => <time dateTime={enrollment.enrolledIso}>{enrollment.enrolledLabel}</time>,
          className: "whitespace-nowrap",
        },
      ]}
    />
  );
}
