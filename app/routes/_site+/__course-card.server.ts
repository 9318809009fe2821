import type { Course } from "~/models/course.server";
import { formatRupees } from "~/utils/money";
import { DEFAULT_COURSE_IMAGE, type CourseCardData } from "./__course-card";

/** A course as its card shows it, prices already formatted. */
export function toCourseCard(course: Course): CourseCardData {
  const original = course.originalPricePaise;
  return {
    id: course.id,
    title: course.title,
    shortDescription: course.shortDescription,
    level: course.level,
    image: course.imageUrl || DEFAULT_COURSE_IMAGE,
    duration: course.duration,
    priceLabel: formatRupees(course.pricePaise),
    originalPriceLabel: original !== null && original > course.pricePaise ? formatRupees(original) : null,
  };
}
