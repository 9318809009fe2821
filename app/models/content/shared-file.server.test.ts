import { beforeAll, describe, expect, test } from "vitest";
import { admins, sharedFiles, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import {
  createSharedFile,
  createSharedFileUnlessErasedSince,
  deleteSharedFile,
  findLiveSharedFile,
  findSharedFile,
  findSharedFileByToken,
  listSharedFiles,
  listStoppedSharedFiles,
  revokeShareLink,
  shareLinkState,
} from "./shared-file.server";

let adminId: number;

beforeAll(() => {
  adminId = db.insert(admins).values({ adminId: "boss", passwordHash: "x", role: "admin" }).returning().get().id;
});

const file = (token: string, filename = `${token}.xlsx`) => ({
  token,
  filename,
  storedPath: `${token}.xlsx`,
  sizeBytes: 2048,
  createdByAdminId: adminId,
  expiresAt: new Date("2026-12-01T00:00:00Z"),
});

describe("shared files", () => {
  test("create, find by id and by token", () => {
    const row = createSharedFile(file("token-a", "users-2026-11-22-1530.xlsx"));
    expect(row).toMatchObject({ token: "token-a", filename: "users-2026-11-22-1530.xlsx", sizeBytes: 2048 });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(findSharedFile(row.id)).toEqual(row);
    expect(findSharedFileByToken("token-a")).toEqual(row);
    expect(findSharedFileByToken("TOKEN-A")).toBeNull();
    expect(findSharedFile(row.id + 1000)).toBeNull();
  });

  test("tokens are unique", () => {
    createSharedFile(file("token-dup"));
    expect(() => createSharedFile(file("token-dup"))).toThrow(/UNIQUE/);
  });

  test("lists newest first (ties by id)", () => {
    db.delete(sharedFiles).run();
    const older = db
      .insert(sharedFiles)
      .values({ ...file("old"), createdAt: new Date("2026-01-01T00:00:00Z") })
      .returning()
      .get();
    const newer = db
      .insert(sharedFiles)
      .values({ ...file("new"), createdAt: new Date("2026-02-01T00:00:00Z") })
      .returning()
      .get();
    const sameTime = db
      .insert(sharedFiles)
      .values({ ...file("new-2"), createdAt: new Date("2026-02-01T00:00:00Z") })
      .returning()
      .get();
    expect(listSharedFiles().map((row) => row.id)).toEqual([sameTime.id, newer.id, older.id]);
  });

  test("delete returns the deleted row once", () => {
    const row = createSharedFile(file("to-delete"));
    expect(deleteSharedFile(row.id)).toEqual(row);
    expect(findSharedFile(row.id)).toBeNull();
    expect(deleteSharedFile(row.id)).toBeNull();
  });

  test("a file outlives the admin who made it", () => {
    const other = db.insert(admins).values({ adminId: "temp", passwordHash: "x", role: "admin" }).returning().get();
    const row = createSharedFile({ ...file("orphan"), createdByAdminId: other.id });
    db.$client.prepare("delete from admins where id = ?").run(other.id);
    expect(findSharedFile(row.id)).toEqual(row);
  });
});

describe("share link state", () => {
  const created = new Date("2026-11-01T00:00:00Z");
  const expires = new Date("2026-11-08T00:00:00Z");

  test("live until the expiry, expired from it on, revoked whenever revoked", () => {
    expect(shareLinkState({ createdAt: created, expiresAt: expires, revokedAt: null }, new Date(expires.getTime() - 1))).toBe("live");
    expect(shareLinkState({ createdAt: created, expiresAt: expires, revokedAt: null }, expires)).toBe("expired");
    expect(shareLinkState({ createdAt: created, expiresAt: expires, revokedAt: created }, created)).toBe("revoked");
    // A link made before links expired ends seven days after it was made.
    expect(shareLinkState({ createdAt: created, expiresAt: null, revokedAt: null }, new Date("2026-11-07T23:59:59Z"))).toBe("live");
    expect(shareLinkState({ createdAt: created, expiresAt: null, revokedAt: null }, expires)).toBe("expired");
  });

  test("a revoked link is found no more; revoking twice changes nothing", () => {
    const row = createSharedFile({ ...file("token-revoke"), expiresAt: new Date(Date.now() + 60_000) });
    expect(findLiveSharedFile("token-revoke")?.id).toBe(row.id);
    const at = new Date();
    expect(revokeShareLink(row.id, at)?.revokedAt).toEqual(at);
    expect(revokeShareLink(row.id)).toBeNull();
    expect(findLiveSharedFile("token-revoke")).toBeNull();
    expect(findSharedFile(row.id)?.revokedAt).toEqual(at);
  });
});

describe("files and erased accounts", () => {
  test("a file read while an account was being erased is not recorded; one read after is", () => {
    const readStartedAt = new Date();
    db.insert(users)
      .values({ email: `erased-account:${crypto.randomUUID()}`, erasedAt: new Date(readStartedAt.getTime() + 5) })
      .run();
    expect(createSharedFileUnlessErasedSince(file("read-during-erasure"), readStartedAt)).toBeNull();
    expect(findSharedFileByToken("read-during-erasure")).toBeNull();

    const recorded = createSharedFileUnlessErasedSince(file("read-after-erasure"), new Date(readStartedAt.getTime() + 6));
    expect(recorded?.token).toBe("read-after-erasure");
  });

  test("the stopped links are the revoked and the expired ones, a link from before links expired after seven days", () => {
    db.delete(sharedFiles).run();
    const now = new Date("2026-11-28T10:00:00Z");
    const live = createSharedFile({ ...file("still-live"), expiresAt: new Date(now.getTime() + 1) });
    const expired = createSharedFile({ ...file("expired"), expiresAt: now });
    const revoked = createSharedFile({ ...file("revoked"), expiresAt: new Date(now.getTime() + 60_000) });
    revokeShareLink(revoked.id, now);
    const legacy = (token: string, createdAt: Date) =>
      db
        .insert(sharedFiles)
        .values({ ...file(token), expiresAt: null, createdAt })
        .returning({ id: sharedFiles.id })
        .get().id;
    const legacyOld = legacy("legacy-old", new Date("2026-11-21T10:00:00Z"));
    legacy("legacy-new", new Date("2026-11-21T10:00:01Z"));

    const stopped = listStoppedSharedFiles(now).map((row) => row.id);
    expect(stopped.sort()).toEqual([expired.id, revoked.id, legacyOld].sort());
    expect(stopped).not.toContain(live.id);
  });
});
