import { and, desc, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import { sharedFileDownloads, sharedFiles, users } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { recordSystemAction } from "../site/audit-log.server";

// Generated Excel files:
// one row per file in the exports folder, reachable at /shared/<token> until
// the link expires or an admin revokes it, and each download of it.

export type SharedFileRow = {
  id: number;
  token: string;
  filename: string;
  storedPath: string;
  sizeBytes: number;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
};

const columns = {
  id: sharedFiles.id,
  token: sharedFiles.token,
  filename: sharedFiles.filename,
  storedPath: sharedFiles.storedPath,
  sizeBytes: sharedFiles.sizeBytes,
  createdAt: sharedFiles.createdAt,
  expiresAt: sharedFiles.expiresAt,
  revokedAt: sharedFiles.revokedAt,
};

export type NewSharedFile = {
  token: string;
  filename: string;
  storedPath: string;
  sizeBytes: number;
  createdByAdminId: number | null;
  expiresAt: Date;
};

/** How long a link made before links expired works: the settings' default, counted from its creation. */
const LEGACY_LINK_MS = 7 * 24 * 60 * 60 * 1000;

/** When the link stops working. */
export const shareLinkExpiry = (row: Pick<SharedFileRow, "createdAt" | "expiresAt">) =>
  row.expiresAt ?? new Date(row.createdAt.getTime() + LEGACY_LINK_MS);

export type ShareLinkState = "live" | "expired" | "revoked";

export function shareLinkState(row: Pick<SharedFileRow, "createdAt" | "expiresAt" | "revokedAt">, now = new Date()): ShareLinkState {
  if (row.revokedAt) return "revoked";
  return shareLinkExpiry(row) > now ? "live" : "expired";
}

/** Records a generated file (in `database`, a transaction when given); the stored row. */
export function createSharedFile(file: NewSharedFile, database: Pick<typeof db, "insert"> = db): SharedFileRow {
  return database.insert(sharedFiles).values(file).returning(columns).get();
}

/**
 * Records a generated file whose rows were read from `readStartedAt` on,
 * unless an account was erased since then: the file may hold that person,
 * and the erasure, having committed first, could not stop its link. The
 * check and the insert share one transaction, so an erasure either sees the
 * row (and revokes it) or makes this refuse. Null when refused.
 */
export function createSharedFileUnlessErasedSince(file: NewSharedFile, readStartedAt: Date): SharedFileRow | null {
  return db.transaction(
    (tx) => {
      const erased = tx.select({ id: users.id }).from(users).where(gte(users.erasedAt, readStartedAt)).limit(1).get();
      return erased ? null : createSharedFile(file, tx);
    },
    { behavior: "immediate" },
  );
}

/**
 * Stops the links of every file made since `since` (the erased account's
 * creation: any of them may hold the person; none made before can), in the
 * erasure's transaction, each with an audit row that names no one. The rows,
 * whose files the caller removes once the erasure has committed.
 */
export function revokeSharedFilesMadeSince(tx: Transaction, since: Date, now: Date): SharedFileRow[] {
  const revoked = tx
    .update(sharedFiles)
    .set({ revokedAt: now })
    .where(and(gte(sharedFiles.createdAt, since), isNull(sharedFiles.revokedAt)))
    .returning(columns)
    .all();
  for (const file of revoked) {
    recordSystemAction(
      {
        actor: "account-erasure",
        action: "shared_file_revoked",
        subject: { type: "shared_file", id: file.id },
        details: { reason: "A student whose details it may hold deleted their account." },
        at: now,
      },
      tx,
    );
  }
  return revoked;
}

/** Files whose links no longer work (revoked or expired): their stored files have no reason to stay. */
export function listStoppedSharedFiles(now = new Date()): SharedFileRow[] {
  const expiry = sql`coalesce(${sharedFiles.expiresAt}, ${sharedFiles.createdAt} + ${LEGACY_LINK_MS})`;
  return db
    .select(columns)
    .from(sharedFiles)
    .where(or(isNotNull(sharedFiles.revokedAt), sql`${expiry} <= ${now.getTime()}`))
    .all();
}

/** Newest first. */
export function listSharedFiles(): SharedFileRow[] {
  return db.select(columns).from(sharedFiles).orderBy(desc(sharedFiles.createdAt), desc(sharedFiles.id)).all();
}

export function findSharedFile(id: number): SharedFileRow | null {
  return db.select(columns).from(sharedFiles).where(eq(sharedFiles.id, id)).get() ?? null;
}

export function findSharedFileByToken(token: string): SharedFileRow | null {
  return db.select(columns).from(sharedFiles).where(eq(sharedFiles.token, token)).get() ?? null;
}

/** The file a share link hands out: null when the token is unknown, the link expired or was revoked. */
export function findLiveSharedFile(token: string, now = new Date()): SharedFileRow | null {
  const row = findSharedFileByToken(token);
  return row && shareLinkState(row, now) === "live" ? row : null;
}

/** Stops the link; the row stays so its downloads remain listed. The revoked row, or null when there was none or it already was. */
export function revokeShareLink(id: number, now = new Date()): SharedFileRow | null {
  return (
    db
      .update(sharedFiles)
      .set({ revokedAt: now })
      .where(and(eq(sharedFiles.id, id), isNull(sharedFiles.revokedAt)))
      .returning(columns)
      .get() ?? null
  );
}

/** Deletes the row (the service removes the file); the deleted row, or null when there was none. */
export function deleteSharedFile(id: number): SharedFileRow | null {
  return db.delete(sharedFiles).where(eq(sharedFiles.id, id)).returning(columns).get() ?? null;
}

/** The longest user agent kept: enough to tell browsers apart, not a place to store a payload. */
const MAX_USER_AGENT_LENGTH = 200;

export type SharedFileDownload = { downloadedAt: Date; ipAddress: string | null; userAgent: string | null };

/** One download through the share link, as the request showed it. */
export function recordSharedFileDownload(
  sharedFileId: number,
  client: { ipAddress: string | null; userAgent: string | null },
  now = new Date(),
) {
  db.insert(sharedFileDownloads)
    .values({
      sharedFileId,
      downloadedAt: now,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    })
    .run();
}

/** Newest first. */
export function listSharedFileDownloads(sharedFileId: number): SharedFileDownload[] {
  return db
    .select({
      downloadedAt: sharedFileDownloads.downloadedAt,
      ipAddress: sharedFileDownloads.ipAddress,
      userAgent: sharedFileDownloads.userAgent,
    })
    .from(sharedFileDownloads)
    .where(eq(sharedFileDownloads.sharedFileId, sharedFileId))
    .orderBy(desc(sharedFileDownloads.downloadedAt), desc(sharedFileDownloads.id))
    .all();
}
