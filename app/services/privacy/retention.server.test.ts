// The retention job's hourly tick also removes the stored Excel files whose
// share links have stopped (expired or revoked); a live link keeps its file.
// The day's run also clears the contents of old sent mail (decision 0057).
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { auditLog, outboxMessages, sharedFiles } from "../../../db/schema";
import { findLiveSharedFile, revokeShareLink } from "~/models/content/shared-file.server";
import { db } from "~/utils/db.server";
import { generateExport } from "../exports/generate.server";
import { exportsDirectory } from "../exports/stored-files.server";
import { MAIL_CONTENTS_ACTION, RETENTION_ACTION } from "~/models/privacy/retention.server";
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

  test("the day's run clears the contents of mail sent more than a year ago, and stopping waits for the batch in progress", async () => {
    // The first test's tick was today's run: forget it, so this tick runs.
    db.delete(auditLog)
      .where(inArray(auditLog.action, [RETENTION_ACTION, MAIL_CONTENTS_ACTION]))
      .run();
    const sent = (sentAt: Date) =>
      db
        .insert(outboxMessages)
        .values({
          kind: "test",
          toAddress: "asha@example.com",
          subject: "Your receipt",
          textBody: "Thank you",
          htmlBody: "<p>Thank you</p>",
          messageId: `<${randomUUID()}@example.test>`,
          state: "sent",
          sentAt,
        })
        .returning({ id: outboxMessages.id })
        .get().id;
    const old = sent(new Date(Date.now() - 400 * 24 * HOUR_MS));
    const recent = sent(new Date(Date.now() - 24 * HOUR_MS));
    const textOf = (id: number) =>
      db.select({ text: outboxMessages.textBody }).from(outboxMessages).where(eq(outboxMessages.id, id)).get()?.text;

    const stop = startRetentionJob();
    await stop();
    expect(textOf(old)).toBeNull();
    expect(textOf(recent)).toBe("Thank you");
    expect(db.select().from(auditLog).where(eq(auditLog.action, MAIL_CONTENTS_ACTION)).get()?.details).toMatchObject({
      sentMails: 1,
      finished: true,
    });
  });
});
