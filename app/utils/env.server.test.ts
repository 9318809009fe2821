import { describe, expect, test } from "vitest";
import express from "express";
import {
  cookiesAreSecure,
  describeDisabledFeatures,
  oauthConfig,
  parseEnv,
  paymentsProvider,
  publicOrigin,
  trustProxySetting,
} from "./env.server";

describe("parseEnv", () => {
  test("defaults give a working site with optional features off", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("data/app.db");
    expect(env.GA_TRACKING_ID).toBeUndefined();
    const notes = describeDisabledFeatures(env);
    expect(notes.join("\n")).toMatch(/Payments are off/);
    expect(notes.join("\n")).toMatch(/Google Analytics is off/);
    expect(notes.join("\n")).toMatch(/Mail is not sent: set SMTP_URL .* messages wait in the admin's Outbox/);
    expect(
      describeDisabledFeatures(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525", SITE_URL: "https://institute.example" })).join("\n"),
    ).not.toMatch(/Mail is not sent/);
  });

  test("empty strings count as not set", () => {
    expect(parseEnv({ GA_TRACKING_ID: "", STRIPE_SECRET_KEY: "" }).GA_TRACKING_ID).toBeUndefined();
  });

  test("a malformed key stops start-up with a message naming it", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ GA_TRACKING_ID: "<script>" })).toThrow(/GA_TRACKING_ID must look like G-XXXXXXX/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_live_oops" })).toThrow(/STRIPE_SECRET_KEY must start with sk_/);
  });

  test("a bad configuration reads as one line per variable, naming it and never echoing its value", () => {
    const problems = (() => {
      try {
        parseEnv({ NODE_ENV: "prod", PORT: "eighty", SESSION_SECRET: "a-short-secret", CHAT_RATE_LIMIT_PER_MINUTE: "0" });
        return [];
      } catch (error) {
        return error instanceof Error ? error.message.split("\n") : [];
      }
    })();
    expect(problems).toEqual([
      "Invalid configuration: NODE_ENV must be production, development or test",
      "Invalid configuration: PORT must be a port number from 1 to 65535",
      "Invalid configuration: SESSION_SECRET must be at least 32 characters",
      "Invalid configuration: CHAT_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1",
    ]);
  });

  test("mail is sent only with SITE_URL, so its links never name localhost", () => {
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(
      "Invalid configuration: SMTP_URL needs SITE_URL, the public address the links in mail lead to (e.g. https://example.com)",
    );
    expect(parseEnv({ SMTP_URL: "smtp://mail.example.com:587", SITE_URL: "https://institute.example" }).SMTP_URL).toBe(
      "smtp://mail.example.com:587",
    );
  });

  test("file: prefix is stripped from DATABASE_URL", () => {
    expect(parseEnv({ DATABASE_URL: "file:/tmp/x.db" }).DATABASE_URL).toBe("/tmp/x.db");
  });
});

