import Stripe from "stripe";
import { afterAll, beforeAll, expect, test } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { registeredSeller } from "../support/invoicing";
import { createStudent } from "../support/accounts";
import { withDatabase } from "../support/database";
import { percentile, timed } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";
import { startFakeStripeForSite } from "../support/fake-stripe-site";
import type { FakeStripe } from "../fixtures/fake-stripe";

// GST invoice numbers under concurrent payments (decision 0031): 50 orders
// paid at the same moment, each reported by Stripe's signed webhook to a
// production server, must get invoices numbered 1…50 of the year's series,
// without a gap or a duplicate, each number within rule 46's 16 characters;
// the same 50 events delivered again issue nothing.

const SITE_PORT = BASE_PORT + 230;
const STRIPE_PORT = BASE_PORT + 231;
const PAYMENTS = 50;
const PRICE = 499_900;

let site: Site;
let fake: FakeStripe;
const figures: (string | number)[][] = [];

reportWhenAllPass(
  "invoice-numbering",
  () =>
    `## GST invoice numbers under concurrent payments (\`tests/reliability/invoice-numbering.test.ts\`)\n\n${PAYMENTS} orders paid at once, each reported by a signed \`payment_intent.succeeded\` webhook to one production server, then every event delivered again.\n\n${markdownTable(
      ["Case", "Webhooks", "Answered 200", "Invoices stored", "Sequences", "Longest number", "p50 ms", "p99 ms"],
      figures,
    )}`,
);

beforeAll(async () => {
  let siteEnv: Record<string, string>;
  ({ fake, siteEnv } = await startFakeStripeForSite({ port: STRIPE_PORT }));
  site = await startSite({ name: "invoice-numbering", port: SITE_PORT, env: siteEnv });
}, 300_000);

afterAll(async () => {
  await site?.stop();
  await fake?.close();
});

const signer = new Stripe(RELIABILITY_SECRETS.STRIPE_SECRET_KEY);

/** Stripe's signed report that the order's PaymentIntent succeeded. */
function succeeded(order: { intent: string; userId: string; courseId: number }) {
  const payload = JSON.stringify({
    id: `evt_${order.intent}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: order.intent,
        object: "payment_intent",
        status: "succeeded",
        amount: PRICE,
        amount_received: PRICE,
        currency: "inr",
        metadata: { userId: order.userId, courseId: String(order.courseId), couponId: "", enrollmentFormId: "", flow: "card" },
      },
    },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET });
  return () =>
    fetch(`${site.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
}

type StoredInvoice = { number: string; sequence: number; financial_year: string; order_id: number; cgst_paise: number; igst_paise: number };

const storedInvoices = () =>
  withDatabase(
    (db) =>
      db
        .prepare(
          "SELECT number, sequence, financial_year, order_id, cgst_paise, igst_paise FROM tax_documents WHERE kind = 'invoice' ORDER BY sequence",
        )
        .all() as StoredInvoice[],
    site.database,
  );

async function deliver(label: string, webhooks: (() => Promise<Response>)[]) {
  const answers = await Promise.all(webhooks.map((send) => timed(async () => (await send()).status)));
  const invoices = storedInvoices();
  const times = answers.map((answer) => answer.ms);
  figures.push([
    label,
    webhooks.length,
    answers.filter((answer) => answer.value === 200).length,
    invoices.length,
    `${invoices[0]?.sequence}…${invoices.at(-1)?.sequence}`,
    Math.max(...invoices.map((invoice) => invoice.number.length)),
    Math.round(percentile(times, 50)),
    Math.round(percentile(times, 99)),
  ]);
  return { statuses: answers.map((answer) => answer.value), invoices };
}

test("50 payments captured at once get invoices 1…50 of the year, no gap, no duplicate, each number within 16 characters; redelivery adds none", async () => {
  const students = await Promise.all(Array.from({ length: PAYMENTS }, () => createStudent({}, site.database)));
  const orders = withDatabase((db) => {
    db.prepare("INSERT INTO site_settings (section, value, updated_at) VALUES ('invoicing', ?, ?)").run(
      JSON.stringify(registeredSeller),
      Date.now(),
    );
    const courseId = Number(
      db
        .prepare(
          "INSERT INTO courses (title, short_description, description, duration, price_paise, is_active) VALUES (?, 's', 'd', '4 weeks', ?, 1)",
        )
        .run("Invoice numbering course", PRICE).lastInsertRowid,
    );
    const insert = db.prepare(
      "INSERT INTO orders (user_id, course_id, payment_status, provider, provider_order_id, provider_payment_id, amount_paise, billing) VALUES (?, ?, 'pending', 'stripe', ?, ?, ?, ?)",
    );
    return students.map((student, index) => {
      // Half the buyers in the seller's state (CGST + SGST), half elsewhere (IGST).
      const stateCode = index % 2 === 0 ? "27" : "29";
      const billing = { name: `Buyer ${index}`, address: `${index} Market Road`, city: "Somewhere", stateCode, pin: "411001" };
      const intent = `pi_invoice_numbering_${index}`;
      const id = Number(insert.run(student.id, courseId, intent, intent, PRICE, JSON.stringify(billing)).lastInsertRowid);
      return { id, intent, userId: student.id, courseId };
    });
  }, site.database);
  const webhooks = orders.map(succeeded);

  const first = await deliver("Payments captured at once", webhooks);
  expect(first.statuses).toEqual(Array(PAYMENTS).fill(200));
  expect(first.invoices.map((invoice) => invoice.sequence)).toEqual(Array.from({ length: PAYMENTS }, (_, i) => i + 1));
  expect(new Set(first.invoices.map((invoice) => invoice.number)).size).toBe(PAYMENTS);
  expect(new Set(first.invoices.map((invoice) => invoice.order_id))).toEqual(new Set(orders.map((order) => order.id)));
  expect(new Set(first.invoices.map((invoice) => invoice.financial_year)).size).toBe(1);
  for (const invoice of first.invoices) {
    expect(invoice.number).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
    expect(invoice.number).toBe(`TMA/${invoice.financial_year}/${String(invoice.sequence).padStart(6, "0")}`);
  }
  expect(first.invoices.filter((invoice) => invoice.cgst_paise > 0)).toHaveLength(PAYMENTS / 2);
  expect(first.invoices.filter((invoice) => invoice.igst_paise > 0)).toHaveLength(PAYMENTS / 2);

  const again = await deliver("The same events delivered again", webhooks);
  expect(again.statuses).toEqual(Array(PAYMENTS).fill(200));
  expect(again.invoices).toEqual(first.invoices);
}, 300_000);
