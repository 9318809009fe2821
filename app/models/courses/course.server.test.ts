import { beforeAll, describe, expect, test } from "vitest";
import { courses } from "../../../db/schema";
import { db } from "~/utils/db.server";
import {
  courseDescriptionParts,
  findActiveCourse,
  listActiveCourseIds,
  listActiveCourses,
  syllabusLines,
  toCourseJson,
} from "./course.server";

const base = { shortDescription: "s", description: "d", duration: "4 weeks" };

beforeAll(() => {
  db.delete(courses).run();
  db.insert(courses)
    .values([
      { ...base, id: 1, title: "Zeta Advanced", level: "advanced", pricePaise: 499900 },
      { ...base, id: 2, title: "alpha beginner", level: "beginner", pricePaise: 299900 },
      { ...base, id: 3, title: "Mid Course", level: "intermediate", pricePaise: 399900, shortDescription: "Order blocks 50% off" },
      { ...base, id: 4, title: "Hidden", level: "beginner", pricePaise: 100, isActive: false },
      { ...base, id: 5, title: "Beta beginner", level: "beginner", pricePaise: 350000 },
    ])
    .run();
});

describe("listActiveCourses", () => {
  test("default sort is level: beginner, intermediate, advanced, then title", () => {
    expect(listActiveCourses().map((c) => c.id)).toEqual([2, 5, 3, 1]);
  });
  test("never lists inactive courses", () => {
    expect(listActiveCourses({ search: "Hidden" })).toEqual([]);
  });
  test("sorts by title case-insensitively and by price both ways", () => {
    expect(listActiveCourses({ sort: "title" }).map((c) => c.id)).toEqual([2, 5, 3, 1]);
    expect(listActiveCourses({ sort: "price-asc" }).map((c) => c.pricePaise)).toEqual([299900, 350000, 399900, 499900]);
    expect(listActiveCourses({ sort: "price-desc" }).map((c) => c.id)).toEqual([1, 3, 5, 2]);
  });
  test("filters by level and searches case-insensitively, wildcards taken literally", () => {
    expect(listActiveCourses({ level: "beginner" }).map((c) => c.id)).toEqual([2, 5]);
    expect(listActiveCourses({ search: "ZETA" }).map((c) => c.id)).toEqual([1]);
    expect(listActiveCourses({ search: "50%" }).map((c) => c.id)).toEqual([3]);
    expect(listActiveCourses({ search: "%" }).map((c) => c.id)).toEqual([3]);
  });
});

describe("findActiveCourse", () => {
  test("finds active courses and refuses inactive, unknown and malformed ids", () => {
    expect(findActiveCourse("1")?.title).toBe("Zeta Advanced");
    expect(findActiveCourse("4")).toBeNull();
    expect(findActiveCourse("999")).toBeNull();
    expect(findActiveCourse("1abc")).toBeNull();
    expect(findActiveCourse("-1")).toBeNull();
    expect(findActiveCourse("99999999999999999999")).toBeNull();
  });
});

describe("course description", () => {
  const description = "OVERVIEW\nLearn forex.\n\nCONTENT\nPairs and sessions.\n\nTAKEAWAYS\nA plan.";
  test("the OVERVIEW section is the Overview, the others the Description, none said twice", () => {
    expect(courseDescriptionParts(description)).toEqual({
      overview: "Learn forex.",
      sections: [
        { heading: "CONTENT", body: "Pairs and sessions." },
        { heading: "TAKEAWAYS", body: "A plan." },
      ],
    });
  });
  test("without sections the whole text is the Overview, uncut; without OVERVIEW the text before the first section is", () => {
    const long = "x".repeat(250);
    expect(courseDescriptionParts(long)).toEqual({ overview: long, sections: [] });
    expect(courseDescriptionParts("Learn forex.\n\nCONTENT\nPairs.")).toEqual({
      overview: "Learn forex.",
      sections: [{ heading: "CONTENT", body: "Pairs." }],
    });
  });
  test("syllabus lines skip blanks", () => {
    expect(syllabusLines("Week 1\n\n  Week 2  \n")).toEqual(["Week 1", "Week 2"]);
    expect(syllabusLines(null)).toEqual([]);
  });
});

test("the API shows prices as decimal strings", () => {
  const course = findActiveCourse(1);
  expect(course).not.toBeNull();
  if (course) expect(toCourseJson(course)).toMatchObject({ price: "4999.00", originalPrice: null });
});

test("the sitemap's course ids are the active courses only", () => {
  const rows = listActiveCourseIds();
  expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 5]);
  expect(rows.every((row) => row.updatedAt instanceof Date)).toBe(true);
});
