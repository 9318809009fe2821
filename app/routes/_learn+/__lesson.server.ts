import type { LessonAccess } from "~/models/classroom/classroom-access.server";
import type { Lesson } from "~/models/classroom/curriculum.server";
import { listLessonFiles } from "~/models/classroom/lesson-file.server";
import { renderMarkdown } from "~/utils/blog-html.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { classroomOutline, lessonPath, opensLabel, type ClassroomDoor } from "./__classroom.server";
import { quizPageData } from "./__lesson-quiz.server";

// What a lesson page shows, by type. The page's HTML carries the text first;
// a video is only a source for the player that loads when "Play" is pressed.

const lessonFilePath = (courseId: number, lessonId: number, fileId: number) => `${lessonPath(courseId, lessonId)}/files/${fileId}`;

export type LessonVideo =
  | { source: "upload"; src: string; contentType: string }
  | { source: "youtube"; embedSrc: string; watchHref: string }
  | { source: "vimeo"; embedSrc: string; watchHref: string };

const YOUTUBE_ID = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/;
const VIMEO_ID = /vimeo\.com\/(?:video\/)?(\d{5,12})(?:\/([A-Za-z0-9]+))?/;

/** The player's source: the uploaded file through the file route, or a privacy-enhanced / Vimeo embed. */
function videoOf(lesson: Lesson, uploadedSrc: { src: string; contentType: string } | null): LessonVideo | null {
  if (lesson.videoSource === "upload") return uploadedSrc && { source: "upload", ...uploadedSrc };
  const url = lesson.videoUrl ?? "";
  if (lesson.videoSource === "youtube") {
    const id = YOUTUBE_ID.exec(url)?.[1];
    return id
      ? {
          source: "youtube",
          embedSrc: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
          watchHref: `https://www.youtube.com/watch?v=${id}`,
        }
      : null;
  }
  if (lesson.videoSource === "vimeo") {
    const match = VIMEO_ID.exec(url);
    if (!match) return null;
    // An unlisted Vimeo video's hash must travel with its id.
    const hash = match[2] ? `&h=${match[2]}` : "";
    return { source: "vimeo", embedSrc: `https://player.vimeo.com/video/${match[1]}?autoplay=1${hash}`, watchHref: url };
  }
  return null;
}

const opensJoinLink = (access: LessonAccess) => access === "enrolled" || access === "admin";

/**
 * The lesson page's data. A lesson still locked by drip release (`opensAt`)
 * carries its title and the day it opens, none of its content: no text,
 * player, files, quiz or join link, and nothing to complete.
 */
export function lessonPageData(courseId: number, lesson: Lesson, door: Pick<ClassroomDoor, "access" | "userId">, opensAt: Date | null) {
  const { access, userId } = door;
  const outline = classroomOutline(courseId, door);
  const index = outline.ordered.findIndex((entry) => entry.id === lesson.id);
  const neighbour = (offset: number) => {
    const entry = outline.ordered[index + offset];
    // A preview visitor is offered only the lessons they may open; a student, none still locked.
    if (!entry || (access === "preview" && !entry.isFreePreview) || entry.opensAt) return null;
    return { title: entry.title, href: lessonPath(courseId, entry.id) };
  };
  const open = opensAt === null;
  const files = open ? listLessonFiles(lesson.id).map((file) => ({ ...file, href: lessonFilePath(courseId, lesson.id, file.id) })) : [];
  const uploaded = files.find((file) => file.kind === "video");
  const state = outline.ordered[index]?.state ?? "not-started";
  const records = access === "enrolled" && open;
  return {
    lesson: {
      id: lesson.id,
      title: lesson.title,
      type: lesson.type,
      durationMinutes: lesson.durationMinutes,
      isFreePreview: lesson.isFreePreview,
      isRequired: lesson.isRequired,
      bodyHtml: open && lesson.body.trim() ? renderMarkdown(lesson.body) : null,
    },
    opens: opensAt && { label: opensLabel(opensAt), iso: opensAt.toISOString() },
    sectionTitle: outline.sections.find((section) => section.id === lesson.sectionId)?.title ?? "",
    position: { number: index + 1, total: outline.ordered.length },
    previous: neighbour(-1),
    next: neighbour(1),
    access,
    /** Only an enrolled student's work is stored. */
    records,
    completed: state === "complete",
    percent: outline.percent,
    video:
      open && lesson.type === "video" ? videoOf(lesson, uploaded ? { src: uploaded.href, contentType: uploaded.contentType } : null) : null,
    attachments: files.filter((file) => file.kind === "attachment"),
    live:
      open && lesson.type === "live"
        ? {
            startsLabel: lesson.liveStartsAt ? formatIndiaDateTime(lesson.liveStartsAt) : null,
            startsIso: lesson.liveStartsAt?.toISOString() ?? null,
            joinHref: lesson.joinUrl && opensJoinLink(access) ? `${lessonPath(courseId, lesson.id)}/join` : null,
            recordingUrl: lesson.recordingUrl,
          }
        : null,
    quiz: open && lesson.type === "quiz" ? quizPageData(lesson, userId, records) : null,
  };
}

export type LessonPageData = ReturnType<typeof lessonPageData>;
