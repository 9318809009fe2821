// The students: accounts made over ten years, more each year as the institute
// grew, each confirming at sign-up that they are 18 or older (the app asks
// before it sells or registers anything) and most confirming their address.
import { HOUR, MINUTE, SCALE_EMAIL_DOMAIN, type Writer } from "./context";
import { FIRST_NAMES, LAST_NAMES, emailPart, randomMobile, randomPlace, randomStreetAddress, type Place } from "./people";
import type { Random } from "./random";

export type Student = {
  /** 1 for the first account made; the number in the email address. */
  number: number;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  place: Place;
  address: string;
  /** Bills as a business (a GSTIN on the invoice). */
  business: boolean;
  createdAt: number;
  verifiedAt: number | null;
  deactivatedAt: number | null;
};

/** `count` students, oldest first; the density of sign-ups grows linearly over the ten years. */
export function makeStudents(random: Random, count: number, start: number, now: number): Student[] {
  const span = now - HOUR - start;
  const students: Student[] = [];
  for (let i = 0; i < count; i++) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const number = i + 1;
    const createdAt = Math.round(start + Math.sqrt((i + random.next()) / count) * span);
    const verified = random.chance(0.9);
    const verifiedAt = verified
      ? Math.min(now, createdAt + Math.round(random.chance(0.7) ? random.int(1, 10) * MINUTE : random.exponential(6 * HOUR)))
      : null;
    students.push({
      number,
      id: random.uuid(),
      email: `${emailPart(firstName)}.${emailPart(lastName)}.${number}@${SCALE_EMAIL_DOMAIN}`,
      firstName,
      lastName,
      phone: random.chance(0.75) ? randomMobile(random) : null,
      place: randomPlace(random),
      address: randomStreetAddress(random),
      business: random.chance(0.02),
      createdAt,
      verifiedAt,
      deactivatedAt: random.chance(0.002) ? Math.round(createdAt + random.next() * (now - createdAt)) : null,
    });
  }
  return students;
}

export function insertStudents(writer: Writer, students: Student[], passwordHash: string | null): void {
  const insert = writer.into("users", [
    "id",
    "email",
    "first_name",
    "last_name",
    "password_hash",
    "email_verified_at",
    "is_admin",
    "phone",
    "deactivated_at",
    "adult_confirmed_at",
    "created_at",
    "updated_at",
  ]);
  for (const s of students) {
    const updatedAt = Math.max(s.createdAt, s.verifiedAt ?? 0, s.deactivatedAt ?? 0);
    insert(
      s.id,
      s.email,
      s.firstName,
      s.lastName,
      passwordHash,
      s.verifiedAt,
      0,
      s.phone,
      s.deactivatedAt,
      s.createdAt,
      s.createdAt,
      updatedAt,
    );
  }
}

/** The index of the first student created at or after `at` (students are oldest first): those before it existed then. */
export function studentsBefore(students: Student[], at: number): number {
  let low = 0;
  let high = students.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((students[middle] as Student).createdAt < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

export const fullName = (student: Pick<Student, "firstName" | "lastName">) => `${student.firstName} ${student.lastName}`;
