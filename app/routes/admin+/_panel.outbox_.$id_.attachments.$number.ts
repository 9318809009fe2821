import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOutboxAttachment } from "~/models/site/outbox.server";
import { attachmentBytes } from "~/services/mail/attachments.server";
import { attachmentDisposition } from "~/services/exports/stored-files.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";

// GET /admin/outbox/:id/attachments/:number: a file sent with an outbox message
// (a calendar invitation, a receipt), as a download. Admins only, as the
// message itself: attachments carry students' details. Always an attachment,
// never shown inline, whatever type it claims.

/** A type the message stored that looks like a MIME type; anything else is served as bytes. */
const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+(;\s*[\w.+-]+=("[^"]*"|[\w.+-]+))*$/;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "outbox");
  const attachment = getOutboxAttachment(params.id, params.number);
  if (!attachment) throw new Response("Not Found", { status: 404 });
  const bytes = await attachmentBytes(attachment);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": MIME_TYPE.test(attachment.contentType) ? attachment.contentType : "application/octet-stream",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": attachmentDisposition(attachment.filename),
      "Cache-Control": "private, no-store",
    },
  });
}
