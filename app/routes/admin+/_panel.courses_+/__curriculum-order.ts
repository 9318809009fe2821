// The curriculum's order after a drag and drop, worked out from the order the
// page shows (the drop posts it whole; the server checks it names every row).

import type { CurriculumOrder } from "~/models/classroom/curriculum-admin.server";

export type Dragged = { kind: "lesson" | "section"; id: number };
/** A drop on a section; `lessonId` when it landed on one of its lesson rows. */
export type Drop = { sectionId: number; lessonId: number | null };

/**
 * A lesson dropped on a lesson takes its place (that lesson and the rest move
 * down); dropped on a section elsewhere, it joins the section's end. A section
 * dropped on another takes its place. Null when nothing moves.
 */
export function orderAfterDrop(current: CurriculumOrder, dragged: Dragged, drop: Drop): CurriculumOrder | null {
  if (dragged.kind === "section") {
    const moving = current.find((section) => section.id === dragged.id);
    if (!moving || dragged.id === drop.sectionId) return null;
    const rest = current.filter((section) => section.id !== dragged.id);
    const at = rest.findIndex((section) => section.id === drop.sectionId);
    return at === -1 ? null : [...rest.slice(0, at), moving, ...rest.slice(at)];
  }
  if (dragged.id === drop.lessonId || !current.some((section) => section.lessons.includes(dragged.id))) return null;
  return current.map((section) => {
    const lessons = section.lessons.filter((id) => id !== dragged.id);
    if (section.id !== drop.sectionId) return { ...section, lessons };
    const at = drop.lessonId === null ? -1 : lessons.indexOf(drop.lessonId);
    const index = at === -1 ? lessons.length : at;
    return { ...section, lessons: [...lessons.slice(0, index), dragged.id, ...lessons.slice(index)] };
  });
}
