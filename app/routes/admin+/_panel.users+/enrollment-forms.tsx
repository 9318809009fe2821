import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminTable, PaymentBadge } from "~/components/admin/admin-table";
import { listEnrollmentFormsForAdmin } from "~/models/orders/enrollment-form.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { readTableParams } from "~/services/list-params.server";
import { paymentStatusLabel } from "~/utils/payment-status";
import { pageMeta } from "~/utils/seo";

// Enrollment Forms: what students told us when
// they enrolled, newest first, with the course or event they named; searched
// and paged on the server.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Enrollment Forms",
    description: "Admin panel: enrollment forms.",
    path: "/admin/users/enrollment-forms",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const params = readTableParams(request);
  const list = listEnrollmentFormsForAdmin(params);
  return {
    query: params.q,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    searchTooShort: list.searchTooShort,
    nextKey: list.nextKey,
    previousKey: list.previousKey,
    rows: list.rows.map((form) => ({
      id: form.id,
      name: form.name,
      whatsappNumber: form.whatsappNumber,
      email: form.email ?? "",
      place: `${form.city}, ${form.state}`,
      experienceLevel: form.experienceLevel,
      target: `${form.courseOrEventType === "course" ? "Course" : "Event"}: ${form.courseOrEventTitle ?? "(deleted)"}`,
      sourceOfLead: form.sourceOfLead,
      statusLabel: paymentStatusLabel(form.paymentStatus),
      submittedIso: form.createdAt.toISOString(),
      submittedLabel: formatIndiaDateTime(form.createdAt),
    })),
  };
}

export default function EnrollmentFormsTable() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminTable
      title="Enrollment Forms"
      itemsLabel="enrollment forms"
      emptyHint="Forms appear here when students fill in the enrollment form."
      search={{ label: "Search enrollment forms", placeholder: "Name, WhatsApp, email, city or state" }}
      {...data}
      minWidthClass="min-w-[72rem]"
      rowKey={(form) => form.id}
      columns={[
        { header: "Name", cell: (form) => form.name, className: "font-medium text-navy-900" },
        { header: "WhatsApp", cell: (form) => form.whatsappNumber, className: "whitespace-nowrap" },
        { header: "Email", cell: (form) => form.email || <span className="text-slate-600">—</span>, className: "break-all" },
        { header: "City / State", cell: (form) => form.place },
        { header: "Experience", cell: (form) => form.experienceLevel },
        { header: "Course or event", cell: (form) => form.target },
        { header: "Source of lead", cell: (form) => form.sourceOfLead },
        { header: "Payment", cell: (form) => <PaymentBadge label={form.statusLabel} /> },
        {
          header: "Submitted",
          cell: (form) => <time dateTime={form.submittedIso}>{form.submittedLabel}</time>,
          className: "whitespace-nowrap",
        },
      ]}
    />
  );
}
