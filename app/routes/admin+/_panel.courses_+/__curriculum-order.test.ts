import { describe, expect, it } from "vitest";
import { orderAfterDrop } from "./__curriculum-order";

const current = [
  { id: 1, lessons: [11, 12, 13] },
  { id: 2, lessons: [21] },
];

describe("the order after a drag and drop", () => {
  it("puts a lesson dropped on another in its place, within or across sections", () => {
    expect(orderAfterDrop(current, { kind: "lesson", id: 13 }, { sectionId: 1, lessonId: 11 })).toEqual([
      { id: 1, lessons: [13, 11, 12] },
      { id: 2, lessons: [21] },
    ]);
    expect(orderAfterDrop(current, { kind: "lesson", id: 11 }, { sectionId: 2, lessonId: 21 })).toEqual([
      { id: 1, lessons: [12, 13] },
      { id: 2, lessons: [11, 21] },
    ]);
  });

  it("adds a lesson dropped on a section's heading at its end, and moves sections", () => {
    expect(orderAfterDrop(current, { kind: "lesson", id: 12 }, { sectionId: 2, lessonId: null })).toEqual([
      { id: 1, lessons: [11, 13] },
      { id: 2, lessons: [21, 12] },
    ]);
    expect(orderAfterDrop(current, { kind: "section", id: 2 }, { sectionId: 1, lessonId: 11 })).toEqual([
      { id: 2, lessons: [21] },
      { id: 1, lessons: [11, 12, 13] },
    ]);
  });

  it("moves nothing when dropped on itself", () => {
    expect(orderAfterDrop(current, { kind: "lesson", id: 12 }, { sectionId: 1, lessonId: 12 })).toBeNull();
    expect(orderAfterDrop(current, { kind: "section", id: 1 }, { sectionId: 1, lessonId: null })).toBeNull();
  });
});
