import Stripe from "stripe";
import { startFakeStripe, type FakeStripe } from "../../fixtures/fake-stripe";
import { RELIABILITY_SECRETS } from "./site";

// The fake Stripe on loopback, the real SDK pointed at it (a customer's or
// Stripe dashboard's view), and the keys a site needs to use it.

export type ReliabilityStripe = { fake: FakeStripe; stripe: Stripe; siteEnv: Record<string, string> };

export async function startReliabilityStripe(port: number, webhookUrl?: string): Promise<ReliabilityStripe> {
  const fake = await startFakeStripe({
    port,
    secretKey: RELIABILITY_SECRETS.STRIPE_SECRET_KEY,
    webhookSecret: RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET,
    webhookUrl,
  });
  const stripe = new Stripe(RELIABILITY_SECRETS.STRIPE_SECRET_KEY, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });
  const siteEnv = {
    STRIPE_SECRET_KEY: RELIABILITY_SECRETS.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_reliability_publishable",
    STRIPE_WEBHOOK_SECRET: RELIABILITY_SECRETS.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  };
  return { fake, stripe, siteEnv };
}

/** Waits until the site has answered every webhook the fake Stripe has sent so far; returns the answers' statuses. */
export async function webhooksAnswered(fake: FakeStripe, withinMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  while (fake.events.some((event) => !event.suppressed && event.deliveredStatus === null && event.deliveryError === null)) {
    if (Date.now() > deadline) throw new Error(`The site did not answer every webhook within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return fake.events.flatMap((event) => (event.deliveredStatus === null ? [] : [event.deliveredStatus]));
}
