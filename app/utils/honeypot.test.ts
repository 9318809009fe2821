import { describe, expect, test } from "vitest";
import { HONEYPOT_FIELD, isSpam } from "./honeypot";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("isSpam", () => {
  test("the hidden field left empty, or not sent at all, is a person's", () => {
    expect(isSpam(form({ email: "asha@example.test", [HONEYPOT_FIELD]: "" }))).toBe(false);
    expect(isSpam(form({ email: "asha@example.test" }))).toBe(false);
  });
  test("the hidden field filled in is a bot's", () => {
    expect(isSpam(form({ email: "asha@example.test", [HONEYPOT_FIELD]: "http://spam.example" }))).toBe(true);
  });
});
