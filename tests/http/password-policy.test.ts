import { randomUUID } from "node:crypto";
import { expect, queryTestDatabase, test } from "./support/test";

// A password built from the account's own email is refused at sign-up, with
// the reason beside the field, and no account is made.

test("sign-up refuses a password made of the email address, says why, and makes no account", async ({ request }) => {
  const email = `asha.rao.${randomUUID().slice(0, 8)}@example.test`;
  for (const password of [email, email.replace(".rao", "rao").toUpperCase()]) {
    const response = await request.post("/signup", {
      form: { firstName: "Asha", lastName: "Rao", email, password, adult: "on", consent: "on" },
      headers: { "x-forwarded-for": "198.51.100.7" },
      maxRedirects: 0,
    });
    expect(response.status(), password).toBe(400);
    expect(await response.text(), password).toContain("A password should not contain your name, your email or the site");
  }
  expect(queryTestDatabase("SELECT id FROM users WHERE email = ?", email)).toEqual([]);
});
