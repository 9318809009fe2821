import { describe, expect, it } from "vitest";
import { paymentFlags, paymentStatusLabel } from "./payment-status";

describe("paymentStatusLabel", () => {
  it.each([
    ["pending", "Pending"],
    ["completed", "Completed"],
    ["failed", "Failed"],
    ["refunded", "Refunded"],
    ["charged_back", "Charged back"],
    ["revoked", "Revoked"],
  ])("names %s", (status, label) => expect(paymentStatusLabel(status)).toBe(label));

  it.each(["", "disputed", "COMPLETED", null, undefined, "constructor"])("reads anything else (%s) as Unknown", (status) =>
    expect(paymentStatusLabel(status)).toBe("Unknown"),
  );
});

describe("paymentFlags", () => {
  it("flags a partial refund with its sum and an open dispute; a won dispute and a whole refund add nothing", () => {
    expect(paymentFlags({ paymentStatus: "completed", refundedPaise: 0, disputeStatus: null })).toEqual([]);
    expect(paymentFlags({ paymentStatus: "completed", refundedPaise: 150_000, disputeStatus: null })).toEqual(["Partly refunded ₹1,500"]);
    expect(paymentFlags({ paymentStatus: "completed", refundedPaise: 50, disputeStatus: "open" })).toEqual([
      "Partly refunded ₹1",
      "Dispute open",
    ]);
    expect(paymentFlags({ paymentStatus: "completed", refundedPaise: 0, disputeStatus: "won" })).toEqual([]);
    expect(paymentFlags({ paymentStatus: "refunded", refundedPaise: 499_900, disputeStatus: null })).toEqual([]);
    expect(paymentFlags({ paymentStatus: "charged_back", refundedPaise: 0, disputeStatus: "lost" })).toEqual([]);
  });
});
