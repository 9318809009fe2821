import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-target";

describe("safeRedirectPath", () => {
  it("only follows same-site paths after sign-in", () => {
    expect(safeRedirectPath("/events?type=webinar")).toBe("/events?type=webinar");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath("/\t/evil.example")).toBe("/");
    expect(safeRedirectPath("/\n/evil.example")).toBe("/");
  });
});