describe("oauthConfig", () => {
  const client = { OAUTH_CLIENT_ID: "client-id", OAUTH_CLIENT_SECRET: "client-secret" };
  const endpoints = {
    OAUTH_AUTHORIZATION_URL: "https://id.example.com/authorize",
    OAUTH_TOKEN_URL: "https://id.example.com/token",
    OAUTH_USERINFO_URL: "https://id.example.com/userinfo",
  };

  test("off without a client id and secret, or without somewhere to send the student", () => {
    expect(oauthConfig(parseEnv({}))).toBeNull();
    expect(oauthConfig(parseEnv({ OAUTH_CLIENT_ID: "client-id", OAUTH_ISSUER: "https://accounts.google.com" }))).toBeNull();
    expect(oauthConfig(parseEnv({ OAUTH_CLIENT_SECRET: "secret", OAUTH_ISSUER: "https://accounts.google.com" }))).toBeNull();
    expect(oauthConfig(parseEnv(client))).toBeNull();
    // Two of the three endpoints are not enough.
    expect(oauthConfig(parseEnv({ ...client, ...endpoints, OAUTH_USERINFO_URL: undefined }))).toBeNull();
  });

  test("the keys .env.example lists, left empty, leave it off and say how to turn it on", () => {
    const env = parseEnv({
      OAUTH_CLIENT_ID: "",
      OAUTH_CLIENT_SECRET: "",
      OAUTH_ISSUER: "",
      OAUTH_AUTHORIZATION_URL: "",
      OAUTH_TOKEN_URL: "",
      OAUTH_USERINFO_URL: "",
      OAUTH_PROVIDER_NAME: "Google",
      OAUTH_SCOPES: "openid email profile",
    });
    expect(oauthConfig(env)).toBeNull();
    expect(describeDisabledFeatures(env).join("\n")).toMatch(/OAuth sign-in is off: set OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET/);
  });

  test("an issuer to discover, offered as Google with OpenID scopes by default", () => {
    const env = parseEnv({ ...client, OAUTH_ISSUER: "https://accounts.google.com" });
    expect(oauthConfig(env)).toEqual({
      providerName: "Google",
      clientId: "client-id",
      clientSecret: "client-secret",
      scopes: ["openid", "email", "profile"],
      endpoints: { issuer: "https://accounts.google.com" },
    });
    expect(describeDisabledFeatures(env).join("\n")).not.toMatch(/OAuth/);
  });

  test("the three endpoints spelled out, with a name and scopes of its own", () => {
    const config = oauthConfig(
      parseEnv({ ...client, ...endpoints, OAUTH_PROVIDER_NAME: " Acme ID ", OAUTH_SCOPES: "openid,email  profile" }),
    );
    expect(config).toEqual({
      providerName: "Acme ID",
      clientId: "client-id",
      clientSecret: "client-secret",
      scopes: ["openid", "email", "profile"],
      endpoints: {
        authorizationUrl: "https://id.example.com/authorize",
        tokenUrl: "https://id.example.com/token",
        userinfoUrl: "https://id.example.com/userinfo",
      },
    });
  });

  test("an issuer wins over spelled-out endpoints", () => {
    const config = oauthConfig(parseEnv({ ...client, ...endpoints, OAUTH_ISSUER: "http://127.0.0.1:4000" }));
    expect(config?.endpoints).toEqual({ issuer: "http://127.0.0.1:4000" });
  });

  test("a blank provider name or scope list falls back to the defaults", () => {
    const config = oauthConfig(
      parseEnv({ ...client, OAUTH_ISSUER: "https://accounts.google.com", OAUTH_PROVIDER_NAME: "  ", OAUTH_SCOPES: "" }),
    );
    expect(config?.providerName).toBe("Google");
    expect(config?.scopes).toEqual(["openid", "email", "profile"]);
  });

  test("a malformed endpoint stops start-up with a message naming it", () => {
    expect(() => parseEnv({ ...client, OAUTH_ISSUER: "accounts.google.com" })).toThrow(/OAUTH_ISSUER must be a URL/);
    expect(() => parseEnv({ ...client, ...endpoints, OAUTH_TOKEN_URL: "/token" })).toThrow(/OAUTH_TOKEN_URL must be a URL/);
  });
});

