import { beforeAll, describe, expect, test } from "vitest";
import { admins, sharedFiles } from "../../db/schema";
import { db } from "~/utils/db.server";
import { createSharedFile, deleteSharedFile, findSharedFile, findSharedFileByToken, listSharedFiles } from "./shared-file.server";

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
