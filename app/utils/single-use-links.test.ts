import { describe, expect, test } from "vitest";
import { HIDDEN_LINK, hideSingleUseLinks } from "./single-use-links";

describe("hideSingleUseLinks", () => {
  test("hides reset, confirmation and email-change links, in text and in HTML attributes", () => {
    const text = [
      "Choose a new password here:",
      "https://institute.example/reset-password?token=abc123",
      "Confirm: http://localhost:3000/verify-email?token=def456",
      '<a href="https://institute.example/confirm-email-change?token=ghi789&amp;x=1">Confirm</a>',
    ].join("\n");
    const hidden = hideSingleUseLinks(text);
    for (const secret of ["abc123", "def456", "ghi789"]) expect(hidden).not.toContain(secret);
    expect(hidden.split(HIDDEN_LINK)).toHaveLength(4);
  });

  test("keeps every other link, including those pages without a token", () => {
    const text =
      "Sign in: https://institute.example/login\nForgot? https://institute.example/forgot-password\nhttps://institute.example/reset-password";
    expect(hideSingleUseLinks(text)).toBe(text);
  });
});
