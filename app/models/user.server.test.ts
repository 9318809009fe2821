import { describe, expect, it } from "vitest";
import { createPasswordUser, findOrCreateOAuthUser, findUserCredentials } from "./user.server";

describe("OAuth accounts", () => {
  it("creates an account without a password the first time and finds it the next", () => {
    const profile = { email: "New.Student@Example.test", firstName: "New", lastName: "Student", profileImageUrl: null };
    const first = findOrCreateOAuthUser(profile);
    expect(first).toMatchObject({ email: "new.student@example.test", firstName: "New", isAdmin: false });
    expect(findUserCredentials("new.student@example.test")?.passwordHash).toBeNull();
    expect(findOrCreateOAuthUser(profile).id).toBe(first.id);
  });

  it("signs into the existing password account with the same email, keeping its names", () => {
    const existing = createPasswordUser({ email: "asha@example.test", firstName: "Asha", lastName: "Rao", passwordHash: "h" });
    const viaProvider = findOrCreateOAuthUser({
      email: "ASHA@example.test",
      firstName: "A.",
      lastName: "R.",
      profileImageUrl: "https://example.test/asha.png",
    });
    expect(viaProvider).toMatchObject({ id: existing?.id, firstName: "Asha", profileImageUrl: "https://example.test/asha.png" });
    expect(findUserCredentials("asha@example.test")?.passwordHash).toBe("h");
  });
});
