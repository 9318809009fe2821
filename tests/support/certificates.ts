import { randomBytes } from "node:crypto";
import type { Student } from "./accounts";
import { withDatabase } from "./database";

// Certificates written straight to the test database, as the completing
// transaction issues them (app/models/classroom/lesson-progress.server.ts), so a test of
// the download and the public check page needs no course to be worked through.

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export type TestCertificate = { number: string; studentName: string; courseTitle: string; completedAt: Date };

/** A certificate number of the issued shape, TMA-<year>-<8 characters>, unique per call. */
export function certificateNumber(year = 2026): string {
  const suffix = [...randomBytes(8)].map((byte) => CROCKFORD[byte % 32]).join("");
  return `TMA-${year}-${suffix}`;
}

export function issueCertificate(
  student: Student,
  courseId: number,
  printed: Partial<Omit<TestCertificate, "number">> = {},
  databasePath?: string,
): TestCertificate {
  const certificate = {
    number: certificateNumber(),
    studentName: printed.studentName ?? `${student.firstName} ${student.lastName}`,
    courseTitle: printed.courseTitle ?? "Currency Trading",
    completedAt: printed.completedAt ?? new Date("2026-12-04T20:00:00Z"),
  };
  withDatabase(
    (database) =>
      database
        .prepare(
          "INSERT INTO certificates (number, user_id, course_id, student_name, course_title, completed_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(certificate.number, student.id, courseId, certificate.studentName, certificate.courseTitle, certificate.completedAt.getTime()),
    databasePath,
  );
  return certificate;
}
