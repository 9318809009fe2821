import { describe, expect, it } from "vitest";
import { paymentStatusLabel } from "./payment-status";

describe("paymentStatusLabel", () => {
  it.each([
    ["pending", "Pending"],
    ["completed", "Completed"],
    ["failed", "Failed"],
    ["refunded", "Refunded"],
  ])("names %s", (status, label) => expect(paymentStatusLabel(status)).toBe(label));

  it.each(["", "disputed", "COMPLETED", null, undefined, "constructor"])("reads anything else (%s) as Unknown", (status) =>
    expect(paymentStatusLabel(status)).toBe("Unknown"),
  );
});
