import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listSharedFiles } from "~/models/content/shared-file.server";
import { sharePathFor } from "~/services/exports/stored-files.server";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { apiJson, methodNotAllowed } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";

/**
 * GET /api/admin/shared-files (admin only, area users): the
 * generated Excel files, newest first, as `[{ id, filename, size (bytes),
 * created (ISO), fullShareLink }]`. 401/403; 405 for other methods.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "users");
  const origin = publicOrigin();
  return apiJson(
    listSharedFiles().map((file) => ({
      id: file.id,
      filename: file.filename,
      size: file.sizeBytes,
      created: file.createdAt.toISOString(),
      fullShareLink: `${origin}${sharePathFor(file.token)}`,
    })),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request, "users");
  return methodNotAllowed(["GET"]);
}
