import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { revokeSharedFile } from "~/services/exports/stored-files.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { pageMeta } from "~/utils/seo";
import { findGeneratedFile } from "./__excel-exports.server";
import { readFormData } from "~/utils/form-data.server";

// Delete a generated Excel file (share links are revoked by deleting
// the file from the list): the stored file and its row go, and its share link
// answers 404 from then on.

const BACK_TO = "/admin/users";
const notFound = () => new Response("Not Found", { status: 404 });

const deleteFileQuestion = (filename: string) => `Delete "${filename}"? Its share link will stop working.`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "users");
  const file = findGeneratedFile(params.id);
  if (!file) throw notFound();
  return { file: { id: file.id, filename: file.filename } };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `Delete Excel File: ${data.file.filename}` : "Delete Excel File",
    description: "Admin panel.",
    path: data ? `/admin/users/files/${data.file.id}/delete` : BACK_TO,
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "users");
  const intent = (await readFormData(request)).get("intent");
  if (intent !== "delete") throw new Response("Bad Request", { status: 400 });
  const file = findGeneratedFile(params.id);
  if (!file || !(await revokeSharedFile(file.id))) throw notFound();
  return redirectAfterAdminChange(admin, { entity: "shared_file", verb: "deleted", id: file.id }, BACK_TO, {
    title: "File deleted",
    description: `“${file.filename}” has been deleted; its share link no longer works.`,
  });
}

export default function DeleteExcelFileDialog() {
  const { file } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog id="delete-file" question={deleteFileQuestion(file.filename)} backTo={BACK_TO} />;
}
