import { describe, expect, test } from "vitest";
import { splitByCoverage } from "./script-runs";

// Two pretend faces: one with ASCII, one with Devanagari plus the space.
const latin = { name: "latin", has: (cp: number) => cp < 0x80 };
const devanagari = { name: "devanagari", has: (cp: number) => (cp >= 0x900 && cp <= 0x97f) || cp === 0x20 };
const split = (text: string) =>
  splitByCoverage(text, [latin, devanagari], (face, cp) => face.has(cp)).map((run) => [run.face.name, run.text]);

describe("splitByCoverage", () => {
  test("one run per script, the space staying with the run it follows", () => {
    expect(split("Dr. लक्ष्मी Rao")).toEqual([
      ["latin", "Dr. "],
      ["devanagari", "लक्ष्मी "],
      ["latin", "Rao"],
    ]);
  });

  test("a syllable's virama and vowel signs stay in its run", () => {
    expect(split("श्री")).toEqual([["devanagari", "श्री"]]);
  });

  test("a character no face has stays in the current run; an empty text has no runs", () => {
    expect(split("A☃B")).toEqual([["latin", "A☃B"]]);
    expect(split("")).toEqual([]);
  });
});
