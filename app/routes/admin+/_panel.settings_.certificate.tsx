import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SETTINGS_MESSAGES } from "~/content/messages/admin";
import { readSettings, saveSettings } from "~/models/site/site-settings.server";
import { CertificateSettingsFormSchema, SETTINGS_TITLES } from "~/schemas/site-settings";
import { tooLargeMessage } from "~/schemas/uploads";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { discardUpload, readMultipartForm, storeUpload } from "~/services/images/uploads.server";
import { ADMIN_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { redirectWithToast } from "~/utils/toast.server";

// POST /admin/settings/certificate: the Settings tab's Certificates card, a
// form of its own because it carries the signature's image. Who signs the
// certificates issued from now on; those already issued keep what they print.

export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_UPLOAD_BODY_LIMITS };

const BACK = "/admin/settings#certificate-settings";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "settings");
  throw redirect(BACK);
}

const refuse = (description: string) =>
  redirectWithToast(BACK, { type: "destructive", title: SETTINGS_MESSAGES.notSavedTitle(SETTINGS_TITLES.certificate), description });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "settings");
  const multipart = await readMultipartForm(request, { signature: "image" });
  if (!multipart.ok)
    return refuse(
      multipart.reason === "too-large" ? tooLargeMessage("Signature", "image") : "The form could not be read. Please try again.",
    );
  const submission = parseWithZod(multipart.formData, { schema: CertificateSettingsFormSchema });
  if (submission.status !== "success") return refuse(Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form.");
  const { signature, removeSignature, ...names } = submission.value;
  const previous = readSettings("certificate").signatureUrl;
  let signatureUrl = removeSignature ? undefined : previous;
  if (signature) {
    const stored = await storeUpload(signature, "image", "Signature");
    if (!stored.ok) return refuse(stored.message);
    signatureUrl = stored.url;
  }
  saveSettings("certificate", { ...names, signatureUrl }, admin);
  if (previous && previous !== signatureUrl) await discardUpload(previous);
  return redirectWithToast("/admin/settings", {
    title: SETTINGS_MESSAGES.saved,
    description: SETTINGS_MESSAGES.savedText(SETTINGS_TITLES.certificate),
  });
}
