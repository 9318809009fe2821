import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { findLiveSharedFile, recordSharedFileDownload } from "~/models/content/shared-file.server";
import { SHARE_TOKEN_PATTERN, openStoredExport, sharedFilePath, workbookResponse } from "~/services/exports/stored-files.server";
import { methodNotAllowed } from "~/utils/api.server";

/**
 * GET /shared/:token: a generated Excel file, for whoever holds its share link
 *. The token is 32 random bytes; anything not shaped like one is
 * refused before any lookup, and a wrong token, an expired link or a revoked
 * one is a 404 like any other. Each file handed out is recorded with the
 * client's address and browser, for the admin who shared it. The file's path comes from its shared_files row, checked to lie in
 * the exports folder; nothing from the request reaches the file system.
 */
const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!SHARE_TOKEN_PATTERN.test(token)) return notFound();
  const row = findLiveSharedFile(token);
  const path = row && sharedFilePath(row);
  if (!row || !path) return notFound();
  const download = await openStoredExport(path);
  if (!download) return notFound();
  recordSharedFileDownload(row.id, { ipAddress: context.clientAddress ?? null, userAgent: request.headers.get("User-Agent") });
  return workbookResponse(download, row.filename, {
    // X-Content-Type-Options: nosniff is on every response already (server.ts, security headers).
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
}

export function action(_args: ActionFunctionArgs) {
  return methodNotAllowed(["GET"]);
}
