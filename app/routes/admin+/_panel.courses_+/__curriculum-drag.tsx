import { useSubmit } from "@remix-run/react";
import { useRef, type DragEvent, type ReactNode } from "react";
import { orderAfterDrop, type Dragged } from "./__curriculum-order";

// With JavaScript, lessons can be dragged onto another lesson (they take its
// place) or onto a section (they join its end), and sections onto another
// section. The drop posts the whole new order (intent "reorder") to the same
// action the Up/Down forms use; the page then shows it from the server. The
// rows themselves are never moved by the script, so React keeps the page.
// Without JavaScript the rows are plain and the forms do the moving.

/** Where a drop landed: a section, and the lesson row under the pointer when there was one. */
function dropOf(target: HTMLElement) {
  const lessonId = target.closest<HTMLElement>("[data-lesson-id]")?.dataset.lessonId;
  const sectionId = target.closest<HTMLElement>("[data-section-id]")?.dataset.sectionId;
  return sectionId ? { sectionId: Number(sectionId), lessonId: lessonId ? Number(lessonId) : null } : null;
}

export function CurriculumDragOrder({
  sections,
  children,
}: {
  sections: { id: number; lessons: { id: number }[] }[];
  children: ReactNode;
}) {
  const submit = useSubmit();
  const dragged = useRef<Dragged | null>(null);
  const elementOf = (event: DragEvent) => (event.target instanceof HTMLElement ? event.target : null);

  function onDragStart(event: DragEvent) {
    const row = elementOf(event)?.closest<HTMLElement>("[data-lesson-id], [data-section-id]");
    if (!row) return;
    dragged.current = row.dataset.lessonId
      ? { kind: "lesson", id: Number(row.dataset.lessonId) }
      : { kind: "section", id: Number(row.dataset.sectionId) };
    event.dataTransfer.effectAllowed = "move";
    // Firefox starts a drag only with data set.
    event.dataTransfer.setData("text/plain", row.dataset.lessonId ?? row.dataset.sectionId ?? "");
  }

  function onDrop(event: DragEvent) {
    const target = elementOf(event);
    const moving = dragged.current;
    dragged.current = null;
    if (!target || !moving) return;
    event.preventDefault();
    const current = sections.map((section) => ({ id: section.id, lessons: section.lessons.map((lesson) => lesson.id) }));
    const drop = dropOf(target);
    const order = drop && orderAfterDrop(current, moving, drop);
    if (order) submit({ intent: "reorder", order: JSON.stringify(order) }, { method: "post", preventScrollReset: true });
  }

  return (
    <div
      className="grid gap-4"
      onDragStart={onDragStart}
      onDragOver={(event) => {
        if (dragged.current) event.preventDefault();
      }}
      onDrop={onDrop}
    >
      {children}
    </div>
  );
}
