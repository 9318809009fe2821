import { asc, eq } from "drizzle-orm";
import { mentors } from "../../db/schema";
import { db } from "~/utils/db.server";

export type Mentor = typeof mentors.$inferSelect;

export function listActiveMentors(): Mentor[] {
  return db
    .select()
    .from(mentors)
    .where(eq(mentors.isActive, true))
    .orderBy(asc(mentors.displayOrder), asc(mentors.id))
    .all();
}

/** The spec splits a mentor's bio on periods into bullet points. */
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
