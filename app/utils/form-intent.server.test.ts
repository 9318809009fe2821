import { expect, test } from "vitest";
import { itemIntentOf } from "./form-intent.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

test("an item's form without an intent is a save; a listed intent is taken as it is", () => {
  expect(itemIntentOf(form({ title: "x" }), ["save", "delete"])).toBe("save");
  expect(itemIntentOf(form({ intent: "delete" }), ["save", "delete"])).toBe("delete");
  expect(itemIntentOf(form({ intent: "deactivate" }), ["save", "delete", "deactivate"])).toBe("deactivate");
});

test("an intent the route does not list is a 400 that says why", async () => {
  let refusal: unknown;
  try {
    itemIntentOf(form({ intent: "deactivate" }), ["save", "delete"]);
  } catch (thrown) {
    refusal = thrown;
  }
  if (!(refusal instanceof Response)) throw new Error(`expected a Response, got ${String(refusal)}`);
  expect(refusal.status).toBe(400);
  expect(await refusal.json()).toEqual({ message: expect.stringContaining("does not do") });
  // A form with no intent where saving is not offered (a file has nothing to edit) is refused too.
  expect(() => itemIntentOf(form({}), ["delete"])).toThrow();
});
