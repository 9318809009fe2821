import { desc, eq } from "drizzle-orm";
import { sharedFiles } from "../../db/schema";
import { db } from "~/utils/db.server";

// Generated Excel files (admin spec §2 Users tab, §3 "Shared file fields"):
// one row per file in the exports folder, reachable at /shared/<token>.

export type SharedFileRow = { id: number; token: string; filename: string; storedPath: string; sizeBytes: number; createdAt: Date };

const columns = {
  id: sharedFiles.id,
  token: sharedFiles.token,
  filename: sharedFiles.filename,
  storedPath: sharedFiles.storedPath,
  sizeBytes: sharedFiles.sizeBytes,
  createdAt: sharedFiles.createdAt,
};

export type NewSharedFile = {
  token: string;
  filename: string;
  storedPath: string;
  sizeBytes: number;
  createdByAdminId: number | null;
};

/** Records a generated file; the stored row. */
export function createSharedFile(file: NewSharedFile): SharedFileRow {
  return db.insert(sharedFiles).values(file).returning(columns).get();
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

/** Deletes the row (the service removes the file); the deleted row, or null when there was none. */
export function deleteSharedFile(id: number): SharedFileRow | null {
  return db.delete(sharedFiles).where(eq(sharedFiles.id, id)).returning(columns).get() ?? null;
}
