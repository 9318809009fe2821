import { and, desc, eq, isNull } from "drizzle-orm";
import { certificates } from "../../../db/schema";
import type { CertificateRevocationReason } from "../../../db/enums";
import { db, type Transaction } from "~/utils/db.server";
import { discardStoredPdfs } from "../site/stored-pdf.server";

// Certificates as issued (lesson-progress.server.ts issues them): the public
// check at /certificates/:number shows the name, course and date only. A
// certificate stands while its course is the student's: a full refund, a lost
// chargeback or an admin taking the course away revokes it in the transaction
// that ends the enrollment (decision 0022), and its stored PDF is deleted then.

export type Certificate = {
  id: number;
  number: string;
  courseId: number;
  studentName: string;
  courseTitle: string;
  completedAt: Date;
  revokedAt: Date | null;
  revokedReason: CertificateRevocationReason | null;
};

const columns = {
  id: certificates.id,
  number: certificates.number,
  courseId: certificates.courseId,
  studentName: certificates.studentName,
  courseTitle: certificates.courseTitle,
  completedAt: certificates.completedAt,
  revokedAt: certificates.revokedAt,
  revokedReason: certificates.revokedReason,
};

/** The certificate with this number, revoked or not, or null (an unknown or malformed number alike). */
export function findCertificate(number: string): Certificate | null {
  if (!/^[A-Z0-9-]{1,32}$/.test(number)) return null;
  return db.select(columns).from(certificates).where(eq(certificates.number, number)).get() ?? null;
}

/** A student's certificate for one course, revoked or not, or null. */
export function findStudentCertificate(userId: string, courseId: number): Certificate | null {
  return (
    db
      .select(columns)
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
      .get() ?? null
  );
}

/** A student's certificates that stand (none revoked), newest first. */
export function listStudentCertificates(userId: string): Certificate[] {
  return db
    .select(columns)
    .from(certificates)
    .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
    .orderBy(desc(certificates.completedAt))
    .all();
}

/**
 * Revokes the student's certificate for the course, if one stands, in the
 * caller's transaction (the one that ends the enrollment), and deletes its
 * stored PDF. The row stays, so the public check can say it was revoked and when.
 */
export function revokeCourseCertificate(
  tx: Transaction,
  userId: string,
  courseId: number,
  reason: CertificateRevocationReason,
  now = new Date(),
): void {
  const revoked = tx
    .update(certificates)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id })
    .get();
  if (revoked) discardStoredPdfs(tx, "certificate", [revoked.id]);
}
