import { randomUUID } from "node:crypto";
import { expect, queryTestDatabase, SITE_ORIGIN, test } from "./support/test";

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

// Double opt-in: the form answers alike for every address, the mailbox gets a
// link to confirm, only a POST from that page confirms, and every mail to the
// list carries a one-click unsubscribe (RFC 8058).

type StoredMail = { text: string; list_unsubscribe: string | null };
const confirmationMailTo = (email: string) =>
  queryTestDatabase<StoredMail>(
    "SELECT text_body AS text, list_unsubscribe FROM outbox_messages WHERE to_address = ? AND kind = 'newsletter-confirm' ORDER BY id",
    email,
  );
const subscriber = (email: string) =>
  queryTestDatabase<{ confirmed_at: number | null }>("SELECT confirmed_at FROM newsletter_subscribers WHERE email = ?", email)[0];
const linkIn = (text: string, path: string) => text.match(new RegExp(`${SITE_ORIGIN}${path}\\?token=[\\w-]+`))?.[0];

test("a new, a pending and a subscribed address get the same answer; only the mailbox's confirmation subscribes", async ({ request }) => {
  const email = uniqueEmail("double").toLowerCase();
  const subscribe = () => request.post("/newsletter", { form: { email, redirectTo: "/blog", name__confirm: "" }, maxRedirects: 0 });
  const toastAfter = async (answer: Awaited<ReturnType<typeof subscribe>>) => {
    expect([answer.status(), answer.headers().location]).toEqual([302, "/blog"]);
    const page = await (await request.get("/blog")).text();
    return [...new Set(page.match(/Check your inbox|Already subscribed|Subscribed!/g))];
  };
  expect(await toastAfter(await subscribe())).toEqual(["Check your inbox"]);
  expect(await toastAfter(await subscribe())).toEqual(["Check your inbox"]);
  expect(subscriber(email)).toEqual({ confirmed_at: null });

  const mails = confirmationMailTo(email);
  expect(mails).toHaveLength(2);
  const confirm = linkIn(mails[1]!.text, "/newsletter/confirm")!;
  const unsubscribe = linkIn(mails[1]!.text, "/newsletter/unsubscribe")!;
  expect(mails[1]!.list_unsubscribe).toBe(unsubscribe);
  expect(mails[1]!.text).not.toContain("double");

  // Opening the link (a scanner, a preview) changes nothing; the page's button does.
  expect(await (await request.get(confirm)).text()).toContain("Confirm my subscription");
  expect(subscriber(email)).toEqual({ confirmed_at: null });
  const token = new URL(confirm).searchParams.get("token")!;
  const confirmed = await request.post("/newsletter/confirm", { form: { token } });
  expect(confirmed.status()).toBe(200);
  expect(await confirmed.text()).toContain("Subscribed!");
  expect(subscriber(email)?.confirmed_at).toEqual(expect.any(Number));
  const reused = await request.post("/newsletter/confirm", { form: { token } });
  expect(reused.status()).toBe(410);
  expect(await reused.text()).toContain("This link does not work any more");

  expect(await toastAfter(await subscribe())).toEqual(["Check your inbox"]);
  expect(confirmationMailTo(email)).toHaveLength(2);
});

test("a mail app's one-click unsubscribe, without a cookie, takes the address off the list; opening the link does not", async ({
  request,
}) => {
  const email = uniqueEmail("leaving").toLowerCase();
  await request.post("/api/newsletter", { data: { email } });
  const unsubscribe = confirmationMailTo(email)[0]!.list_unsubscribe!;
  expect(await (await request.get(unsubscribe)).text()).toContain("Unsubscribe from our articles");
  expect(subscriber(email)).toBeDefined();

  const oneClick = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toContain("You are unsubscribed");
  expect(subscriber(email)).toBeUndefined();
  expect((await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);
});

test("one mailbox gets at most 3 confirmation mails a day, however many addresses ask", async ({ request }) => {
  const email = uniqueEmail("popular").toLowerCase();
  for (let i = 1; i <= 5; i++) {
    const answer = await request.post("/api/newsletter", { data: { email }, headers: { "x-forwarded-for": `203.0.113.${100 + i}` } });
    expect(answer.status()).toBe(202);
  }
  expect(confirmationMailTo(email)).toHaveLength(3);
});
