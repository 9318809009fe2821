import type { CourseRating } from "~/models/course-review.server";
import type { Course } from "~/models/course.server";
import { formatPrice } from "~/utils/money";
import { DEFAULT_COURSE_IMAGE, type CourseCardData } from "./__course-card";
import { toRatingView } from "./__course-reviews.server";

/** A course as its card shows it, prices already formatted; `rating` from its approved reviews, if any. */
export function toCourseCard(course: Course, rating?: CourseRating): CourseCardData {
  const original = course.originalPricePaise;
  return {
    id: course.id,
    title: course.title,
    shortDescription: course.shortDescription,
    level: course.level,
    image: course.imageUrl || DEFAULT_COURSE_IMAGE,
    duration: course.duration,
    priceLabel: formatPrice(course.pricePaise),
    originalPriceLabel: original !== null && original > course.pricePaise ? formatPrice(original) : null,
    rating: toRatingView(rating),
  };
}
