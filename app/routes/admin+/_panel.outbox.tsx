import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { listOutboxMessages } from "~/models/site/outbox.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { getEnv } from "~/utils/env.server";
import { readTableParams } from "~/services/list-params.server";
import { pageMeta } from "~/utils/seo";
import { outboxSummary, OutboxStateBadge } from "./__outbox-state";

// The Outbox tab: every message the site has queued, newest first, with its
// state. Without a mail server (SMTP_URL) nothing is sent and this is where
// the messages are read. Admins only: messages carry students' sign-in links.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Outbox", description: "Admin panel: mail sent by the site.", path: "/admin/outbox", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "outbox");
  const params = readTableParams(request);
  const list = listOutboxMessages(params);
  return {
    mailServer: Boolean(getEnv().SMTP_URL),
    query: params.q,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    searchTooShort: list.searchTooShort,
    nextKey: list.nextKey,
    previousKey: list.previousKey,
    rows: list.rows.map(outboxSummary),
  };
}

export default function AdminOutbox() {
  const { mailServer, ...table } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-navy-900">Outbox</h1>
      <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm ring-1 ring-slate-200">
        {mailServer
          ? "Messages are sent through the configured mail server. Failed attempts are tried again after a growing wait."
          : "No mail server is configured (SMTP_URL), so messages are kept here and not sent. Open one to read it and its links."}
      </p>
      <AdminTable
        title="Messages"
        itemsLabel="messages"
        emptyHint="Messages appear here when the site writes to someone, such as a new student's confirmation link."
        search={{ label: "Search messages", placeholder: "Recipient or subject" }}
        {...table}
        rowKey={(message) => message.id}
        minWidthClass="min-w-[48rem]"
        columns={[
          { header: "To", cell: (message) => message.to, className: "break-all" },
          {
            header: "Subject",
            cell: (message) => (
              <Link to={`/admin/outbox/${message.id}`} className="font-medium text-teal-800 underline underline-offset-4">
                {message.subject}
              </Link>
            ),
          },
          {
            header: "State",
            cell: (message) => (
              <>
                <OutboxStateBadge state={message.state} attempts={message.attempts} />
                {message.lastError ? <p className="mt-1 line-clamp-2 text-xs text-red-800">{message.lastError}</p> : null}
              </>
            ),
          },
          {
            header: "Queued",
            cell: (message) => <time dateTime={message.queuedIso}>{message.queuedLabel}</time>,
            className: "whitespace-nowrap",
          },
        ]}
      />
    </div>
  );
}
