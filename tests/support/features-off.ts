// The environment a test server starts from: every optional outside system off
// (card payments with Stripe or Razorpay, OAuth sign-in, the chat's LLM,
// analytics, outgoing mail, the breached-password lookup, the public address, the first admin from the
// environment). A test turns on only what it tests, on top of this, so a
// developer's shell or .env never decides what a test sees. An empty value is
// read as unset (app/utils/env.server.ts), and an empty value already in the
// environment is not replaced by .env.

export const FEATURES_OFF_ENV: Readonly<Record<string, string>> = {
  PAYMENTS_PROVIDER: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_PUBLISHABLE_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_API_URL: "",
  RAZORPAY_KEY_ID: "",
  RAZORPAY_KEY_SECRET: "",
  RAZORPAY_WEBHOOK_SECRET: "",
  RAZORPAY_API_URL: "",
  OAUTH_CLIENT_ID: "",
  OAUTH_CLIENT_SECRET: "",
  OAUTH_ISSUER: "",
  OAUTH_AUTHORIZATION_URL: "",
  OAUTH_TOKEN_URL: "",
  OAUTH_USERINFO_URL: "",
  CHAT_LLM_URL: "",
  CHAT_LLM_MODEL: "",
  GA_TRACKING_ID: "",
  SITE_URL: "",
  SMTP_URL: "",
  ADMIN_ID: "",
  ADMIN_PASSWORD: "",
  // The breached-password lookup goes to a fake on loopback in the tests that check it.
  PWNED_PASSWORDS_URL: "off",
};
