import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { auditLog } from "../../../db/schema";
import { PUBLIC_FORM_LIMITS } from "./public-form-limits";
import { claimFormPost, mailboxOf } from "./public-forms.server";

const auditRows = () =>
  db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(inArray(auditLog.action, ["public_form_throttled", "acknowledgements_capped"]))
    .all();

describe("public forms that mail", () => {
  it("one address sends 40 posts of a form an hour, then a 429 that says how long; another form and another address are not held", async () => {
    const client = "203.0.113.40";
    for (let i = 0; i < PUBLIC_FORM_LIMITS.postsPerClientPerHour; i++)
      expect((await claimFormPost("contact", client, `reader${i}@example.com`)).ok).toBe(true);
    const refused = await claimFormPost("contact", client, "late@example.com");
    expect(refused).toMatchObject({ ok: false, status: 429, retryAfterSeconds: expect.any(Number) });
    if (!refused.ok) expect(refused.message).toMatch(/^Too many messages from your network\. Please wait (59|60) minutes and try again\.$/);
    await claimFormPost("contact", client, "later@example.com");

    expect(await claimFormPost("newsletter", client)).toMatchObject({ ok: true, acknowledge: false });
    expect(await claimFormPost("contact", "203.0.113.41", "late@example.com")).toMatchObject({ ok: true, acknowledge: true });
    expect(auditRows().filter((row) => row.action === "public_form_throttled")).toEqual([
      { action: "public_form_throttled", details: { form: "contact", client, posts: PUBLIC_FORM_LIMITS.postsPerClientPerHour } },
    ]);
  });

  it("a refused post spends nothing of the recipient's acknowledgements", async () => {
    const client = "203.0.113.42";
    for (let i = 0; i < PUBLIC_FORM_LIMITS.postsPerClientPerHour; i++)
      await claimFormPost("event-registration", client, `s${i}@example.com`);
    for (let i = 0; i < 5; i++) expect((await claimFormPost("event-registration", client, "spared@example.com")).ok).toBe(false);
    expect(await claimFormPost("event-registration", "203.0.113.43", "spared@example.com")).toMatchObject({ ok: true, acknowledge: true });
  });

  it("three acknowledgements a day to one mailbox, however it is spelled; the posts themselves still stand", async () => {
    const spellings = ["Asha.Verma@Gmail.com", "ashaverma+news@gmail.com", "a.s.h.a.verma@googlemail.com", "ASHAVERMA@gmail.com"];
    const claims = [];
    for (const [index, email] of spellings.entries()) {
      const claim = await claimFormPost("contact", `198.51.100.${index}`, email);
      claims.push(claim.ok && { ok: claim.ok, acknowledge: claim.acknowledge });
    }
    expect(claims).toEqual([
      { ok: true, acknowledge: true },
      { ok: true, acknowledge: true },
      { ok: true, acknowledge: true },
      { ok: true, acknowledge: false },
    ]);
    // Each form keeps its own count: a registration's confirmation is not spent by contact messages.
    expect(await claimFormPost("event-registration", "198.51.100.9", "asha.verma@gmail.com")).toMatchObject({
      ok: true,
      acknowledge: true,
    });
    const capped = db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, "acknowledgements_capped")).all();
    expect(capped).toEqual([{ details: { form: "contact", client: "198.51.100.3", acknowledgements: 3 } }]);
  });

  it("a post refused after all (a full event) gives its acknowledgement back", async () => {
    const claims = [];
    for (let i = 0; i < PUBLIC_FORM_LIMITS.acknowledgementsPerRecipientPerDay; i++)
      claims.push(await claimFormPost("event-registration", "198.51.100.20", "ravi@example.com"));
    for (const claim of claims) if (claim.ok) await claim.unsent();
    expect(await claimFormPost("event-registration", "198.51.100.20", "ravi@example.com")).toMatchObject({ ok: true, acknowledge: true });
  });

  it("a mailbox is its address in lower case, without a +tag, and without dots at Gmail", () => {
    expect(mailboxOf(" Priya.Sharma+batch@Example.COM ")).toBe("priya.sharma@example.com");
    expect(mailboxOf("p.r.i.y.a@googlemail.com")).toBe("priya@gmail.com");
    expect(mailboxOf("no-at-sign")).toBe("no-at-sign");
  });
});
