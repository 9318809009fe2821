import { Link } from "@remix-run/react";
import type { LessonType } from "../../db/enums";
import { Badge } from "~/components/ui/badge";

// A course's sections and lessons as a list: on the course page (durations,
// preview badges, preview lessons linked) and in the classroom (each lesson's
// state for the student, every lesson linked).

/** "locked": drip release has not opened it to this student yet. */
export type LessonState = "not-started" | "started" | "complete" | "locked";

export type OutlineLessonView = {
  id: number;
  title: string;
  type: LessonType;
  durationMinutes: number;
  isFreePreview: boolean;
  /** The student's state in it; absent on the course page. */
  state?: LessonState;
  /** Where the lesson opens; null when it is not open to this visitor. */
  href: string | null;
  /** The lesson the student is on ("Resume"). */
  current?: boolean;
  /** When a locked lesson opens ("Opens on Dec 5, 2026"). */
  opens?: string;
};
export type OutlineSectionView = { id: number; title: string; lessons: OutlineLessonView[] };

type LessonFacts = Pick<OutlineLessonView, "id" | "title" | "type" | "durationMinutes" | "isFreePreview">;

/** Sections as the list shows them: each lesson's own facts and what this visitor gets (`view`: link, state). */
export function toOutlineSections<L extends LessonFacts>(
  sections: { id: number; title: string; lessons: L[] }[],
  view: (lesson: L) => Pick<OutlineLessonView, "href" | "state" | "current" | "opens">,
): OutlineSectionView[] {
  return sections.map((section) => ({
    id: section.id,
    title: section.title,
    lessons: section.lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      type: lesson.type,
      durationMinutes: lesson.durationMinutes,
      isFreePreview: lesson.isFreePreview,
      ...view(lesson),
    })),
  }));
}

export const LESSON_TYPE_LABELS: Record<LessonType, string> = {
  video: "Video",
  article: "Article",
  download: "Download",
  live: "Live session",
  quiz: "Quiz",
};

const STATE_LABELS: Record<LessonState, string> = {
  "not-started": "Not started",
  started: "Started",
  complete: "Complete",
  locked: "Locked",
};

/** "45 min", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

export function CurriculumOutline({ sections, headingLevel = 3 }: { sections: OutlineSectionView[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="space-y-6">
      {sections.map((section, index) => (
        <li key={section.id}>
          <Heading className="text-lg font-bold text-navy-900">
            <span className="text-slate-600">Section {index + 1}: </span>
            {section.title}
          </Heading>
          <ol className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            {section.lessons.map((lesson) => (
              <li key={lesson.id} className={lesson.current ? "bg-amber-50" : undefined}>
                <LessonRow lesson={lesson} />
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function LessonRow({ lesson }: { lesson: OutlineLessonView }) {
  const title = lesson.href ? (
    <Link to={lesson.href} className="font-semibold text-navy-900 underline-offset-4 hover:underline" prefetch="none">
      {lesson.title}
    </Link>
  ) : (
    <span className="font-semibold text-slate-800">{lesson.title}</span>
  );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
      {lesson.state ? <StateMark state={lesson.state} /> : null}
      {/* At least 12rem wide: on a phone the type and duration wrap below rather than squeeze the title into broken words. */}
      <span className="min-w-0 flex-[1_1_12rem] break-words">{title}</span>
      <span className="text-sm text-slate-600">
        {LESSON_TYPE_LABELS[lesson.type]}
        {lesson.durationMinutes > 0 ? ` · ${formatMinutes(lesson.durationMinutes)}` : ""}
      </span>
      {lesson.isFreePreview ? <Badge tone="teal">Free preview</Badge> : null}
      {lesson.opens ? <span className="text-sm font-medium text-slate-700">{lesson.opens}</span> : null}
    </div>
  );
}

function StateMark({ state }: { state: LessonState }) {
  const look =
    state === "complete"
      ? "bg-green-700 text-white"
      : state === "started"
        ? "border-2 border-amber-600 text-amber-800"
        : state === "locked"
          ? "bg-slate-200 text-slate-700"
          : "border-2 border-slate-400 text-transparent";
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${look}`}>
        {state === "complete" ? "✓" : state === "started" ? "…" : state === "locked" ? "🔒" : ""}
      </span>
      <span className="sr-only">{STATE_LABELS[state]}: </span>
    </span>
  );
}
