import { StarRating } from "~/components/star-rating";

/** `enrollment`: "Student of <course>" or "Enrolled student" while the linked account holds a course; else null. */
export type PublicTestimonial = {
  id: number;
  rating: number;
  content: string;
  name: string;
  city: string | null;
  enrollment: string | null;
};

/**
 * Each card names its author and city, as they agreed when it was collected (a testimonial
 * without that consent is never listed). Only an author whose linked account holds a paid
 * or granted course is called a student of it.
 */
export function TestimonialCard({ testimonial, className = "" }: { testimonial: PublicTestimonial; className?: string }) {
  return (
    <figure className={`flex h-full flex-col gap-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 ${className}`}>
      <StarRating rating={testimonial.rating} />
      <blockquote className="flex-1 text-slate-700">
        <p>“{testimonial.content}”</p>
      </blockquote>
      <figcaption className="flex items-center gap-3 border-t border-slate-100 pt-4">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-navy-900 text-gold-400" aria-hidden="true">
          <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
            <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z" />
          </svg>
        </span>
        <span className="flex flex-col">
          <span className="font-semibold text-navy-900">
            {testimonial.city ? `${testimonial.name}, ${testimonial.city}` : testimonial.name}
          </span>
          {testimonial.enrollment ? <span className="text-sm text-teal-700">{testimonial.enrollment}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}

/** Only what the card shows leaves the server. */
export function toPublicTestimonial(testimonial: PublicTestimonial): PublicTestimonial {
  const { id, rating, content, name, city, enrollment } = testimonial;
  return { id, rating, content, name, city, enrollment };
}
