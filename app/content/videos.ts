// How the site links to and embeds the institute's videos. Which videos there
// are is the admin's to say (/admin/settings, Videos: app/schemas/video-settings.ts);
// nothing here names a video.

/** The cities success stories are filed under (the admin's video lines name one). */
export const SUCCESS_STORY_CITIES = ["Mumbai", "Delhi", "Pune", "Bangalore"] as const;
export type SuccessStoryCity = (typeof SUCCESS_STORY_CITIES)[number];

/** Shown when a thumbnail fails to load. */
export const FALLBACK_THUMBNAIL = "/images/videos/fallback.svg";

/** Watch page on the video platform (the no-JavaScript link target). */
export function watchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** Privacy-enhanced embed with autoplay, used only after a click. */
export function embedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

// Local stills under the listed videos (scripts/generate-seed-images.ts draws
// them): the video platform hears of a visitor only when they press play.
const LESSON_STILLS = 4;
const STORY_STILLS = 3;

/** The still of the `index`th lesson video (640×360). */
export function lessonStill(index: number): string {
  return `/images/videos/lesson-${(index % LESSON_STILLS) + 1}.jpg`;
}

/** The still of the `index`th student story (360×640). */
export function storyStill(index: number): string {
  return `/images/videos/story-${(index % STORY_STILLS) + 1}.jpg`;
}

export const SUCCESS_VIDEO_LOCATIONS = ["All", ...SUCCESS_STORY_CITIES] as const;

/** Embed URL for a drive-hosted video. */
export function driveEmbedUrl(id: string): string {
  return `https://drive.google.com/file/d/${id}/preview`;
}

/** Drive viewer page (the no-JavaScript link target). */
export function driveViewUrl(id: string): string {
  return `https://drive.google.com/file/d/${id}/view`;
}

export const SUCCESS_CAROUSEL = { scrollDurationMs: 45000, cardWidthPx: 240 } as const;
