import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { consentHistoryOf, currentConsent, recordConsent } from "./consent.server";

const newAccount = () =>
  db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, firstName: "Asha", lastName: "Rao", passwordHash: "x" })
    .returning({ id: users.id })
    .get().id;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));

describe("consent records", () => {
  test("the newest record is the current state, for the browser and for the account", () => {
    const visitorId = randomUUID();
    expect(currentConsent({ visitorId }, "analytics")).toBeNull();

    recordConsent({ visitorId, purpose: "analytics", decision: "granted", source: "banner" }, db, at(1));
    expect(currentConsent({ visitorId }, "analytics")).toBe("granted");
    recordConsent({ visitorId, purpose: "analytics", decision: "withdrawn", source: "cookie-settings" }, db, at(2));
    expect(currentConsent({ visitorId }, "analytics")).toBe("withdrawn");
    // Another purpose, and another browser, are their own.
    expect(currentConsent({ visitorId }, "contact-reply")).toBeNull();
    expect(currentConsent({ visitorId: randomUUID() }, "analytics")).toBeNull();

    const userId = newAccount();
    recordConsent({ userId, visitorId: randomUUID(), purpose: "analytics", decision: "granted", source: "banner" }, db, at(3));
    expect(currentConsent({ userId }, "analytics")).toBe("granted");
  });

  test("an account's history lists every consent and withdrawal, oldest first, and nobody else's", () => {
    const userId = newAccount();
    recordConsent({ userId, purpose: "analytics", decision: "withdrawn", source: "banner" }, db, at(20));
    recordConsent({ userId, purpose: "account", decision: "granted", source: "signup" }, db, at(10));
    recordConsent({ userId: newAccount(), purpose: "account", decision: "granted", source: "signup" }, db, at(11));

    expect(consentHistoryOf(userId)).toEqual([
      { purpose: "account", decision: "granted", source: "signup", createdAt: at(10) },
      { purpose: "analytics", decision: "withdrawn", source: "banner", createdAt: at(20) },
    ]);
  });

  test("a record for nobody is refused", () => {
    expect(() => recordConsent({ purpose: "analytics", decision: "granted", source: "banner" })).toThrow("needs a user or a visitor id");
  });
});
