import { oauthAuthorizationOrigin, stripeConfig, type Env } from "./env.server";

const GOOGLE_ANALYTICS = ["https://www.googletagmanager.com", "https://*.google-analytics.com"];
// What Stripe.js and its Payment Element need (docs.stripe.com/security/guide#content-security-policy).
const STRIPE_JS = {
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  img: ["https://*.stripe.com"],
};

type PolicyEnv = Partial<
  Pick<
    Env,
    | "GA_TRACKING_ID"
    | "STRIPE_SECRET_KEY"
    | "STRIPE_PUBLISHABLE_KEY"
    | "STRIPE_API_URL"
    | "OAUTH_CLIENT_ID"
    | "OAUTH_CLIENT_SECRET"
    | "OAUTH_ISSUER"
    | "OAUTH_AUTHORIZATION_URL"
  >
>;

/**
 * The policy allows exactly what the pages use: our own files, the per-request
 * nonce for Remix's inline scripts, the video players the visitor asks for,
 * and Google Analytics and Stripe only when they are configured. Stripe.js is
 * loaded by our own nonce'd script, which 'strict-dynamic' trusts. Browsers
 * apply form-action to a form post's redirects too: the checkout form's post
 * may redirect to Stripe's hosted page, and the account page's "Connect" post
 * to the sign-in provider, so form-action names both.
 */
export function contentSecurityPolicy(nonce: string, env: PolicyEnv): string {
  const analytics = env.GA_TRACKING_ID ? GOOGLE_ANALYTICS : [];
  const stripe = stripeConfig(env);
  const stripeJs = stripe ? STRIPE_JS : { connect: [], frame: [], img: [] };
  const signInProvider = oauthAuthorizationOrigin(env);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...analytics],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Admins may give an image as any https address (course cards, mentors, blog).
    "img-src": ["'self'", "data:", "https:", ...analytics, ...stripeJs.img],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...analytics, ...stripeJs.connect],
    "frame-src": ["https://www.youtube-nocookie.com", "https://player.vimeo.com", "https://drive.google.com", ...stripeJs.frame],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...(stripe ? [stripe.checkoutOrigin] : []), ...(signInProvider ? [signInProvider] : [])],
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
