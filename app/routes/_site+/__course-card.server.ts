import type { CourseRating } from "~/models/courses/course-review.server";
import type { Course } from "~/models/courses/course.server";
import { findReadyImages } from "~/models/content/image-asset.server";
import { imageSource } from "~/utils/image-variants";
import { formatPrice } from "~/utils/money";
import { COURSE_COVER_BOX, DEFAULT_COURSE_IMAGE, type CourseCardData } from "./__course-card";
import { toRatingView } from "./__course-reviews.server";

/**
 * A course's cover, the same on its card and its page: the photo an admin
 * uploaded (or linked) as the cover, else the card image, else the default.
 */
export function courseCoverUrl(course: Pick<Course, "coverPhotoUrl" | "imageUrl">): string {
  return course.coverPhotoUrl || course.imageUrl || DEFAULT_COURSE_IMAGE;
}

/**
 * Courses as their cards show them, prices already formatted; the covers' encodings read in one
 * query; stars only from each course's approved reviews, if any.
 */
export function toCourseCards(courses: readonly Course[], ratings?: ReadonlyMap<number, CourseRating>): CourseCardData[] {
  const ready = findReadyImages(courses.map(courseCoverUrl));
  return courses.map((course) => {
    const original = course.originalPricePaise;
    return {
      id: course.id,
      title: course.title,
      shortDescription: course.shortDescription,
      level: course.level,
      image: imageSource(courseCoverUrl(course), ready, COURSE_COVER_BOX),
      duration: course.duration,
      priceLabel: formatPrice(course.pricePaise),
      originalPriceLabel: original !== null && original > course.pricePaise ? formatPrice(original) : null,
      rating: toRatingView(ratings?.get(course.id)),
    };
  });
}
