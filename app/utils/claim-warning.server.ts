import { editorWarning, textsIn } from "./claims";
import type { Toast } from "./toast.server";

/**
 * An editor's "saved" toast, turned into a warning that names the claim
 * phrases when the saved values hold any. The save itself is never refused:
 * the warning is for the author to reword.
 */
export function withClaimWarning(toast: Toast, savedValues: unknown): Toast {
  const warning = editorWarning(textsIn(savedValues));
  if (!warning) return toast;
  return { ...toast, type: "warning", description: `${toast.description ?? ""} ${warning}`.trim() };
}
