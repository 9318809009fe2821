import type { AppLoadContext } from "@remix-run/node";
import { recordSystemAction } from "~/models/site/audit-log.server";
import { Allowance } from "./allowance.server";
import { throttled, type Throttled } from "./wait";

// Coupon codes cannot be found by trying: each student, and each client, may
// enter only so many codes that turn out invalid in an hour. A valid code
// costs nothing. Every door that takes a code (the checkout page, the JSON
// endpoints) checks it through `limitCouponGuesses`.

const HOUR_SECONDS = 60 * 60;
export const COUPON_GUESS_LIMITS = { perStudentPerHour: 10, perClientPerHour: 30 } as const;

const perStudent = new Allowance("coupon-student", COUPON_GUESS_LIMITS.perStudentPerHour, HOUR_SECONDS);
const perClient = new Allowance("coupon-client", COUPON_GUESS_LIMITS.perClientPerHour, HOUR_SECONDS);

/** `client` is null where the address is not at hand (the checkout pages' shared loader): the student's allowance still holds. */
export type CouponGuesser = { studentId: string; client: string | null };
/** The signed-in student trying a code, from the address the server saw. */
export function couponGuesser(student: { id: string }, context: AppLoadContext): CouponGuesser {
  return { studentId: student.id, client: context.clientAddress ?? "unknown" };
}

export type TooManyCouponGuesses = Throttled & { reason: "too-many-coupon-guesses" };

const tooMany = (wait: string) => `Too many coupon codes tried. Please wait ${wait} and try again.`;

/**
 * Runs `check` for a code inside the limit. The attempt is counted before the
 * code is looked at (parallel guesses cannot slip past) and given back unless
 * the answer was "invalid-coupon". Without a code nothing is counted.
 */
export async function limitCouponGuesses<Result extends { ok: boolean; reason?: string }>(
  guesser: CouponGuesser,
  couponCode: string | null | undefined,
  check: () => Result,
): Promise<Result | TooManyCouponGuesses> {
  if (!couponCode?.trim()) return check();
  const refuse = (rule: "student" | "client", refused: { waitMs: number; firstRefusal: boolean }): TooManyCouponGuesses => {
    if (refused.firstRefusal) {
      const invalidCodes = rule === "student" ? perStudent.points : perClient.points;
      recordSystemAction({
        actor: "throttle",
        action: "coupon_guessing_throttled",
        subject: null,
        details: { rule, client: guesser.client, studentId: guesser.studentId, invalidCodes },
      });
    }
    return { ...throttled(tooMany, refused.waitMs), reason: "too-many-coupon-guesses" };
  };
  const byStudent = await perStudent.take(guesser.studentId);
  if (!byStudent.ok) return refuse("student", byStudent);
  const byClient = guesser.client === null ? ({ ok: true } as const) : await perClient.take(guesser.client);
  if (!byClient.ok) {
    await perStudent.giveBack(guesser.studentId);
    return refuse("client", byClient);
  }
  const result = check();
  if (result.reason !== "invalid-coupon") {
    await perStudent.giveBack(guesser.studentId);
    if (guesser.client !== null) await perClient.giveBack(guesser.client);
  }
  return result;
}
