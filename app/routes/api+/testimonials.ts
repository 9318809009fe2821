import { listApprovedTestimonials, toPublicTestimonialJson } from "~/models/testimonial.server";

/** GET /api/testimonials: approved testimonials only, without the student's name. */
export async function loader() {
  return Response.json(listApprovedTestimonials().map(toPublicTestimonialJson), {
    headers: { "Cache-Control": "no-cache" },
  });
}
