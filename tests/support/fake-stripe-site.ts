import type Stripe from "stripe";
import { startFakeStripe, type FakeStripe } from "../fixtures/fake-stripe";
import { stripeClientFor, stripeEnv, TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from "./stripe";

// The fake Stripe server started in the test's own process for a site under
// test: the real SDK pointed at it (a customer's or Stripe dashboard's view),
// and the environment that points the site at it. Kept apart from ./stripe.ts,
// which the Playwright configuration reads.

export type StripeForSite = { fake: FakeStripe; stripe: Stripe; siteEnv: Record<string, string> };

/** On `port` (any free one by default), sending its webhooks to `webhookUrl` when given. */
export async function startFakeStripeForSite(options: { port?: number; webhookUrl?: string } = {}): Promise<StripeForSite> {
  const fake = await startFakeStripe({
    port: options.port ?? 0,
    secretKey: TEST_STRIPE_SECRET_KEY,
    webhookSecret: TEST_STRIPE_WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl,
  });
  return { fake, stripe: stripeClientFor(fake.url), siteEnv: stripeEnv(fake.url) };
}

/** Once the site has answered every webhook the fake Stripe has sent so far: the answers' statuses. */
export async function webhooksAnswered(fake: FakeStripe): Promise<number[]> {
  await fake.deliveriesSettled();
  const unanswered = fake.events.filter((event) => !event.suppressed && event.deliveredStatus === null && event.deliveryError === null);
  if (unanswered.length > 0) throw new Error(`Webhooks never sent: ${unanswered.map((event) => event.type).join(", ")}`);
  return fake.events.flatMap((event) => (event.deliveredStatus === null ? [] : [event.deliveredStatus]));
}
