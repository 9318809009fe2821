import { describe, expect, it } from "vitest";
import { readAttendanceMarks } from "./attendance";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("readAttendanceMarks", () => {
  it("reads present, absent and not marked per account", () => {
    expect(
      readAttendanceMarks(
        form([
          ["attended:abc-1", "yes"],
          ["attended:abc-2", "no"],
          ["attended:abc-3", ""],
        ]),
      ),
    ).toEqual([
      { userId: "abc-1", attended: true },
      { userId: "abc-2", attended: false },
      { userId: "abc-3", attended: null },
    ]);
  });

  it("refuses a field that is not the form's, a value that is not a mark, or a malformed account id", () => {
    expect(readAttendanceMarks(form([["role", "admin"]]))).toBeNull();
    expect(readAttendanceMarks(form([["attended:abc-1", "maybe"]]))).toBeNull();
    expect(readAttendanceMarks(form([["attended:../../x", "yes"]]))).toBeNull();
    expect(readAttendanceMarks(form([["attended:", "yes"]]))).toBeNull();
  });
});
