import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { auditLog } from "../../../db/schema";
import { waitAfter } from "./growing-delay.server";
import { ACCOUNT_WAIT_AFTER, beginSignIn, SIGN_IN_RULES, type AccountKind } from "./sign-in.server";

// The rules with the clock in the test's hands: `now` is passed to every call.

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${crypto.randomUUID().slice(0, 8)}`;
const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const SECOND = 1000;

type Attempt = { account: string; client: string; knownDevice?: string | null; kind?: AccountKind };

/** One attempt with its outcome: "checked" (the password was looked at) or the wait it was refused with, in seconds. */
function attempt({ account, client, knownDevice = null, kind = "student" }: Attempt, now: number, succeeds = false): "checked" | number {
  const gate = beginSignIn({ kind, account, client, knownDevice }, now);
  if (!gate.ok) {
    expect(gate.status).toBe(429);
    expect(gate.message).toMatch(/^Too many sign-in attempts\. Please wait \d+ (seconds?|minutes) and try again\.$/);
    return gate.retryAfterSeconds;
  }
  gate.finish(succeeds);
  return "checked";
}

function throttleRows(account: string) {
  return db
    .select({ details: auditLog.details, actorType: auditLog.actorType, action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "email"), eq(auditLog.entityId, account)))
    .all();
}

describe("the wait a count earns", () => {
  it("is nothing for the free attempts, then doubles up to the ceiling", () => {
    const rule = SIGN_IN_RULES.clientOnAccount;
    expect([1, 4, 5, 6, 7, 8].map((count) => waitAfter(count, rule))).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(waitAfter(20, rule)).toBe(15 * 60 * 1000);
    expect(waitAfter(10_000, rule)).toBe(15 * 60 * 1000);
  });
});

describe("one client guessing one account", () => {
  it("gets 5 tries, then waits that double with every attempt, and never stops the owner elsewhere", () => {
    const account = unique("asha@example.test");
    const attacker = { account, client: "203.0.113.66" };
    const outcomes = Array.from({ length: 100 }, () => attempt(attacker, T0));
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill("checked"));
    expect(outcomes.slice(5, 14)).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512]);
    expect(new Set(outcomes.slice(14))).toEqual(new Set([900]));

    expect(attempt({ account, client: "192.0.2.10" }, T0, true)).toBe("checked");
  });

  it("after the wait, one more try; each failure doubles the next wait", () => {
    const attacker = { account: unique("ravi@example.test"), client: "203.0.113.67" };
    for (let i = 0; i < 5; i++) expect(attempt(attacker, T0)).toBe("checked");
    // Knocking during the last millisecond of the wait doubles it: 2 s from then.
    expect(attempt(attacker, T0 + 999)).toBe(2);
    expect(attempt(attacker, T0 + 999 + 2 * SECOND)).toBe("checked");
    expect(attempt(attacker, T0 + 999 + 2 * SECOND + 1)).toBe(8);
  });

  it("a success wipes the slate: a student who mistypes now and then never waits", () => {
    const owner = { account: unique("meera@example.test"), client: "192.0.2.11" };
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect(attempt(owner, T0 + round)).toBe("checked");
      expect(attempt(owner, T0 + round, true)).toBe("checked");
    }
  });

  it("counts an attempt when it starts, so a burst in parallel gets no more than 5 checked", () => {
    const account = unique("burst@example.test");
    const gates = Array.from({ length: 40 }, () =>
      beginSignIn({ kind: "student", account, client: "203.0.113.68", knownDevice: null }, T0),
    );
    expect(gates.filter((gate) => gate.ok)).toHaveLength(5);
  });

  it("forgets a client's failures after a day of quiet", () => {
    const attacker = { account: unique("quiet@example.test"), client: "203.0.113.69" };
    for (let i = 0; i < 20; i++) attempt(attacker, T0);
    const tenMinutesOn = T0 + 10 * 60 * SECOND;
    expect(attempt(attacker, tenMinutesOn)).toBe(900);
    const aDayAfterThat = tenMinutesOn + 25 * 60 * 60 * SECOND;
    expect(attempt(attacker, aDayAfterThat)).toBe("checked");
    expect(attempt(attacker, aDayAfterThat)).toBe("checked");
  });

  it("writes one audit row when the wait engages and one each time the count doubles, not one per refusal", () => {
    const account = unique("audited@example.test");
    for (let i = 0; i < 100; i++) attempt({ account, client: "203.0.113.70" }, T0);
    const rows = throttleRows(account);
    expect(rows.every((row) => row.actorType === "system" && row.action === "sign_in_throttled")).toBe(true);
    expect(rows.map((row) => row.details)).toEqual(
      [5, 10, 20, 40, 80].map((attempts) => ({
        rule: "clientOnAccount",
        client: "203.0.113.70",
        attempts,
        waitSeconds: Math.min(900, 2 ** (attempts - 5)),
      })),
    );
  });
});

describe("one client guessing many accounts", () => {
  it("gets 100 failures across accounts, then waits; other clients are not held", () => {
    const client = "203.0.113.71";
    for (let i = 0; i < SIGN_IN_RULES.client.free; i++) expect(attempt({ account: unique("spray"), client }, T0)).toBe("checked");
    expect(attempt({ account: unique("spray"), client }, T0)).toBe(1);
    expect(attempt({ account: unique("spray"), client: "192.0.2.12" }, T0, true)).toBe("checked");
  });

  it("successful sign-ins do not use it up (a shared office address)", () => {
    const client = "203.0.113.72";
    for (let i = 0; i < 300; i++) expect(attempt({ account: unique("colleague"), client }, T0, true)).toBe("checked");
  });
});

describe("many clients guessing one account", () => {
  it("after 30 failures from several clients, clients new to the account share one growing wait; a known device gets in", () => {
    const account = unique("target@example.test");
    const clientAt = (n: number) => `198.51.100.${n}`;
    // 10 clients, 3 guesses each: the 30th failure starts the account's shared wait.
    for (let n = 1; n <= 10; n++)
      for (let guess = 0; guess < 3; guess++) expect(attempt({ account, client: clientAt(n) }, T0)).toBe("checked");
    expect(attempt({ account, client: clientAt(50) }, T0)).toBe(1);
    expect(attempt({ account, client: "192.0.2.13" }, T0 + 500, true)).toBe(1);
    expect(attempt({ account, client: "192.0.2.13", knownDevice: "owner-laptop" }, T0 + 500, true)).toBe("checked");

    // Each further failure from a client without the cookie doubles the shared wait.
    expect(attempt({ account, client: clientAt(51) }, T0 + SECOND)).toBe("checked");
    expect(attempt({ account, client: clientAt(52) }, T0 + SECOND + 1)).toBe(2);
    const rows = throttleRows(account).filter((row) => (row.details as { rule: string }).rule === "account");
    expect(rows.map((row) => row.details)).toEqual([
      { rule: "account", client: clientAt(10), attempts: 1, waitSeconds: 1, failures: 30, clients: 10 },
      { rule: "account", client: clientAt(51), attempts: 2, waitSeconds: 2, failures: 31, clients: 11 },
    ]);
  });

  it("one client alone can never start the account's shared wait, however long it tries", () => {
    const account = unique("single@example.test");
    const client = "203.0.113.73";
    for (let minute = 0; minute < 3 * 24 * 60; minute += 5) attempt({ account, client }, T0 + minute * 60 * SECOND);
    expect(attempt({ account, client: "192.0.2.14" }, T0 + 3 * 24 * 60 * 60 * SECOND, true)).toBe("checked");
  });

  it("two clients are enough once they have failed 30 times between them", () => {
    const account = unique("pair@example.test");
    const half = ACCOUNT_WAIT_AFTER.failures / 2;
    // Each client waits out its own growing waits: a minute apart is enough at first, then 15 minutes.
    let now = T0;
    for (let i = 0; i < half; i++) {
      expect(attempt({ account, client: "203.0.113.75" }, now)).toBe("checked");
      expect(attempt({ account, client: "203.0.113.76" }, now)).toBe("checked");
      now += 16 * 60 * SECOND;
    }
    expect(attempt({ account, client: "192.0.2.18" }, now - 16 * 60 * SECOND + 1, true)).toBe(1);
  });

  it("a known device keeps its own allowance: 5 failures, then its own growing wait", () => {
    const account = unique("device@example.test");
    const device = { account, client: "192.0.2.15", knownDevice: "stolen-or-forgetful" };
    for (let i = 0; i < 5; i++) expect(attempt(device, T0)).toBe("checked");
    expect(attempt(device, T0)).toBe(2);
    expect(attempt({ account, client: "192.0.2.16" }, T0, true)).toBe("checked");
  });
});

describe("admins", () => {
  it("are throttled by the same rules, apart from students", () => {
    const account = unique("admin-id");
    for (let i = 0; i < 5; i++) expect(attempt({ account, client: "203.0.113.74", kind: "admin" }, T0)).toBe("checked");
    expect(attempt({ account, client: "203.0.113.74", kind: "admin" }, T0)).toBe(2);
    expect(attempt({ account, client: "203.0.113.74", kind: "student" }, T0)).toBe("checked");
    expect(attempt({ account, client: "192.0.2.17", kind: "admin" }, T0, true)).toBe("checked");
    const rows = db
      .select({ action: auditLog.action, type: auditLog.entityType })
      .from(auditLog)
      .where(eq(auditLog.entityId, account))
      .all();
    expect(rows).toEqual([{ action: "admin_sign_in_throttled", type: "admin_id" }]);
  });
});
