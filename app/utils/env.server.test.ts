import { describe, expect, test } from "vitest";
import { describeDisabledFeatures, parseEnv } from "./env.server";

describe("parseEnv", () => {
  test("defaults give a working site with optional features off", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("data/app.db");
    expect(env.GA_TRACKING_ID).toBeUndefined();
    const notes = describeDisabledFeatures(env);
    expect(notes.join("\n")).toMatch(/Payments are off/);
    expect(notes.join("\n")).toMatch(/Google Analytics is off/);
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

  test("file: prefix is stripped from DATABASE_URL", () => {
    expect(parseEnv({ DATABASE_URL: "file:/tmp/x.db" }).DATABASE_URL).toBe("/tmp/x.db");
  });
});
