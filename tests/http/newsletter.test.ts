import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test";

// The newsletter form's post (a page action) where no browser is needed: its redirect.
const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@Example.COM`;

test("a post from elsewhere never redirects off the site", async ({ request }) => {
  const response = await request.post("/newsletter", {
    form: { email: uniqueEmail("Visitor"), redirectTo: "https://evil.example/", name__confirm: "" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/blog");
});
