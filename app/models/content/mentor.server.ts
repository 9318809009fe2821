import { asc, eq, sql } from "drizzle-orm";
import { mentors } from "../../../db/schema";
import type { MentorInput } from "~/schemas/admin-mentor";
import { db } from "~/utils/db.server";
import { parseId } from "~/utils/validation";

export type Mentor = typeof mentors.$inferSelect;
export type MentorSocialLinks = Mentor["socialLinks"];

// The public page and the admin list share one order: display order, then
// name (ignoring case), so a tie reads the same in both places.
const MENTOR_ORDER = [asc(mentors.displayOrder), asc(sql`${mentors.name} collate nocase`), asc(mentors.id)];

export function listActiveMentors(): Mentor[] {
  return db
    .select()
    .from(mentors)
    .where(eq(mentors.isActive, true))
    .orderBy(...MENTOR_ORDER)
    .all();
}

/** A mentor's bio is split on periods into bullet points. */
export function mentorBioPoints(bio: string): string[] {
  return bio
    .split(".")
    .map((part) => part.trim())
    .filter(Boolean);
}

export function toMentorJson(mentor: Mentor) {
  return {
    id: mentor.id,
    name: mentor.name,
    title: mentor.title,
    bio: mentor.bio,
    imageUrl: mentor.imageUrl,
    experience: mentor.experience,
    specialization: mentor.specialization,
    socialLinks: mentor.socialLinks,
    isActive: mentor.isActive,
    displayOrder: mentor.displayOrder,
  };
}

// ---- Admin (Mentors tab) ----

export type AdminMentorRow = Pick<Mentor, "id" | "name" | "title" | "isActive" | "displayOrder" | "imageUrl">;

/** Every mentor, active or not, in the order the public page uses. */
export function listMentorsForAdmin(): AdminMentorRow[] {
  return db
    .select({
      id: mentors.id,
      name: mentors.name,
      title: mentors.title,
      isActive: mentors.isActive,
      displayOrder: mentors.displayOrder,
      imageUrl: mentors.imageUrl,
    })
    .from(mentors)
    .orderBy(...MENTOR_ORDER)
    .all();
}

/** A mentor by the id in a URL ("12"); null when malformed or unknown. */
export function findMentorForAdmin(id: number | string): Mentor | null {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return null;
  return db.select().from(mentors).where(eq(mentors.id, numericId)).get() ?? null;
}

/** Only the links given are stored: `{}` when there are none. */
function socialLinksOf(input: MentorInput): MentorSocialLinks {
  const links: MentorSocialLinks = {};
  if (input.linkedin) links.linkedin = input.linkedin;
  if (input.twitter) links.twitter = input.twitter;
  if (input.youtube) links.youtube = input.youtube;
  return links;
}

function columnsOf(input: MentorInput) {
  return {
    name: input.name,
    title: input.title,
    bio: input.bio,
    imageUrl: input.imageUrl ?? null,
    experience: input.experience ?? null,
    specialization: input.specialization,
    socialLinks: socialLinksOf(input),
    isActive: input.isActive,
    displayOrder: input.displayOrder,
  };
}

export function createMentor(input: MentorInput): { id: number } {
  return db.insert(mentors).values(columnsOf(input)).returning({ id: mentors.id }).get();
}

export type MentorChangeResult = { ok: true; id: number; name: string } | { ok: false; reason: "not-found" };

export function updateMentor(id: number | string, input: MentorInput): MentorChangeResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const updated = db
    .update(mentors)
    .set(columnsOf(input))
    .where(eq(mentors.id, numericId))
    .returning({ id: mentors.id, name: mentors.name })
    .get();
  return updated ? { ok: true, ...updated } : { ok: false, reason: "not-found" };
}

/** Nothing else refers to a mentor, so a mentor can always be deleted. */
export function deleteMentor(id: number | string): MentorChangeResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const deleted = db.delete(mentors).where(eq(mentors.id, numericId)).returning({ id: mentors.id, name: mentors.name }).get();
  return deleted ? { ok: true, ...deleted } : { ok: false, reason: "not-found" };
}
