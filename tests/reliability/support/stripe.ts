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
