import { randomUUID } from "node:crypto";
import { startFakePwnedPasswords } from "../fixtures/fake-pwned-passwords";
import { afterAll, expect, queryTestDatabase, test, type HttpClient } from "./support/test";
import { configureSite } from "./support/in-process-site";

// What a new password must pass at sign-up, with the reason beside the field
// and no account made: not built from the account's own email, and not one
// seen in a data breach (asked of a Pwned Passwords range API on loopback).

const BREACHED = "correct horse battery staple";
const fake = await startFakePwnedPasswords({ [BREACHED]: 385 });
afterAll(() => fake.close());
configureSite({ PWNED_PASSWORDS_URL: fake.url });

function signUp(request: HttpClient, email: string, password: string) {
  return request.post("/signup", {
    form: { firstName: "Asha", lastName: "Rao", email, password, adult: "on", consent: "on" },
    headers: { "x-forwarded-for": "198.51.100.7" },
    maxRedirects: 0,
  });
}

test("sign-up refuses a password made of the email address, says why, and makes no account", async ({ request }) => {
  const email = `asha.rao.${randomUUID().slice(0, 8)}@example.test`;
  for (const password of [email, email.replace(".rao", "rao").toUpperCase()]) {
    const response = await signUp(request, email, password);
    expect(response.status(), password).toBe(400);
    expect(await response.text(), password).toContain("A password should not contain your name, your email or the site");
  }
  expect(queryTestDatabase("SELECT id FROM users WHERE email = ?", email)).toEqual([]);
});

test("sign-up refuses a famous passphrase seen in breaches, though it is long and of unrelated words", async ({ request }) => {
  const email = `asha.${randomUUID().slice(0, 8)}@example.test`;
  const refused = await signUp(request, email, BREACHED);
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("This password has appeared in a data breach, so it is among the first that attackers try.");
  expect(queryTestDatabase("SELECT id FROM users WHERE email = ?", email)).toEqual([]);

  const taken = await signUp(request, email, "saffron kite over quiet harbour");
  expect(taken.status()).toBe(302);
  expect(queryTestDatabase("SELECT id FROM users WHERE email = ?", email)).toHaveLength(1);
});
