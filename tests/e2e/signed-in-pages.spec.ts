// Public pages are rendered once per data version and shared by every
// visitor; a signed-in student's name is put into that copy on the way out
// (app/services/site-build/shared-render.server.ts). These check that each student still
// gets a page of their own, complete without JavaScript and hydrating cleanly with it.
import type { APIRequestContext, Page } from "@playwright/test";
import { createStudent, expect, plantSession, signInAs, test, withDatabase, type Student } from "./fixtures";
import { waitForHydration } from "./hydration";

const SHARED_PAGES = ["/courses", "/courses/1", "/events"];
// Characters HTML and the hydration script must both escape.
const AWKWARD_NAME = `Zoë <b>&"'</b>`;

async function studentCookie(student: Student) {
  const { name, value } = await plantSession(student);
  return `${name}=${value}`;
}

function greeting(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Welcome / });
}

async function htmlOf(request: APIRequestContext, path: string, cookie: string) {
  const response = await request.get(path, { headers: { cookie } });
  expect(response.status()).toBe(200);
  return { html: await response.text(), csp: response.headers()["content-security-policy"] ?? "" };
}

test("two students on the same pages are each greeted by their own name", async ({ request }) => {
  // A name no page shows otherwise (the footer names the grievance officer, Meera Iyer).
  const vasudha = await createStudent({ firstName: "Vasudha" });
  const zoe = await createStudent({ firstName: AWKWARD_NAME });
  const vasudhaCookie = await studentCookie(vasudha);
  const zoeCookie = await studentCookie(zoe);
  for (const path of SHARED_PAGES) {
    for (const [cookie, own, other] of [
      [vasudhaCookie, "Welcome <!-- -->Vasudha", "Zoë"],
      [zoeCookie, "Welcome <!-- -->Zoë &lt;b&gt;&amp;&quot;&#x27;&lt;/b&gt;", "Vasudha"],
      [vasudhaCookie, "Welcome <!-- -->Vasudha", "Zoë"],
    ] as const) {
      const { html } = await htmlOf(request, path, cookie);
      expect(html, path).toContain(own);
      expect(html, path).not.toContain(other);
      expect(html, path).not.toMatch(/firstname[0-9a-f]{16}/);
    }
  }
});

test("the shared copy made a student's own is exactly the page a fresh render gives", async ({ request }) => {
  const student = await createStudent({ firstName: AWKWARD_NAME });
  const cookie = await studentCookie(student);
  for (const path of SHARED_PAGES) {
    await htmlOf(request, path, cookie);
    const shared = await htmlOf(request, path, cookie);
    // A waiting toast (here an unreadable one) always gets a fresh render.
    const fresh = await htmlOf(request, path, `${cookie}; toast=unreadable`);
    const withoutNonce = ({ html, csp }: { html: string; csp: string }) =>
      html.replaceAll(/'nonce-([^']+)'/.exec(csp)?.[1] ?? "-", "NONCE");
    expect(withoutNonce(shared), path).toBe(withoutNonce(fresh));
  }
});

test("every answer carries its own CSP nonce, shared copy or not", async ({ request }) => {
  const cookie = await studentCookie(await createStudent());
  const first = await htmlOf(request, "/courses", cookie);
  const second = await htmlOf(request, "/courses", cookie);
  const firstNonce = /'nonce-([^']+)'/.exec(first.csp)?.[1] ?? "";
  const secondNonce = /'nonce-([^']+)'/.exec(second.csp)?.[1] ?? "";
  expect(secondNonce).not.toBe(firstNonce);
  expect(second.html).toContain(`nonce="${secondNonce}"`);
  expect(second.html).not.toContain(firstNonce);
});

test("a new first name shows on the next page, and a nameless student is greeted as User", async ({ request }) => {
  const student = await createStudent({ firstName: "Kiran" });
  const cookie = await studentCookie(student);
  expect((await htmlOf(request, "/events", cookie)).html).toContain("Welcome <!-- -->Kiran");
  withDatabase((database) => database.prepare("UPDATE users SET first_name = 'Kavya' WHERE id = ?").run(student.id));
  expect((await htmlOf(request, "/events", cookie)).html).toContain("Welcome <!-- -->Kavya");
  withDatabase((database) => database.prepare("UPDATE users SET first_name = '' WHERE id = ?").run(student.id));
  expect((await htmlOf(request, "/events", cookie)).html).toContain("Welcome <!-- -->User");
});

test("only a student who is an admin gets the Admin link", async ({ request }) => {
  const admin = await createStudent({ firstName: "Anil" });
  withDatabase((database) => database.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").run(admin.id));
  const plain = await createStudent({ firstName: "Anil" });
  const adminLink = /href="\/admin"/;
  expect((await htmlOf(request, "/courses", await studentCookie(admin))).html).toMatch(adminLink);
  expect((await htmlOf(request, "/courses", await studentCookie(plain))).html).not.toMatch(adminLink);
  expect((await htmlOf(request, "/courses", "")).html).not.toMatch(adminLink);
});

test("the dashboard at / is each student's own", async ({ request }) => {
  const first = await createStudent({ firstName: "Ravi" });
  const second = await createStudent({ firstName: "Sunita" });
  const firstCookie = await studentCookie(first);
  const secondCookie = await studentCookie(second);
  for (const [cookie, own, other] of [
    [firstCookie, first, second],
    [secondCookie, second, first],
    [firstCookie, first, second],
  ] as const) {
    const { html } = await htmlOf(request, "/", cookie);
    expect(html).toContain(`Welcome back, <!-- -->${own.firstName}`);
    expect(html).toContain(own.email);
    expect(html).not.toContain(other.email);
  }
});

test.describe("with JavaScript", () => {
  test("a shared page hydrates without errors and keeps the student's name as they move on", async ({ page, context, baseURL }) => {
    const student = await createStudent({ firstName: AWKWARD_NAME });
    await signInAs(context, student, baseURL ?? "");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/courses");
    await waitForHydration(page);
    await expect(greeting(page)).toHaveText(`Welcome ${AWKWARD_NAME}`);
    await page.getByRole("link", { name: "View Details: Currency Trading" }).click();
    await expect(page).toHaveURL(/\/courses\/1$/);
    await expect(greeting(page)).toHaveText(`Welcome ${AWKWARD_NAME}`);
    expect(errors).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shared page arrives complete with the student's own greeting", async ({ page, student }) => {
    for (const path of SHARED_PAGES) {
      await page.goto(path);
      await expect(greeting(page)).toHaveText(`Welcome ${student.firstName}`);
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("All rights reserved");
    }
  });
});
