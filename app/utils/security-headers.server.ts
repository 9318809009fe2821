import { MEETING_FORM_TARGETS } from "./meeting-services";
import { oauthAuthorizationOrigin, paymentsProvider, razorpayConfig, stripeConfig, type Env } from "./env.server";

const GOOGLE_ANALYTICS = ["https://www.googletagmanager.com", "https://*.google-analytics.com"];
// What Stripe.js and its Payment Element need (docs.stripe.com/security/guide#content-security-policy).
const STRIPE_JS = {
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  img: ["https://*.stripe.com"],
};
// Razorpay Checkout: its script, and the dialog's frames and calls to Razorpay's API
// (razorpay.com/docs/payments/payment-gateway/web-integration/standard/#content-security-policy).
const RAZORPAY_CHECKOUT_JS = "https://checkout.razorpay.com";
const RAZORPAY_LOGGING = "https://lumberjack.razorpay.com";

/** What the pages must reach for the provider that takes payments: nothing when payments are off. */
function paymentOrigins(env: PolicyEnv) {
  const provider = paymentsProvider(env);
  const stripe = provider === "stripe" ? stripeConfig(env) : null;
  if (stripe) return { script: [], ...STRIPE_JS, form: [stripe.checkoutOrigin] };
  const razorpay = provider === "razorpay" ? razorpayConfig(env) : null;
  if (razorpay) {
    const api = new URL(razorpay.apiUrl).origin;
    return {
      script: [RAZORPAY_CHECKOUT_JS],
      connect: [api, RAZORPAY_LOGGING],
      frame: [api, RAZORPAY_CHECKOUT_JS],
      img: [],
      form: [new URL(razorpay.hostedCheckoutUrl).origin],
    };
  }
  return { script: [], connect: [], frame: [], img: [], form: [] };
}

type PolicyEnv = Partial<
  Pick<
    Env,
    | "GA_TRACKING_ID"
    | "STRIPE_SECRET_KEY"
    | "STRIPE_PUBLISHABLE_KEY"
    | "STRIPE_API_URL"
    | "PAYMENTS_PROVIDER"
    | "RAZORPAY_KEY_ID"
    | "RAZORPAY_KEY_SECRET"
    | "RAZORPAY_API_URL"
    | "OAUTH_CLIENT_ID"
    | "OAUTH_CLIENT_SECRET"
    | "OAUTH_ISSUER"
    | "OAUTH_AUTHORIZATION_URL"
  >
>;

/**
 * The policy allows exactly what the pages use: our own files, the per-request
 * nonce for Remix's inline scripts, the video players the visitor asks for,
 * and Google Analytics and the payment provider only when they are configured.
 * Stripe.js and Razorpay's checkout.js are loaded by our own nonce'd script,
 * which 'strict-dynamic' trusts. Browsers apply form-action to a form post's
 * redirects too: the checkout form's post may redirect to Stripe's hosted
 * page (or post to Razorpay's), and the account page's "Connect" post to the
 * sign-in provider, so form-action names them.
 */
export function contentSecurityPolicy(nonce: string, env: PolicyEnv): string {
  const analytics = env.GA_TRACKING_ID ? GOOGLE_ANALYTICS : [];
  const payments = paymentOrigins(env);
  const signInProvider = oauthAuthorizationOrigin(env);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...analytics, ...payments.script],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Admins may give an image as any https address (course cards, mentors, blog).
    "img-src": ["'self'", "data:", "https:", ...analytics, ...payments.img],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...analytics, ...payments.connect],
    "frame-src": ["https://www.youtube-nocookie.com", "https://player.vimeo.com", "https://drive.google.com", ...payments.frame],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...payments.form, ...(signInProvider ? [signInProvider] : []), ...MEETING_FORM_TARGETS],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * The same in development and production, so `npm run dev` shows what the site
 * serves. Browsers ignore HSTS received over plain http (RFC 6797, 8.1), so it
 * cannot pin http://localhost to https.
 */
export function securityHeaders(nonce: string, env: PolicyEnv): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce, env),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  };
}
