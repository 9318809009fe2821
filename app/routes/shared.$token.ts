import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { findSharedFileByToken } from "~/models/shared-file.server";
import { SHARE_TOKEN_PATTERN, openStoredExport, sharedFilePath, workbookResponse } from "~/services/exports/stored-files.server";
import { methodNotAllowed } from "~/utils/api.server";

/**
 * GET /shared/:token: a generated Excel file, for whoever holds its share link
 *. The token is 32 random bytes; anything not shaped like one is
 * refused before any lookup, and a wrong or revoked token is a 404 like any
 * other. The file's path comes from its shared_files row, checked to lie in
 * the exports folder; nothing from the request reaches the file system.
 */
const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!SHARE_TOKEN_PATTERN.test(token)) return notFound();
  const row = findSharedFileByToken(token);
  const path = row && sharedFilePath(row);
  if (!row || !path) return notFound();
  const download = await openStoredExport(path);
  if (!download) return notFound();
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
