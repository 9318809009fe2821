import { Link } from "@remix-run/react";
import { Badge, levelTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { CourseRatingLine, type CourseRatingView } from "./__course-reviews";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageSource } from "~/utils/image-variants";

export const DEFAULT_COURSE_IMAGE = "/images/courses/currency-trading.svg";
/** The 16:9 box a cover not (yet) encoded is shown in. */
export const COURSE_COVER_BOX = { width: 1280, height: 720 };
/** A card's width: the full phone screen, half a tablet's, a third of a wide screen's. */
const CARD_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

export type CourseCardData = {
  id: number;
  title: string;
  shortDescription: string;
  level: string;
  image: ImageSource;
  duration: string;
  /** "₹2,999" */
  priceLabel: string;
  /** "₹5,999", or null when there is no higher original price. */
  originalPriceLabel: string | null;
  /** From approved reviews only; null shows no stars. */
  rating: CourseRatingView | null;
};

/** The /courses card: image, level, title, short description, duration, price, link. */
export function CourseCard({ course, priority = false }: { course: CourseCardData; priority?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
      <ResponsiveImage
        image={course.image}
        alt=""
        sizes={CARD_SIZES}
        priority={priority}
        className="aspect-video h-auto w-full bg-navy-900 object-cover"
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
