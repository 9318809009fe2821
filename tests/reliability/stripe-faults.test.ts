import { createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, test, vi } from "vitest";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { markdownTable } from "../../scripts/reliability-report";
import { createStudent, studentCookie } from "../support/accounts";
import { countRows } from "../support/database";
import { get, postForm, postJson, timed, visibleText } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { firstPaidCourse, makeEnrollmentForm } from "../support/rows";
import { BASE_PORT, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";

// Stripe out of reach (nothing listening) or hanging (accepts the connection,
// never answers). Checkout must say payment setup failed, enroll nobody, and
// the server must answer other visitors meanwhile and give up in bounded time
// (the SDK's 10 s timeout, one retry: app/services/payments/stripe/client.server.ts).

const SITE_PORT = BASE_PORT + 30;
const UNREACHABLE_PORT = BASE_PORT + 35;
const HANGING_PORT = BASE_PORT + 36;
/** Two attempts of 10 s and the SDK's back-off between them, with room for a busy machine. */
const GIVE_UP_WITHIN_MS = 35_000;
const figures: (string | number)[][] = [];

reportWhenAllPass(
  "stripe-faults",
  () =>
    `## Stripe unreachable or slow (\`tests/reliability/stripe-faults.test.ts\`)\n\nThe real Stripe SDK pointed at a closed port, then at a server that accepts connections and never answers. Card payment (JSON, the JavaScript path) and hosted checkout (the page form, the no-JavaScript path) were started at the same time as a visitor browsed.\n\n${markdownTable(
      ["Stripe", "Path", "Answer", "Answered after ms", "Enrollments created", "Other visitors' page during the wait"],
      figures,
    )}`,
);

type Fixture = { site: Site; courseId: number; formId: number; cookie: string; userId: string };

async function startCheckoutSite(stripeUrl: string): Promise<Fixture> {
  const site = await startSite({
    name: "stripe-faults",
    port: SITE_PORT,
    env: {
      STRIPE_SECRET_KEY: RELIABILITY_SECRETS.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: "pk_test_reliability_publishable",
      STRIPE_WEBHOOK_SECRET: RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeUrl,
    },
  });
  const student = await createStudent({}, site.database);
  const cookie = await studentCookie(site.database, student);
  const courseId = firstPaidCourse(site.database);
  const formId = makeEnrollmentForm(student.id, courseId, site.database);
  return { site, courseId, formId, cookie, userId: student.id };
}

function listen(server: Server, port: number) {
  return new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
}

/**
 * Both checkout doors at once, and a visitor browsing while they wait on Stripe.
 * `waitingOnStripe` resolves once both are waiting; with nothing listening at
 * Stripe's address no moment marks that, and the visitor browses at once.
 */
async function checkoutWhileBrowsing(fixture: Fixture, label: string, waitingOnStripe: () => Promise<void> = async () => {}) {
  const { site, courseId, formId, cookie } = fixture;
  const card = timed(async () => {
    const response = await postJson(`${site.url}/api/create-payment-intent`, { courseId }, cookie);
    return { status: response.status, body: (await response.json()) as { message?: string } };
  });
  const hosted = timed(async () => {
    const response = await postForm(
      `${site.url}/checkout?index&courseId=${courseId}&form=${formId}`,
      { intent: "pay", terms: "on" },
      cookie,
    );
    return { status: response.status, text: await visibleText(response) };
  });
  await waitingOnStripe();
  const browsing = await timed(async () => (await get(`${site.url}/courses/${courseId}`)).status);
  expect(browsing.value).toBe(200);
  const browse = `200 in ${Math.round(browsing.ms)} ms`;

  const [cardAnswer, hostedAnswer] = await Promise.all([card, hosted]);
  expect(cardAnswer.value).toEqual({ status: 502, body: { message: CHECKOUT_MESSAGES.setupFailedText } });
  expect(hostedAnswer.value.status).toBe(502);
  expect(hostedAnswer.value.text).toContain(CHECKOUT_MESSAGES.setupFailedTitle);
  expect(hostedAnswer.value.text).toContain(CHECKOUT_MESSAGES.setupFailedText);
  for (const answer of [cardAnswer, hostedAnswer]) expect(answer.ms).toBeLessThan(GIVE_UP_WITHIN_MS);

  const enrolled = countRows(site.database, "orders", "user_id = ?", fixture.userId);
  expect(enrolled).toBe(0);
  figures.push([label, "card payment (API)", `502 "${CHECKOUT_MESSAGES.setupFailedText}"`, Math.round(cardAnswer.ms), enrolled, browse]);
  figures.push([
    label,
    "hosted checkout (form)",
    `502 "${CHECKOUT_MESSAGES.setupFailedTitle}"`,
    Math.round(hostedAnswer.ms),
    enrolled,
    browse,
  ]);
}

describe("Stripe unreachable", () => {
  let fixture: Fixture | undefined;
  afterAll(async () => fixture?.site.stop());

  test("nothing listens at Stripe's address: checkout says payment setup failed and enrolls nobody", async () => {
    fixture = await startCheckoutSite(`http://127.0.0.1:${UNREACHABLE_PORT}`);
    await checkoutWhileBrowsing(fixture, "Unreachable (connection refused)");
  });
});

describe("Stripe hanging", () => {
  let fixture: Fixture | undefined;
  const sockets: Socket[] = [];
  const blackHole = createServer((socket) => sockets.push(socket));
  afterAll(async () => {
    await fixture?.site.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  test("Stripe never answers: the server gives up in bounded time, answers others meanwhile, enrolls nobody", async () => {
    await listen(blackHole, HANGING_PORT);
    fixture = await startCheckoutSite(`http://127.0.0.1:${HANGING_PORT}`);
    // Both doors have a connection open to the silent Stripe.
    const bothConnected = () => vi.waitFor(() => expect(sockets.length).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
    await checkoutWhileBrowsing(fixture, "Hanging (accepts, never answers)", bothConnected);
    expect(sockets.length).toBeGreaterThan(0);
  });
});
