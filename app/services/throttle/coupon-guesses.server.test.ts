import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { auditLog } from "../../../db/schema";
import { COUPON_GUESS_LIMITS, limitCouponGuesses } from "./coupon-guesses.server";

// A stand-in for the price check: "GOOD" is the only valid code.
const check = (code: string) => () =>
  code.trim().toUpperCase() === "GOOD" ? ({ ok: true } as const) : ({ ok: false, reason: "invalid-coupon" } as const);
const guess = (studentId: string, client: string, code: string) => limitCouponGuesses({ studentId, client }, code, check(code));

describe("coupon guessing", () => {
  it("a student may try 10 invalid codes an hour; then 429, even for a valid one; valid codes cost nothing", async () => {
    const student = crypto.randomUUID();
    for (let i = 0; i < 25; i++) expect(await guess(student, "203.0.113.100", "GOOD")).toEqual({ ok: true });
    for (let i = 0; i < COUPON_GUESS_LIMITS.perStudentPerHour; i++)
      expect(await guess(student, "203.0.113.100", `NOPE${i}`)).toEqual({ ok: false, reason: "invalid-coupon" });
    const refused = await guess(student, "203.0.113.100", "GOOD");
    expect(refused).toMatchObject({ ok: false, status: 429, reason: "too-many-coupon-guesses" });
    if ("message" in refused)
      expect(refused.message).toMatch(/^Too many coupon codes tried\. Please wait (59|60) minutes and try again\.$/);
    // Another student at another address is not held up.
    expect(await guess(crypto.randomUUID(), "192.0.2.100", "GOOD")).toEqual({ ok: true });
  });

  it("one address may try 30 invalid codes an hour across its students' accounts", async () => {
    const client = "203.0.113.101";
    for (let i = 0; i < COUPON_GUESS_LIMITS.perClientPerHour; i++)
      expect(await guess(`student-${i % 5}-${client}`, client, `NOPE${i}`)).toMatchObject({ reason: "invalid-coupon" });
    expect(await guess(crypto.randomUUID(), client, "NOPE")).toMatchObject({ status: 429 });
    const rows = db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.action, "coupon_guessing_throttled")).all();
    expect(rows.map((row) => row.details)).toContainEqual(expect.objectContaining({ rule: "client", client, invalidCodes: 30 }));
  });

  it("counts a guess when it starts: a parallel burst gets no more than the allowance checked", async () => {
    const student = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(student, "203.0.113.102", `BURST${i}`)));
    expect(answers.filter((answer) => "reason" in answer && answer.reason === "invalid-coupon")).toHaveLength(
      COUPON_GUESS_LIMITS.perStudentPerHour,
    );
  });

  it("no code, nothing counted", async () => {
    const student = crypto.randomUUID();
    for (let i = 0; i < 50; i++)
      expect(await limitCouponGuesses({ studentId: student, client: "203.0.113.103" }, "", () => ({ ok: true }))).toEqual({ ok: true });
  });
});
