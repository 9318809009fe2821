import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { listStudentOrders } from "~/models/orders/order-receipt.server";
import { taxDocumentsOfOrders } from "~/models/orders/tax-document.server";
import { formatIndiaDateTime, formatIsoDateInIndia } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import { orderNumber } from "~/utils/order-number";
import { paymentFlags, paymentStatusLabel } from "~/utils/payment-status";
import { pageMeta } from "~/utils/seo";
import { requireUser } from "~/services/accounts/sessions/student-session.server";

// /account/orders: every order of the signed-in student, paid or not, with a
// receipt to download for each completed one. Nothing here writes, so there is
// no action. (`account_`: a page of its own, not drawn inside /account's.)

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Your Orders", description: "Your course orders and receipts.", path: "/account/orders", noindex: true });

const SIGN_IN_FIRST = { title: "Please sign in", description: "Sign in to see your orders." };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_FIRST });
  const studentOrders = listStudentOrders(user.id);
  const taxDocuments = taxDocumentsOfOrders(studentOrders.map((order) => order.orderId));
  const orders = studentOrders.map((order) => ({
    id: order.orderId,
    number: orderNumber(order.orderId),
    courseId: order.courseId,
    courseTitle: order.courseTitle,
    amount: formatPrice(order.amountPaise),
    coupon: order.couponCode,
    status: order.paymentStatus,
    statusLabel: paymentStatusLabel(order.paymentStatus),
    flags: paymentFlags(order),
    date: formatIndiaDateTime(order.orderedAt),
    isoDate: formatIsoDateInIndia(order.orderedAt),
    // Its GST invoice and credit notes: they stay downloadable after a refund (decision 0031).
    taxDocuments: documentLinks(order.orderId, taxDocuments.get(order.orderId) ?? []),
  }));
  return { orders };
}

/**
 * Each tax document's download. The invoice in force is the order's invoice;
 * an earlier one (credited when a move changed the place of supply) is named.
 */
function documentLinks(orderId: number, documents: { id: number; kind: string; number: string }[]) {
  const current = documents.filter((document) => document.kind === "invoice").at(-1);
  return documents.map((document) => ({
    number: document.number,
    label: document.kind === "invoice" ? "Download invoice" : "Download credit note",
    href:
      document.kind !== "invoice"
        ? `/account/orders/${orderId}/credit-notes/${document.id}`
        : document === current
          ? `/account/orders/${orderId}/invoice`
          : `/account/orders/${orderId}/invoice?document=${document.id}`,
  }));
}

const STATUS_TONES: Record<string, BadgeTone> = {
  completed: "green",
  pending: "gold",
  failed: "red",
  refunded: "slate",
  charged_back: "red",
};

export default function AccountOrdersPage() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-1 justify-center bg-slate-100 px-4 py-12 sm:py-16">
      <div className="grid w-full max-w-2xl content-start gap-6">
        <p>
          <Link to="/account" className="text-sm font-medium text-navy-900 underline">
            Back to your account
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-navy-900">Your Orders</h1>
        {orders.length === 0 ? (
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <p className="text-slate-700">You have not ordered a course yet.</p>
            <Link to="/courses" className={`${buttonClass("primary")} mt-4`}>
              Browse courses
            </Link>
          </div>
        ) : (
          <ul className="grid gap-4">
            {orders.map((order) => (
              <li key={order.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <article aria-labelledby={`order-${order.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <h2 id={`order-${order.id}`} className="text-lg font-bold text-navy-900">
                      {order.courseTitle}
                    </h2>
                    <span className="flex flex-wrap gap-2">
                      <Badge tone={STATUS_TONES[order.status] ?? "slate"}>{order.statusLabel}</Badge>
                      {order.flags.map((flag) => (
                        <Badge key={flag} tone="orange">
                          {flag}
                        </Badge>
                      ))}
                    </span>
                  </div>
                  <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-600">Order</dt>
                    <dd className="text-slate-900">{order.number}</dd>
                    <dt className="text-slate-600">Date</dt>
                    <dd className="text-slate-900">
                      <time dateTime={order.isoDate}>{order.date}</time>
                    </dd>
                    <dt className="text-slate-600">Amount</dt>
                    <dd className="font-semibold text-slate-900">{order.amount}</dd>
                    {order.coupon ? (
                      <>
                        <dt className="text-slate-600">Coupon</dt>
                        <dd className="text-slate-900">{order.coupon}</dd>
                      </>
                    ) : null}
                  </dl>
                  {order.taxDocuments.length && order.status !== "completed" ? (
                    <div className="mt-4 flex flex-wrap gap-3">
                      <TaxDocumentLinks documents={order.taxDocuments} />
                    </div>
                  ) : null}
                  {order.status === "completed" ? (
                    <div className="mt-4 flex flex-wrap gap-3">
                      <TaxDocumentLinks documents={order.taxDocuments} />
                      {/* A file download: a plain link the browser fetches itself. */}
                      <a href={`/account/orders/${order.id}/receipt`} className={buttonClass("outline")} download>
                        Download receipt<span className="sr-only"> for order {order.number}</span>
                      </a>
                      <Link to={`/learn/${order.courseId}`} className={buttonClass("primary")}>
                        Go to the course
                      </Link>
                    </div>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** File downloads: plain links the browser fetches itself. */
function TaxDocumentLinks({ documents }: { documents: { number: string; label: string; href: string }[] }) {
  return documents.map((document) => (
    <a key={document.href} href={document.href} className={buttonClass("outline")} download>
      {document.label}
      <span className="sr-only"> {document.number}</span>
    </a>
  ));
}