describe("publicOrigin", () => {
  test("SITE_URL without its trailing slash, else this server on localhost; never anything from a request", () => {
    expect(publicOrigin(parseEnv({ SITE_URL: "https://institute.example/" }))).toBe("https://institute.example");
    expect(publicOrigin(parseEnv({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(describeDisabledFeatures(parseEnv({})).join("\n")).toContain("SITE_URL is not set: links in mail");
  });
});

describe("cookiesAreSecure", () => {
  test("Secure in production when the site's address is https; not on a default start, so a phone on the LAN can sign in", () => {
    expect(cookiesAreSecure(parseEnv({ NODE_ENV: "production" }))).toBe(false);
    expect(cookiesAreSecure(parseEnv({ NODE_ENV: "production", SITE_URL: "https://academy.example" }))).toBe(true);
    expect(cookiesAreSecure(parseEnv({ NODE_ENV: "production", SITE_URL: "http://192.168.1.20:3000" }))).toBe(false);
    expect(cookiesAreSecure(parseEnv({ NODE_ENV: "development" }))).toBe(false);
  });
});

describe("trustProxySetting", () => {
  /** Which hops Express believes for this TRUST_PROXY, asked the way req.ip asks. */
  function trusts(TRUST_PROXY: string | undefined) {
    const app = express();
    app.set("trust proxy", trustProxySetting(parseEnv({ TRUST_PROXY })));
    const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    return (address: string, hop = 0) => trust(address, hop);
  }

  test("unset: nobody may name the client, not even a proxy on loopback", () => {
    expect(trustProxySetting(parseEnv({}))).toBe(false);
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: "" }))).toBe(false);
    const trust = trusts(undefined);
    expect(trust("127.0.0.1")).toBe(false);
    expect(trust("::1")).toBe(false);
    expect(trust("10.0.0.2")).toBe(false);
  });

  test("loopback: a proxy on this machine names the client, an outside connection does not", () => {
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: "loopback" }))).toBe("loopback");
    const trust = trusts("loopback");
    expect(trust("127.0.0.1")).toBe(true);
    expect(trust("::1")).toBe(true);
    expect(trust("203.0.113.9")).toBe(false);
  });

  test("a hop count becomes a number: that many proxies in front are believed", () => {
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: "1" }))).toBe(1);
    const trust = trusts("1");
    expect(trust("198.51.100.4", 0)).toBe(true);
    expect(trust("198.51.100.4", 1)).toBe(false);
  });

  test("addresses and CIDRs: only those proxies are believed", () => {
    expect(trustProxySetting(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5" }))).toBe("10.0.0.0/8, 192.168.1.5");
    const trust = trusts("10.0.0.0/8, 192.168.1.5");
    expect(trust("10.20.30.40")).toBe(true);
    expect(trust("192.168.1.5")).toBe(true);
    expect(trust("192.168.1.6")).toBe(false);
  });

  test("anything else stops start-up with a message naming the key", () => {
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY must be a hop count, loopback/);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });
});

describe("paymentsProvider", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };
  const razorpay = { RAZORPAY_KEY_ID: "rzp_test_abc123", RAZORPAY_KEY_SECRET: "secret-of-the-key" };

  test("unset: the provider whose keys are set, Stripe when both are", () => {
    expect(paymentsProvider(parseEnv({}))).toBeNull();
    expect(paymentsProvider(parseEnv(stripe))).toBe("stripe");
    expect(paymentsProvider(parseEnv(razorpay))).toBe("razorpay");
    expect(paymentsProvider(parseEnv({ ...stripe, ...razorpay }))).toBe("stripe");
  });

  test("PAYMENTS_PROVIDER chooses, and a choice without its keys takes no payments; the start-up notes say which", () => {
    const chosen = parseEnv({ ...stripe, ...razorpay, PAYMENTS_PROVIDER: "razorpay" });
    expect(paymentsProvider(chosen)).toBe("razorpay");
    expect(describeDisabledFeatures(chosen).join("\n")).toMatch(/Payments are taken by Razorpay/);
    const keyless = parseEnv({ ...stripe, PAYMENTS_PROVIDER: "razorpay" });
    expect(paymentsProvider(keyless)).toBeNull();
    expect(describeDisabledFeatures(keyless).join("\n")).toMatch(/PAYMENTS_PROVIDER is razorpay but RAZORPAY_KEY_ID/);
    expect(() => parseEnv({ PAYMENTS_PROVIDER: "paypal" })).toThrow(/PAYMENTS_PROVIDER must be stripe or razorpay/);
    expect(() => parseEnv({ RAZORPAY_KEY_ID: "key" })).toThrow(/RAZORPAY_KEY_ID must look like/);
  });
});
