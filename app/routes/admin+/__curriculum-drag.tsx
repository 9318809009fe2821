import { useSubmit } from "@remix-run/react";
import { useRef, type DragEvent, type ReactNode } from "react";

// With JavaScript, lessons can be dragged within and between sections, and
// sections among themselves. The drop posts the whole new order (intent
// "reorder") to the same action the Up/Down forms use; without JavaScript the
// rows are plain and the forms do the moving.

type Order = { id: number; lessons: number[] };

function orderIn(container: HTMLElement): Order[] {
  return [...container.querySelectorAll<HTMLElement>("[data-section-id]")].map((section) => ({
    id: Number(section.dataset.sectionId),
    lessons: [...section.querySelectorAll<HTMLElement>("[data-lesson-id]")].map((lesson) => Number(lesson.dataset.lessonId)),
  }));
}

export function CurriculumDragOrder({ sections, children }: { sections: unknown[]; children: ReactNode }) {
  const submit = useSubmit();
  const container = useRef<HTMLDivElement>(null);
  const dragged = useRef<HTMLElement | null>(null);

  const target = (event: DragEvent) => (event.target instanceof HTMLElement ? event.target : null);

  function onDragStart(event: DragEvent) {
    const row = target(event)?.closest<HTMLElement>("[data-lesson-id], [data-section-id]") ?? null;
    dragged.current = row;
    event.dataTransfer.effectAllowed = "move";
  }

  function onDragOver(event: DragEvent) {
    const moving = dragged.current;
    const element = target(event);
    if (!moving || !element) return;
    event.preventDefault();
    if (moving.dataset.lessonId) {
      const over = element.closest<HTMLElement>("[data-lesson-id]");
      const list = element.closest("[data-section-id]")?.querySelector("[data-lessons-of]");
      if (over && over !== moving) over.before(moving);
      else if (!over && list && moving.parentElement !== list) list.append(moving);
    } else {
      const over = element.closest<HTMLElement>("[data-section-id]");
      if (over && over !== moving) over.before(moving);
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    dragged.current = null;
    if (!container.current) return;
    submit({ intent: "reorder", order: JSON.stringify(orderIn(container.current)) }, { method: "post", preventScrollReset: true });
  }

  return (
    <div
      ref={container}
      className="grid gap-4"
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDrop={onDrop}
      // Rows become draggable once this script runs; before that the Up/Down forms are the way.
      data-draggable-rows={sections.length > 0 ? "" : undefined}
    >
      {children}
    </div>
  );
}
