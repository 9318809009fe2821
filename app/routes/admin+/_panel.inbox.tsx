import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState, PageLinks } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import {
  countUnreadMessages,
  INBOX_FILTERS,
  listInboxMessages,
  markMessageRead,
  type InboxFilter,
} from "~/models/content/contact-message.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { formatIndiaDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/seo";
import { oneOf, parseId } from "~/utils/validation";
import { readFormData } from "~/utils/form-data.server";
import { countOf } from "~/utils/plural";

// The Inbox tab (contact messages had no admin screen before this one). Admins
// only: the messages are visitors' personal data. Unread first, newest first,
// 20 to a page. Reading the list changes nothing; an admin marks a message
// read or unread with its own button (a POST).

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Inbox", description: "Admin panel: contact messages.", path: "/admin/inbox", noindex: true });

// The component's copy of the model's INBOX_FILTERS (a .server module stays out of the browser bundle).
const FILTER_LINKS: { filter: InboxFilter; label: string }[] = [
  { filter: "all", label: "All" },
  { filter: "unread", label: "Unread" },
  { filter: "read", label: "Read" },
];
const INTENTS = { "mark-read": true, "mark-unread": false } as const;

function inboxHref(filter: InboxFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("show", filter);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/inbox?${search}` : "/admin/inbox";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "inbox");
  const params = new URL(request.url).searchParams;
  const filter = oneOf(params.get("show"), INBOX_FILTERS, "all");
  const inbox = listInboxMessages({ filter, page: parseId(params.get("page")) ?? 1 });
  return {
    filter,
    page: inbox.page,
    pageCount: inbox.pageCount,
    total: inbox.total,
    unread: countUnreadMessages(),
    messages: inbox.messages.map((message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      phone: message.phone,
      subject: message.subject,
      message: message.message,
      isRead: message.isRead,
      receivedAt: message.createdAt.toISOString(),
      received: formatIndiaDateTime(message.createdAt),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "inbox");
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent !== "mark-read" && intent !== "mark-unread") throw new Response("Bad Request", { status: 400 });
  const id = form.get("id");
  const result = markMessageRead(typeof id === "string" ? id : "", INTENTS[intent]);
  if (!result.ok) throw new Response("Not Found", { status: 404 });
  const read = INTENTS[intent];
  return redirectAfterAdminChange(
    admin,
    { entity: "contact_message", verb: read ? "marked_read" : "marked_unread", id: result.id },
    listPathFor(request, "/admin/inbox"),
    { title: read ? "Marked as read" : "Marked as unread", description: `Message from ${result.name}: “${result.subject}”` },
  );
}

const unreadText = (count: number) => (count === 0 ? "No unread messages" : countOf(count, "unread message"));

/** tel: wants digits (and a leading +) only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function AdminInbox() {
  const { filter, page, pageCount, total, unread, messages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-navy-900">Inbox</h1>
        <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-navy-900 ring-1 ring-slate-300" data-testid="unread-count">
          {unreadText(unread)}
        </p>
      </div>

      <nav aria-label="Show messages" className="flex flex-wrap gap-2">
        {FILTER_LINKS.map((option) => (
          <Link
            key={option.filter}
            to={inboxHref(option.filter)}
            aria-current={option.filter === filter ? "page" : undefined}
            className={buttonClass(option.filter === filter ? "secondary" : "outline", "min-h-11 px-4 py-2")}
          >
            {option.label}
          </Link>
        ))}
      </nav>

      {messages.length === 0 ? (
        <EmptyState
          title={filter === "unread" ? "No unread messages" : filter === "read" ? "No read messages" : "No messages yet"}
          hint={filter === "all" ? "Messages sent from the contact form appear here." : undefined}
        />
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {messages.map((message) => {
            const headingId = `message-${message.id}-subject`;
            return (
              <li key={message.id}>
                <article
                  aria-labelledby={headingId}
                  className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ${message.isRead ? "ring-slate-200" : "ring-2 ring-teal-600"}`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 id={headingId} className="text-lg font-bold break-words text-navy-900">
                        {message.subject}
                      </h2>
                      <p className="mt-1 text-sm text-slate-700">
                        From <span className="font-semibold">{message.name}</span> ·{" "}
                        <a href={`mailto:${message.email}`} className="break-all text-teal-800 underline underline-offset-4">
                          {message.email}
                        </a>
                        {message.phone ? (
                          <>
                            {" "}
                            ·{" "}
                            <a href={telHref(message.phone)} className="text-teal-800 underline underline-offset-4">
                              {message.phone}
                            </a>
                          </>
                        ) : null}
                      </p>
                      <p className="text-sm text-slate-600">
                        Received <time dateTime={message.receivedAt}>{message.received}</time>
                      </p>
                    </div>
                    {message.isRead ? null : (
                      <span className="inline-flex items-center rounded-full bg-teal-100 px-2.5 py-0.5 text-xs font-semibold text-teal-900">
                        Unread
                      </span>
                    )}
                  </div>
                  <p className="mt-3 whitespace-pre-line break-words text-slate-800">{message.message}</p>
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="id" value={message.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={message.isRead ? "mark-unread" : "mark-read"}
                      aria-describedby={headingId}
                      disabled={busyId === String(message.id)}
                      className={buttonClass("outline", "min-h-11 px-4 py-2")}
                    >
                      {message.isRead ? "Mark as unread" : "Mark as read"}
                    </button>
                  </Form>
                </article>
              </li>
            );
          })}
        </ul>
      )}

      <PageLinks label="Pages" page={page} pageCount={pageCount} hrefOf={(to) => inboxHref(filter, to)} note={countOf(total, "message")} />
    </div>
  );
}
