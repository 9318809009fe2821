import { Link } from "@remix-run/react";
import { Badge, levelTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { CourseRatingLine, type CourseRatingView } from "./__course-reviews";

export const DEFAULT_COURSE_IMAGE = "/images/courses/currency-trading.svg";

export type CourseCardData = {
  id: number;
  title: string;
  shortDescription: string;
  level: string;
  image: string;
  duration: string;
  /** "₹2,999" */
  priceLabel: string;
  /** "₹5,999", or null when there is no higher original price. */
  originalPriceLabel: string | null;
  /** From approved reviews only; null shows no stars. */
  rating: CourseRatingView | null;
};

/** The /courses card: image, level, title, short description, duration, price, link. */
export function CourseCard({ course, eager = false }: { course: CourseCardData; eager?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
      <img
        src={course.image}
        alt=""
        width={640}
        height={360}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-video w-full bg-navy-900 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <Badge tone={levelTone(course.level)}>{course.level}</Badge>
        </div>
        <h3 className="text-xl font-bold text-navy-900">{course.title}</h3>
        <p className="text-sm text-slate-600">{course.shortDescription}</p>
        <CourseRatingLine rating={course.rating} className="text-sm text-slate-700" />
        <dl className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-2">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Duration</dt>
            <dd className="font-medium text-slate-800">{course.duration}</dd>
          </div>
          <div className="text-right">
            <dt className="sr-only">Price</dt>
            <dd className="flex items-baseline gap-2">
              <span className="text-2xl font-bold text-navy-900">{course.priceLabel}</span>
              {course.originalPriceLabel ? (
                <del className="text-sm text-slate-600">
                  <span className="sr-only">Original price </span>
                  {course.originalPriceLabel}
                </del>
              ) : null}
            </dd>
          </div>
        </dl>
        <Link to={`/courses/${course.id}`} className={buttonClass("secondary", "w-full")} aria-label={`View Details: ${course.title}`}>
          View Details
        </Link>
      </div>
    </article>
  );
}
