import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PaymentBadge, PaymentFlag } from "~/components/admin/admin-table";
import { LATE_CREDIT_NOTE_ADVICE } from "~/utils/late-credit-note";
import type { loadStudentPage } from "./__student-page.server";
import { OutboxStateBadge } from "../__outbox-state";

// The read-only sections of the admin's page for one student: orders, course
// progress, event registrations and the messages sent to them.

type PageData = ReturnType<typeof loadStudentPage>;

/** The student's page; its confirmation steps add ?confirm=… to it. */
export const studentPath = (id: string) => `/admin/users/${id}`;

/** A section with a heading, a table of `rows`, or `empty` when there are none. */
function RecordTable<Row>({
  id,
  title,
  empty,
  headings,
  rows,
  row,
}: {
  id: string;
  title: string;
  empty: string;
  headings: string[];
  rows: Row[];
  row: (item: Row) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-lg font-semibold text-navy-900">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {headings.map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">{rows.map(row)}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const cell = "px-3 py-2";

export function StudentOrders({ orders, studentId }: { orders: PageData["orders"]; studentId: string }) {
  return (
    <RecordTable
      id="student-orders"
      title="Orders"
      empty="No orders yet."
      headings={["Course", "Status", "Paid by", "Amount", "Refunded", "Coupon", "Date (IST)", "GST invoice / credit notes", "Access"]}
      rows={orders}
      row={(order) => (
        <tr key={order.id}>
          <th scope="row" className={`${cell} font-medium`}>
            {order.course}
          </th>
          <td className={cell}>
            <div className="flex flex-wrap gap-1">
              <PaymentBadge label={order.status} />
              {order.flags.map((flag) => (
                <PaymentFlag key={flag} label={flag} />
              ))}
            </div>
          </td>
          <td className={cell}>{order.paidBy}</td>
          <td className={`${cell} tabular-nums`}>{order.amount}</td>
          <td className={`${cell} tabular-nums`}>{order.refunded ?? "None"}</td>
          <td className={`${cell} font-mono`}>{order.coupon ?? "None"}</td>
          <td className={`${cell} whitespace-nowrap`}>{order.date}</td>
          <td className={cell}>
            <span className="font-mono whitespace-nowrap">{order.taxDocuments.length ? order.taxDocuments.join(", ") : "None"}</span>
            {order.lateCreditNotes.map((late) => (
              <p key={late.number} className="mt-2 max-w-sm rounded-lg bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200">
                <strong>{`${late.number}: ${late.flag}.`}</strong> {LATE_CREDIT_NOTE_ADVICE}
              </p>
            ))}
          </td>
          <td className={cell}>
            {order.refundable ? (
              <Link
                to={`${studentPath(studentId)}?${new URLSearchParams({ confirm: "refund", enrollment: String(order.id) })}`}
                className="mr-3 font-medium text-navy-900 underline"
              >
                Refund<span className="sr-only"> {order.course}</span>
              </Link>
            ) : null}
            {order.revocable ? (
              <Link
                to={`${studentPath(studentId)}?${new URLSearchParams({ confirm: "revoke", enrollment: String(order.id) })}`}
                className="font-medium text-red-800 underline"
              >
                Revoke<span className="sr-only"> {order.course}</span>
              </Link>
            ) : null}
          </td>
        </tr>
      )}
    />
  );
}

export function StudentProgress({ progress }: { progress: PageData["progress"] }) {
  return (
    <RecordTable
      id="student-progress"
      title="Course progress"
      empty="No paid courses yet."
      headings={["Course", "Required lessons done", "Progress", "Last activity (IST)", "Certificate"]}
      rows={progress}
      row={(course) => (
        <tr key={course.courseId}>
          <th scope="row" className={`${cell} font-medium`}>
            <Link to={`/admin/courses/${course.courseId}/curriculum`} className="text-navy-900 underline">
              {course.title}
            </Link>
          </th>
          <td className={cell}>
            {course.done} of {course.required}
          </td>
          <td className={cell}>{course.percent}%</td>
          <td className={cell}>{course.lastActivity}</td>
          <td className={`${cell} font-mono`}>{course.certificate ?? "Not yet"}</td>
        </tr>
      )}
    />
  );
}

export function StudentRegistrations({ registrations }: { registrations: PageData["registrations"] }) {
  return (
    <RecordTable
      id="student-registrations"
      title="Event registrations"
      empty="No event registrations."
      headings={["Event", "Event date (IST)", "Registered (IST)"]}
      rows={registrations}
      row={(registration) => (
        <tr key={registration.id}>
          <th scope="row" className={`${cell} font-medium`}>
            <Link to={`/admin/events/${registration.eventId}/registrations`} className="text-navy-900 underline">
              {registration.event}
            </Link>
          </th>
          <td className={cell}>{registration.eventDate}</td>
          <td className={cell}>{registration.registered}</td>
        </tr>
      )}
    />
  );
}

export function StudentMessages({ messages }: { messages: PageData["messages"] }) {
  return (
    <RecordTable
      id="student-messages"
      title="Messages sent"
      empty="No messages to this student."
      headings={["Subject", "To", "State", "Queued (IST)"]}
      rows={messages}
      row={(message) => (
        <tr key={message.id}>
          <th scope="row" className={`${cell} font-medium`}>
            <Link to={`/admin/outbox/${message.id}`} className="text-navy-900 underline">
              {message.subject}
            </Link>
          </th>
          <td className={`${cell} break-all`}>{message.to}</td>
          <td className={cell}>
            <OutboxStateBadge state={message.state} attempts={message.attempts} />
          </td>
          <td className={`${cell} whitespace-nowrap`}>{message.queued}</td>
        </tr>
      )}
    />
  );
}
