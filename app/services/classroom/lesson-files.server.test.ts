import { describe, expect, test } from "vitest";
import { lessonFilesDirectory } from "~/utils/lesson-files-directory.server";
import { lessonFilePath, parseRange } from "./lesson-files.server";

describe("parseRange", () => {
  const size = 1000;
  test("one range, open-ended or a suffix", () => {
    expect(parseRange("bytes=0-99", size)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", size)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", size)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-5000", size)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=990-5000", size)).toEqual({ start: 990, end: 999 });
  });
  test("past the end, or an empty suffix, cannot be satisfied", () => {
    expect(parseRange("bytes=1000-", size)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", size)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
  test("no header, another unit, several ranges or nonsense: the whole file", () => {
    for (const header of [null, "", "items=0-1", "bytes=0-1,5-6", "bytes=abc", "bytes=-", "bytes=5-1"])
      expect(parseRange(header, size)).toBeNull();
  });
});

describe("lessonFilePath", () => {
  test("a stored name stays inside the lesson files folder", () => {
    const stored = `${"0123abcd".repeat(4)}.mp4`;
    expect(lessonFilePath(stored)).toBe(`${lessonFilesDirectory()}/${stored}`);
    for (const name of ["../secret", "..", ".env", "a/b", "a\\b", "", "x.mp4\0", "0123abcd.mp4", `${"0123abcd".repeat(4)}.exe`])
      expect(lessonFilePath(name), name).toBeNull();
  });
});
