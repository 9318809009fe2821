import { z } from "zod";
import { optionalText } from "./admin-fields";
import { SUCCESS_STORY_CITIES, type SuccessStoryCity } from "~/content/videos";
import { hasHiddenControls } from "./person-name";

// The site's videos are the institute's own: an admin lists them at
// /admin/settings, and a section with no video does not show
// (docs/decisions/0038-images.md). Nothing links to a video nobody has named.

export { SUCCESS_STORY_CITIES, type SuccessStoryCity } from "~/content/videos";

export const MAX_TUTORIAL_VIDEOS = 12;
export const MAX_SUCCESS_STORIES = 24;

/** The 11-character id of a YouTube link (watch, youtu.be, embed, shorts) or of a bare id. */
export function youtubeIdOf(text: string): string | null {
  const value = text.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, "");
  const candidate =
    host === "youtu.be"
      ? url.pathname.slice(1)
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? (url.searchParams.get("v") ?? /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1] ?? "")
        : "";
  return /^[A-Za-z0-9_-]{11}$/.test(candidate) ? candidate : null;
}

/** The file id of a Google Drive link (…/file/d/<id>/…, ?id=<id>) or of a bare id. */
export function driveIdOf(text: string): string | null {
  const value = text.trim();
  const id = /^https:\/\/drive\.google\.com\//.test(value)
    ? (/\/file\/d\/([^/?#]+)/.exec(value)?.[1] ?? new URL(value).searchParams.get("id") ?? "")
    : value;
  return /^[A-Za-z0-9_-]{20,100}$/.test(id) ? id : null;
}

export type TutorialVideo = { id: string; title: string };
export type SuccessStory = { id: string; city: SuccessStoryCity; studentName: string; profession: string };

const cellsOf = (line: string) => line.split("|").map((cell) => cell.trim());
const linesOf = (text: string | undefined) =>
  (text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** "<YouTube link> | <title>": the video, or what is wrong with the line. */
function parseTutorialLine(line: string): TutorialVideo | string {
  const [link = "", title = ""] = cellsOf(line);
  const id = youtubeIdOf(link);
  if (!id) return "must start with a YouTube link";
  if (!title) return "needs a title after the |";
  return { id, title: title.slice(0, 120) };
}

/** "<Drive link> | <city> | <student name> | <profession>": the story, or what is wrong with the line. */
function parseStoryLine(line: string): SuccessStory | string {
  const [link = "", city = "", studentName = "", profession = ""] = cellsOf(line);
  const id = driveIdOf(link);
  if (!id) return "must start with a Google Drive link";
  const known = SUCCESS_STORY_CITIES.find((candidate) => candidate.toLowerCase() === city.toLowerCase());
  if (!known) return `needs a city: ${SUCCESS_STORY_CITIES.join(", ")}`;
  if (!studentName || !profession) return "needs the student's name and profession";
  if (hasHiddenControls(studentName)) return "the student's name cannot contain hidden control characters; type it again";
  return { id, city: known, studentName: studentName.slice(0, 60), profession: profession.slice(0, 60) };
}

function checkLines(
  text: string | undefined,
  parse: (line: string) => unknown,
  { label, max, path }: { label: string; max: number; path: string },
  context: z.RefinementCtx,
) {
  const lines = linesOf(text);
  if (lines.length > max) context.addIssue({ code: "custom", path: [path], message: `${label}: at most ${max} videos` });
  lines.forEach((line, index) => {
    const parsed = parse(line);
    if (typeof parsed === "string") context.addIssue({ code: "custom", path: [path], message: `${label}, line ${index + 1} ${parsed}` });
  });
}

/** The Videos card: the home page's introduction, its tutorials, and the testimonials page's student stories. */
export const VideoSettingsSchema = z
  .object({
    introVideo: optionalText("Introduction video", 300),
    tutorials: optionalText("Tutorial videos", 6_000),
    successStories: optionalText("Student stories", 8_000),
  })
  .superRefine((value, context) => {
    if (value.introVideo !== undefined && typeof parseTutorialLine(value.introVideo) === "string")
      context.addIssue({ code: "custom", path: ["introVideo"], message: "Introduction video must be a YouTube link, | and a title" });
    checkLines(value.tutorials, parseTutorialLine, { label: "Tutorial videos", max: MAX_TUTORIAL_VIDEOS, path: "tutorials" }, context);
    checkLines(
      value.successStories,
      parseStoryLine,
      { label: "Student stories", max: MAX_SUCCESS_STORIES, path: "successStories" },
      context,
    );
  });
export type VideoSettings = z.infer<typeof VideoSettingsSchema>;

export const DEFAULT_VIDEO_SETTINGS: VideoSettings = {};

/** The videos the pages show: only what an admin listed, each line as checked when saved. */
export function videoLists(settings: VideoSettings) {
  const keep = <T>(parsed: (T | string)[]) => parsed.filter((item): item is T => typeof item !== "string");
  const [intro] = keep(settings.introVideo ? [parseTutorialLine(settings.introVideo)] : []);
  return {
    intro: intro ?? null,
    tutorials: keep(linesOf(settings.tutorials).map(parseTutorialLine)),
    successStories: keep(linesOf(settings.successStories).map(parseStoryLine)),
  };
}
