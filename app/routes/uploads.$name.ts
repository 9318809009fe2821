import type { LoaderFunctionArgs } from "@remix-run/node";
import { readUpload } from "~/services/images/uploads.server";

/**
 * GET /uploads/:name: an uploaded cover photo or brochure. The name is a
 * random token the upload store made; the type is the one its content was
 * checked as, never sniffed, and the file cannot run script or be framed.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const upload = await readUpload(params.name ?? "");
  if (!upload) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const isPdf = upload.contentType === "application/pdf";
  return new Response(new Uint8Array(upload.body), {
    headers: {
      "Content-Type": upload.contentType,
      "Content-Length": String(upload.body.byteLength),
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Content-Disposition": isPdf ? `attachment; filename="brochure.pdf"` : "inline",
      // A name is never reused for other content.
      "Cache-Control": "public, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
