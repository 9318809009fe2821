import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it("uses the singular for one and the plural otherwise", () => {
    expect(countOf(1, "course")).toBe("1 course");
    expect(countOf(0, "course")).toBe("0 courses");
    expect(countOf(2, "course")).toBe("2 courses");
  });

  it("takes an irregular plural and groups digits the Indian way", () => {
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
    expect(countOf(120000, "entry", "entries")).toBe("1,20,000 entries");
  });
});
