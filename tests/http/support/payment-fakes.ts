import Razorpay from "razorpay";
import { afterAll } from "vitest";
import { startFakeRazorpay } from "../../fixtures/fake-razorpay";
import { fakeRazorpayControl, razorpayEnv, TEST_RAZORPAY_KEY_ID, TEST_RAZORPAY_KEY_SECRET } from "../../support/razorpay";
import { startFakeStripeForSite } from "../../support/fake-stripe-site";
import { fakeStripeControl } from "../../support/stripe";
import { configureSite, listenForCallbacks } from "./in-process-site";

// A test file's site with a payment provider's fake server on loopback: the
// fake delivers its signed webhooks to this file's site as the provider would,
// and the app's real SDK talks to it. Call once, at the top of a file.

/** The site with Stripe on: the official SDK and the fake's control API, both pointed at the fake. */
export async function siteWithFakeStripe() {
  const callbacks = await listenForCallbacks();
  const { fake, stripe, siteEnv } = await startFakeStripeForSite({ webhookUrl: `${callbacks.url}/api/stripe/webhook` });
  afterAll(() => fake.close());
  configureSite(siteEnv);
  return { fake, stripe, fakeStripe: fakeStripeControl(fake.url) };
}

export const RAZORPAY_WEBHOOK = "/api/razorpay/webhook";

/** The site with Razorpay on: the merchant's own view through the official SDK (its dashboard), and the fake's control API. */
export async function siteWithFakeRazorpay() {
  const callbacks = await listenForCallbacks();
  const fake = await startFakeRazorpay({
    keyId: TEST_RAZORPAY_KEY_ID,
    keySecret: TEST_RAZORPAY_KEY_SECRET,
    webhookSecret: razorpayEnv("").RAZORPAY_WEBHOOK_SECRET!,
    webhookUrl: `${callbacks.url}${RAZORPAY_WEBHOOK}`,
  });
  afterAll(() => fake.close());
  configureSite(razorpayEnv(fake.url));
  const razorpay = new Razorpay({ key_id: TEST_RAZORPAY_KEY_ID, key_secret: TEST_RAZORPAY_KEY_SECRET });
  // The SDK names api.razorpay.com itself; its axios instance is where to point it at the fake.
  (Reflect.get(razorpay.api, "rq") as { defaults: { baseURL: string } }).defaults.baseURL = fake.url;
  return { fake, razorpay, control: fakeRazorpayControl(fake.url) };
}

/** The Razorpay order a checkout page's Pay answered with: its form to Razorpay's hosted page names it. */
export async function razorpayOrderOf(response: { status(): number; text(): Promise<string> }): Promise<string> {
  const html = await response.text();
  if (response.status() !== 200) throw new Error(`Pay answered ${response.status()}: ${html.slice(0, 300)}`);
  const orderId = /name="order_id" value="(order_\w+)"/.exec(html)?.[1];
  if (!orderId) throw new Error("The page has no form to Razorpay's hosted checkout");
  return orderId;
}
