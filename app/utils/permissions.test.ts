import { describe, expect, test } from "vitest";
import { canAccess, pricingToWrite } from "./permissions";

describe("pricing: what students pay is the admin's", () => {
  const stored = { pricePaise: 499_900, isActive: true };

  test("only the admin role has it", () => {
    expect(canAccess("admin", "pricing")).toBe(true);
    expect(canAccess("content_manager", "pricing")).toBe(false);
  });

  test("an admin writes what was posted; left-out fields are not written", () => {
    expect(pricingToWrite("admin", { pricePaise: 100, isActive: undefined }, stored)).toEqual({ pricePaise: 100 });
  });

  test("a content manager writes none of it: left out or sent unchanged is fine, a change is refused", () => {
    expect(pricingToWrite("content_manager", {}, stored)).toEqual({});
    expect(pricingToWrite("content_manager", { pricePaise: 499_900, isActive: true }, stored)).toEqual({});
    expect(pricingToWrite("content_manager", { pricePaise: 499_800 }, stored)).toBeNull();
    expect(pricingToWrite("content_manager", { isActive: false }, stored)).toBeNull();
  });
});
