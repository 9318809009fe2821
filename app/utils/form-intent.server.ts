import { readFormData } from "./form-data.server";

// One item, one action (docs/decisions/0018-admin-routes-and-deleting.md): an
// item's address takes its edit form (no intent) and the few intents its page
// offers, such as an admin's `intent=delete` from a confirmation or a
// student's `intent=join` on a live session. Anything else is refused and
// changes nothing.

export type ItemIntent = "save" | "delete" | "deactivate";

const REFUSED_INTENT = "This form asked for something this page does not do. Please go back, reload the page and try again.";

/** The intent of a post to an item's address: "save" when the form names none; 400 for one `allowed` does not list. */
export function itemIntentOf<Intent extends string = ItemIntent>(formData: FormData, allowed: readonly Intent[]): Intent {
  const intent = formData.get("intent") ?? "save";
  const known = allowed.find((candidate) => candidate === intent);
  if (!known) throw Response.json({ message: REFUSED_INTENT }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return known;
}

/** Reads an item's form and its intent (see `itemIntentOf`). */
export async function readItemForm<Intent extends string = ItemIntent>(request: Request, allowed: readonly Intent[]) {
  const formData = await readFormData(request);
  return { formData, intent: itemIntentOf(formData, allowed) };
}
