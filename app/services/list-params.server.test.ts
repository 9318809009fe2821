import { describe, expect, test } from "vitest";
import { API_PAGE_SIZE, listApiResponse, paiseToRupees, readApiListParams, readTableParams } from "./list-params.server";

const request = (query: string) => new Request(`http://localhost/api/admin/users${query}`);

describe("reading a list's query string", () => {
  test("tables: ?q= trimmed, ?page= a positive whole number or 1, always 25 rows", () => {
    expect(readTableParams(request("?q=%20priya%20&page=3&pageSize=500"))).toEqual({
      q: "priya",
      page: 3,
      pageSize: 25,
      pastEnd: "last",
      after: null,
      before: null,
    });
    expect(readTableParams(request("?page=2&after=abc"))).toMatchObject({ after: "abc", before: null });
    for (const page of ["0", "-1", "abc", "1e9", "2.5", ""]) {
      expect(readTableParams(request(`?page=${page}`)).page, page).toBe(1);
    }
  });

  test("APIs: ?pageSize= defaults to 100, is capped at 500; a page past the end is empty", () => {
    expect(readApiListParams(request(""))).toEqual({
      q: "",
      page: 1,
      pageSize: API_PAGE_SIZE,
      pastEnd: "empty",
      after: null,
      before: null,
    });
    expect(readApiListParams(request("?pageSize=1000&page=1000000000")).pageSize).toBe(500);
    expect(readApiListParams(request("?pageSize=1000&page=1000000000")).page).toBe(1_000_000_000);
    expect(readApiListParams(request("?pageSize=0")).pageSize).toBe(API_PAGE_SIZE);
    expect(readApiListParams(request("?pageSize=abc")).pageSize).toBe(API_PAGE_SIZE);
  });
});

describe("listApiResponse", () => {
  test("a JSON array, X-Total-Count, and Link with prev and next keeping the other parameters", async () => {
    const response = listApiResponse(
      request("?q=a&pageSize=2&page=2"),
      { rows: [1, 2], total: 5, page: 2, pageCount: 3, pageSize: 2, searchTooShort: false },
      (n) => ({ n }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(response.headers.get("X-Total-Count")).toBe("5");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Link")).toBe(
      '<http://localhost/api/admin/users?q=a&pageSize=2&page=1>; rel="prev", <http://localhost/api/admin/users?q=a&pageSize=2&page=3>; rel="next"',
    );
  });

  test("no Link on a single page; past the end, prev points at the last page", () => {
    expect(
      listApiResponse(request(""), { rows: [], total: 0, page: 1, pageCount: 1, pageSize: 100, searchTooShort: false }, String).headers.get(
        "Link",
      ),
    ).toBeNull();
    expect(
      listApiResponse(
        request("?page=9"),
        { rows: [], total: 5, page: 9, pageCount: 1, pageSize: 100, searchTooShort: false },
        String,
      ).headers.get("Link"),
    ).toBe('<http://localhost/api/admin/users?page=1>; rel="prev"');
  });

  test("a list paged by key links its neighbours by the keys of its first and last rows", () => {
    const response = listApiResponse(
      request("?q=a&pageSize=2&page=2&after=old"),
      { rows: [1, 2], total: 5, page: 2, pageCount: 3, pageSize: 2, searchTooShort: false, previousKey: "first", nextKey: "last" },
      String,
    );
    expect(response.headers.get("Link")).toBe(
      '<http://localhost/api/admin/users?q=a&pageSize=2&page=1&before=first>; rel="prev", <http://localhost/api/admin/users?q=a&pageSize=2&page=3&after=last>; rel="next"',
    );
  });

  test("paise become rupees", () => {
    expect(paiseToRupees(499_950)).toBe(4999.5);
    expect(paiseToRupees(0)).toBe(0);
  });
});
