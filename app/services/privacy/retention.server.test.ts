// The retention job's hourly tick also removes the stored Excel files whose
// share links have stopped (expired or revoked); a live link keeps its file.
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { sharedFiles } from "../../../db/schema";
import { findLiveSharedFile, revokeShareLink } from "~/models/content/shared-file.server";
import { db } from "~/utils/db.server";
import { generateExport } from "../exports/generate.server";
import { exportsDirectory } from "../exports/stored-files.server";
import { startRetentionJob } from "./retention.server";

const HOUR_MS = 60 * 60 * 1000;

beforeAll(() => rm(exportsDirectory(), { recursive: true, force: true }));
afterAll(() => rm(exportsDirectory(), { recursive: true, force: true }));

describe("the retention job", () => {
  test("removes the files of expired and revoked share links and keeps the live link's", async () => {
    const expired = await generateExport("users", null);
    const revoked = await generateExport("users", null);
    const live = await generateExport("users", null);
    db.update(sharedFiles)
      .set({ expiresAt: new Date(Date.now() - HOUR_MS) })
      .where(eq(sharedFiles.id, expired.id))
      .run();
    // Revoked in the database while its file stayed on disk (the process stopped before removing it).
    revokeShareLink(revoked.id);
    expect([expired, revoked, live].map((file) => existsSync(file.storedPath))).toEqual([true, true, true]);

    const stop = startRetentionJob();
    try {
      await vi.waitFor(() => expect([expired, revoked, live].map((file) => existsSync(file.storedPath))).toEqual([false, false, true]));
    } finally {
      stop();
    }
    // The rows stay (their downloads are still listed for the admin); the live link still works.
    expect(db.select({ id: sharedFiles.id }).from(sharedFiles).all()).toHaveLength(3);
    expect(findLiveSharedFile(live.sharePath.slice("/shared/".length))?.id).toBe(live.id);
  });
});
