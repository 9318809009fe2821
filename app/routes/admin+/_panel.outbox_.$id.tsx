import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { getOutboxMessage, sendFailedMessageAgain } from "~/models/site/outbox.server";
import { mailContentMonths } from "~/models/privacy/retention.server";
import { attachmentBytes } from "~/services/mail/attachments.server";
import { itemIntentOf } from "~/utils/form-intent.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/seo";
import { hideSingleUseLinks } from "~/utils/single-use-links";
import { outboxSummary, OutboxStateBadge } from "./__outbox-state";

// One message of the Outbox: who it is for, its state, its text, and the links
// in it as links. Single-use links (password reset, address confirmation) are
// hidden: they would let whoever reads them into the student's account, and an
// admin is not the student. A message given up on can be sent again. A sent
// message past the months Settings → Retention keeps contents for has only its
// list entry left (recipient, subject, dates, state), and the page says why.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "outbox");
  const message = getOutboxMessage(params.id);
  if (!message) throw new Response("Not Found", { status: 404 });
  const text = hideSingleUseLinks(message.textBody);
  return {
    ...outboxSummary(message),
    messageId: message.messageId,
    text,
    links: [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
    sentLabel: message.sentAt ? formatIndiaDateTime(message.sentAt) : null,
    removedContents: message.contentsRemoved ? removedContentsText() : null,
    attachments: await Promise.all(
      message.attachments.map(async (file, index) => ({
        name: file.filename,
        type: file.contentType,
        bytes: (await attachmentBytes(file)).byteLength,
        href: `/admin/outbox/${message.id}/attachments/${index + 1}`,
      })),
    ),
  };
}

/** Said in place of a removed mail's text, and when "Send again" is refused for one. */
const removedContentsText = () =>
  `The contents of this mail were removed, as the retention setting says: sent mail keeps its text and attachments for ${mailContentMonths()} months (Settings → Retention and share links). Who it was sent to, its subject, its dates and its state are kept.`;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "outbox");
  const message = getOutboxMessage(params.id);
  if (!message) throw new Response("Not Found", { status: 404 });
  itemIntentOf(await readFormData(request), ["send-again"]);
  const page = `/admin/outbox/${message.id}`;
  if (message.contentsRemoved) {
    return redirectWithToast(page, {
      type: "destructive",
      title: "Not sent again",
      description: `There is nothing left to send. ${removedContentsText()}`,
    });
  }
  if (!sendFailedMessageAgain(message.id, admin)) {
    return redirectWithToast(page, {
      type: "destructive",
      title: "Not sent again",
      description: "Only a message that failed can be sent again; this one is queued, being sent or sent already.",
    });
  }
  return redirectWithToast(page, { title: "Queued again", description: `The message to ${message.toAddress} will be sent in a moment.` });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `Outbox: ${data.subject}` : "Outbox message",
    description: "Admin panel: a message sent by the site.",
    path: data ? `/admin/outbox/${data.id}` : "/admin/outbox",
    noindex: true,
  });

export default function OutboxMessagePage() {
  const message = useLoaderData<typeof loader>();
  return (
    <article className="grid gap-6">
      <Link to="/admin/outbox" className={buttonClass("outline", "justify-self-start")}>
        Back to Outbox
      </Link>
      <h1 className="text-2xl font-bold break-words text-navy-900">{message.subject}</h1>
      <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[10rem_1fr]">
        <Field label="To">{message.to}</Field>
        <Field label="State">
          <OutboxStateBadge state={message.state} attempts={message.attempts} />
        </Field>
        <Field label="Queued">{message.queuedLabel}</Field>
        {message.sentLabel ? <Field label="Sent">{message.sentLabel}</Field> : null}
        {message.lastError ? <Field label="Last error">{message.lastError}</Field> : null}
        <Field label="Message-ID">{message.messageId}</Field>
      </dl>
      {message.state === "failed" ? <SendAgain /> : null}
      {message.attachments.length > 0 ? <Attachments files={message.attachments} /> : null}
      {message.links.length > 0 ? (
        <section aria-labelledby="outbox-links-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="outbox-links-heading" className="text-lg font-bold text-navy-900">
            Links in this message
          </h2>
          <ul className="mt-2 grid gap-2">
            {message.links.map((link) => (
              <li key={link}>
                <a href={link} rel="noreferrer" className="break-all text-teal-800 underline underline-offset-4">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="outbox-text-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="outbox-text-heading" className="text-lg font-bold text-navy-900">
          Text
        </h2>
        {message.removedContents ? (
          <p className="mt-2 text-slate-700">{message.removedContents}</p>
        ) : (
          <pre className="mt-2 font-sans whitespace-pre-wrap break-words text-slate-800">{message.text}</pre>
        )}
      </section>
    </article>
  );
}

function SendAgain() {
  const sending = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <p className="text-slate-700">The mail server did not take this message. Once it works again:</p>
      <button type="submit" name="intent" value="send-again" disabled={sending} className={buttonClass("primary")}>
        {sending ? "Queuing..." : "Send again"}
      </button>
    </Form>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="break-all text-slate-900">{children}</dd>
    </>
  );
}

function Attachments({ files }: { files: { name: string; type: string; bytes: number; href: string }[] }) {
  return (
    <section aria-labelledby="outbox-attachments-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="outbox-attachments-heading" className="text-lg font-bold text-navy-900">
        Attachments
      </h2>
      <ul className="mt-2 grid gap-2">
        {files.map((file) => (
          <li key={file.href} className="break-all">
            <a href={file.href} download className="font-medium text-teal-800 underline underline-offset-4">
              {file.name}
            </a>{" "}
            <span className="text-sm text-slate-600">{`(${file.type}, ${file.bytes.toLocaleString("en-IN")} bytes)`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
