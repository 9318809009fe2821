import { findReadyImages } from "~/models/content/image-asset.server";
import { imageSource, type ImageSource } from "~/utils/image-variants";

const DEFAULT_MENTOR_IMAGE = "/images/mentors/default.svg";

/** Each mentor's round photo at `size` px (a stand-in when none was uploaded), its encodings read in one query. */
export function mentorPhotos<Mentor extends { imageUrl: string | null }>(
  mentors: Mentor[],
  size: number,
): (Mentor & { image: ImageSource })[] {
  const photoOf = (mentor: Mentor) => mentor.imageUrl ?? DEFAULT_MENTOR_IMAGE;
  const ready = findReadyImages(mentors.map(photoOf));
  return mentors.map((mentor) => ({ ...mentor, image: imageSource(photoOf(mentor), ready, { width: size, height: size }) }));
}
