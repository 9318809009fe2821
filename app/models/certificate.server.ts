import { and, desc, eq } from "drizzle-orm";
import { certificates } from "../../db/schema";
import { db } from "~/utils/db.server";

// Certificates as issued (lesson-progress.server.ts issues them): the public
// check at /certificates/:number shows the name, course and date only.

export type Certificate = { number: string; courseId: number; studentName: string; courseTitle: string; completedAt: Date };

const columns = {
  number: certificates.number,
  courseId: certificates.courseId,
  studentName: certificates.studentName,
  courseTitle: certificates.courseTitle,
  completedAt: certificates.completedAt,
};

/** The certificate with this number, or null (an unknown or malformed number alike). */
export function findCertificate(number: string): Certificate | null {
  if (!/^[A-Z0-9-]{1,32}$/.test(number)) return null;
  return db.select(columns).from(certificates).where(eq(certificates.number, number)).get() ?? null;
}

/** A student's certificate for one course, or null. */
export function findStudentCertificate(userId: string, courseId: number): Certificate | null {
  return (
    db
      .select(columns)
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
      .get() ?? null
  );
}

/** A student's certificates, newest first. */
export function listStudentCertificates(userId: string): Certificate[] {
  return db.select(columns).from(certificates).where(eq(certificates.userId, userId)).orderBy(desc(certificates.completedAt)).all();
}
