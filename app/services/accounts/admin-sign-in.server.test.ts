import { describe, expect, it } from "vitest";
import { createAdminAccount, ensureFirstAdmin, signInAdmin } from "./admin-sign-in.server";

describe("setting an admin's password", () => {
  it("the first admin from ADMIN_PASSWORD follows the password policy, and start-up says why not", async () => {
    await expect(ensureFirstAdmin({ ADMIN_ID: "owner", ADMIN_PASSWORD: "passwordpassword" })).rejects.toThrow(
      'ADMIN_PASSWORD cannot be used: Repeated patterns like "abcabcabc" are easy to guess. Try a passphrase of a few unrelated words.',
    );
    expect(await ensureFirstAdmin({ ADMIN_ID: "owner", ADMIN_PASSWORD: "chai before the closing bell" })).toBe(
      'Created the first admin, "owner", from ADMIN_ID and ADMIN_PASSWORD.',
    );
  });

  it("admin:create refuses a short or common password, and a password made of the Admin ID", async () => {
    await expect(createAdminAccount({ adminId: "editor", password: "admin12345", role: "content_manager" })).rejects.toThrow(
      /^Password must be at least 15 characters/,
    );
    await expect(createAdminAccount({ adminId: "editor", password: "1qaz2wsx3edc4rfv", role: "content_manager" })).rejects.toThrow(
      /commonly used password/,
    );
    await expect(createAdminAccount({ adminId: "marketingeditor", password: "marketingeditor1", role: "content_manager" })).rejects.toThrow(
      /should not contain your name/,
    );
  });

  it("a new admin signs in and is remembered on this browser", async () => {
    await createAdminAccount({ adminId: "desk", password: "monsoon kite over the harbour", role: "admin" });
    const outcome = await signInAdmin({ adminId: " desk ", password: "monsoon kite over the harbour" }, "192.0.2.50", null);
    expect(outcome).toMatchObject({
      ok: true,
      admin: { adminId: "desk", role: "admin" },
      knownDeviceCookie: expect.stringMatching(/^__known_device=/),
    });
  });
});
