import { describe, expect, test, vi } from "vitest";
import {
  ADMIN_TABLE_PAGE_SIZE,
  clampPageSize,
  containsText,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  pageWindow,
  paginate,
  searchText,
} from "./paging.server";
import { users } from "../../../db/schema";
import { db } from "~/utils/db.server";

describe("clampPageSize", () => {
  test("a whole number within 1…500 is kept; above is capped; nonsense is the fallback", () => {
    expect(clampPageSize(10)).toBe(10);
    expect(clampPageSize(MAX_PAGE_SIZE)).toBe(MAX_PAGE_SIZE);
    expect(clampPageSize(MAX_PAGE_SIZE + 1)).toBe(MAX_PAGE_SIZE);
    expect(clampPageSize(1e9)).toBe(MAX_PAGE_SIZE);
    expect(clampPageSize(2.7)).toBe(2);
    for (const nonsense of [0, -5, 0.5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) {
      expect(clampPageSize(nonsense), String(nonsense)).toBe(ADMIN_TABLE_PAGE_SIZE);
    }
    expect(clampPageSize(undefined, 100)).toBe(100);
  });
});

describe("pageWindow", () => {
  test("LIMIT/OFFSET for a page; page 0, negative and NaN pages are page 1", () => {
    expect(pageWindow(60, { page: 2 })).toEqual({ page: 2, pageCount: 3, pageSize: 25, limit: 25, offset: 25 });
    for (const page of [0, -1, Number.NaN, null, undefined]) {
      expect(pageWindow(60, { page }), String(page)).toMatchObject({ page: 1, offset: 0 });
    }
    expect(pageWindow(60, { page: 2.9 })).toMatchObject({ page: 2 });
  });

  test("past the end: the last page, or (pastEnd: empty) no rows at the page asked for", () => {
    expect(pageWindow(60, { page: 1e9 })).toEqual({ page: 3, pageCount: 3, pageSize: 25, limit: 25, offset: 50 });
    expect(pageWindow(60, { page: 4, pastEnd: "empty" })).toEqual({ page: 4, pageCount: 3, pageSize: 25, limit: 0, offset: 0 });
    expect(pageWindow(60, { page: 3, pastEnd: "empty" })).toMatchObject({ page: 3, limit: 25, offset: 50 });
  });

  test("an empty list is one empty page; the page size shapes the count", () => {
    expect(pageWindow(0, { page: 5 })).toMatchObject({ page: 1, pageCount: 1, offset: 0 });
    expect(pageWindow(1000, { pageSize: 100 })).toMatchObject({ pageCount: 10, pageSize: 100 });
    expect(pageWindow(1000, { pageSize: 5000 })).toMatchObject({ pageCount: 2, pageSize: MAX_PAGE_SIZE });
    expect(pageWindow(1000, {}, 100)).toMatchObject({ pageCount: 10, pageSize: 100 });
  });
});

describe("paginate", () => {
  test("reads only the page's rows, and nothing when there is nothing to read", () => {
    const read = vi.fn((limit: number, offset: number) => [{ limit, offset }]);
    expect(paginate({ page: 3, pageSize: 10 }, () => 45, read)).toEqual({
      rows: [{ limit: 10, offset: 20 }],
      total: 45,
      page: 3,
      pageCount: 5,
      pageSize: 10,
      searchTooShort: false,
    });
    read.mockClear();
    expect(paginate({ page: 2 }, () => 0, read)).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: 25,
      searchTooShort: false,
    });
    expect(paginate({ page: 9, pastEnd: "empty" }, () => 30, read)).toMatchObject({ rows: [], total: 30, page: 9, pageCount: 2 });
    expect(read).not.toHaveBeenCalled();
  });
});

describe("search text", () => {
  test("trimmed and capped; blank is no search", () => {
    expect(searchText("  priya ")).toBe("priya");
    expect(searchText("x".repeat(MAX_SEARCH_LENGTH + 50))).toHaveLength(MAX_SEARCH_LENGTH);
    expect(searchText(null)).toBe("");
    // A NUL or another control character would end a full-text query early: it is a space.
    expect(searchText("abc\u0000def\u0001")).toBe("abc def");
    expect(containsText("   ", [users.email])).toBeUndefined();
    expect(containsText(undefined, [users.email])).toBeUndefined();
  });

  test("% and _ are literal; matching ignores ASCII case", () => {
    db.insert(users)
      .values([
        { email: "fifty-percent@example.test", firstName: "50% off" },
        { email: "fifty-x@example.test", firstName: "50X off" },
        { email: "a_b@example.test", firstName: "Under" },
        { email: "axb@example.test", firstName: "Letter" },
        { email: "back\\slash@example.test", firstName: "Slash" },
      ])
      .run();
    const emails = (q: string) =>
      db
        .select({ email: users.email })
        .from(users)
        .where(containsText(q, [users.firstName, users.email]))
        .all()
        .map((row) => row.email)
        .sort();
    expect(emails("50%")).toEqual(["fifty-percent@example.test"]);
    expect(emails("50")).toEqual(["fifty-percent@example.test", "fifty-x@example.test"]);
    expect(emails("a_b")).toEqual(["a_b@example.test"]);
    expect(emails("k\\s")).toEqual(["back\\slash@example.test"]);
    expect(emails("UNDER")).toEqual(["a_b@example.test"]);
    expect(emails("%")).toEqual(["fifty-percent@example.test"]);
  });
});
