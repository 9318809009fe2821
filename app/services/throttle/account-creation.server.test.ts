import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { auditLog } from "../../../db/schema";
import { ACCOUNT_CREATION_LIMITS, claimAccountCreation } from "./account-creation.server";

const signUpRows = () => db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, "sign_up_throttled")).all();

describe("account creation", () => {
  it("one address gets a few an hour, then a 429 that says how long; one audit row for it", async () => {
    const client = "203.0.113.90";
    for (let i = 0; i < ACCOUNT_CREATION_LIMITS.perClientPerHour; i++) expect(await claimAccountCreation(client)).toEqual({ ok: true });
    const refused = await claimAccountCreation(client);
    expect(refused).toMatchObject({ ok: false, status: 429, retryAfterSeconds: expect.any(Number) });
    if (!refused.ok)
      expect(refused.message).toMatch(/^Too many new accounts from your network\. Please wait (59|60) minutes and try again\.$/);
    await claimAccountCreation(client);
    expect(signUpRows().map((row) => row.details)).toEqual([{ rule: "client", client, signUps: ACCOUNT_CREATION_LIMITS.perClientPerHour }]);
  });

  it("the whole site has a ceiling an hour, however many addresses a script uses", async () => {
    const used = ACCOUNT_CREATION_LIMITS.perClientPerHour;
    for (let i = used; i < ACCOUNT_CREATION_LIMITS.perSitePerHour; i++)
      expect((await claimAccountCreation(`10.9.${i >> 8}.${i & 255}`)).ok).toBe(true);
    const refused = await claimAccountCreation("192.0.2.91");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    if (!refused.ok)
      expect(refused.message).toMatch(
        /^We are receiving an unusual number of new accounts right now\. Please try again in (59|60) minutes\.$/,
      );
    expect(signUpRows().at(-1)?.details).toEqual({ rule: "site", client: "192.0.2.91", signUps: ACCOUNT_CREATION_LIMITS.perSitePerHour });
  });
});
