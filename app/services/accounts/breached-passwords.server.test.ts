import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakePwnedPasswords, type FakePwnedPasswords } from "../../../tests/fixtures/fake-pwned-passwords";
import { timesSeenInBreaches } from "./breached-passwords.server";

const FAMOUS = "correct horse battery staple";
let fake: FakePwnedPasswords;
beforeAll(async () => {
  fake = await startFakePwnedPasswords({ [FAMOUS]: 385 });
});
afterAll(() => fake.close());

// Each call gets a clock of its own, so one test's failure does not quiet the next.
let clock = 0;
const later = () => (clock += 10 * 60_000);

describe("looking a new password up among breached ones", () => {
  it("counts a breached password, and a fresh one is seen 0 times; only a 5-character prefix leaves the site", async () => {
    expect(await timesSeenInBreaches(FAMOUS, fake.url, later())).toBe(385);
    expect(await timesSeenInBreaches("saffron kite over quiet harbour", fake.url, later())).toBe(0);
    const prefix = createHash("sha1").update(FAMOUS).digest("hex").slice(0, 5).toUpperCase();
    expect(fake.asked.at(-2)).toBe(`/range/${prefix}`);
    expect(fake.asked.join(" ")).not.toContain(createHash("sha1").update(FAMOUS).digest("hex").slice(5, 10).toUpperCase());
  });

  it("says nothing when the service fails or cannot be reached, and leaves it alone for a minute after", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fake.failNext(503);
    const failedAt = later();
    expect(await timesSeenInBreaches(FAMOUS, fake.url, failedAt)).toBeNull();
    const askedBefore = fake.asked.length;
    expect(await timesSeenInBreaches(FAMOUS, fake.url, failedAt + 30_000)).toBeNull();
    expect(fake.asked.length).toBe(askedBefore);
    expect(await timesSeenInBreaches(FAMOUS, fake.url, failedAt + 61_000)).toBe(385);
    // Nothing listens on port 9 of loopback.
    expect(await timesSeenInBreaches(FAMOUS, "http://127.0.0.1:9", later())).toBeNull();
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining(`Could not ask Pwned Passwords at ${fake.url}`),
      expect.stringContaining("Could not ask Pwned Passwords at http://127.0.0.1:9"),
    ]);
    warn.mockRestore();
  });

  it("asks nobody when the lookup is off", async () => {
    const askedBefore = fake.asked.length;
    expect(await timesSeenInBreaches(FAMOUS, "off", later())).toBeNull();
    expect(fake.asked.length).toBe(askedBefore);
  });
});
