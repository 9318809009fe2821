import { describe, expect, test } from "vitest";
import { HONEYPOT_FIELD, isSpam } from "./honeypot";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("isSpam", () => {
  test("a form from our page, the hidden field left empty, is a person's", () => {
    expect(isSpam(form({ email: "asha@example.test", [HONEYPOT_FIELD]: "" }))).toBe(false);
  });
  test("the hidden field filled in, or missing altogether, is a bot's", () => {
    expect(isSpam(form({ email: "asha@example.test", [HONEYPOT_FIELD]: "http://spam.example" }))).toBe(true);
    expect(isSpam(form({ email: "asha@example.test" }))).toBe(true);
  });
});
