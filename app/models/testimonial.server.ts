import { desc, eq } from "drizzle-orm";
import { testimonials } from "../../db/schema";
import { db } from "~/utils/db.server";

export type Testimonial = typeof testimonials.$inferSelect;

/** Approved testimonials only, newest first; the public never sees the rest. */
export function listApprovedTestimonials(limit?: number): Testimonial[] {
  const query = db
    .select()
    .from(testimonials)
    .where(eq(testimonials.isApproved, true))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  return limit === undefined ? query.all() : query.limit(limit).all();
}

// The public site labels every card 'Anonymous Student', so the stored name
// never leaves the server through the public API either.
export function toPublicTestimonialJson(testimonial: Testimonial) {
  return {
    id: testimonial.id,
    rating: testimonial.rating,
    content: testimonial.content,
    profession: testimonial.profession,
    createdAt: testimonial.createdAt.toISOString(),
  };
}
