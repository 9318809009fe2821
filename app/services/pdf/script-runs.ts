// Splits a line of text into runs that one font can draw each. A slim server
// has no font fallback of its own, so a name written in Devanagari, Tamil or
// Latin with ₹ picks, character by character, the first face that has a glyph
// for it; a character the current face also has (a space, a danda, a virama)
// stays in the current run, so a syllable is never cut in two and each run is
// shaped as a whole.

export type TextRun<Face> = { face: Face; text: string };

export function splitByCoverage<Face>(
  text: string,
  faces: readonly Face[],
  covers: (face: Face, codePoint: number) => boolean,
): TextRun<Face>[] {
  const runs: TextRun<Face>[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const current = runs.at(-1);
    if (current && covers(current.face, codePoint)) {
      current.text += character;
      continue;
    }
    // Nothing has the glyph: keep it where it is (it prints as the font's empty box).
    const face = faces.find((candidate) => covers(candidate, codePoint)) ?? current?.face ?? faces[0];
    if (face === undefined) throw new Error("splitByCoverage needs at least one face");
    if (current && current.face === face) current.text += character;
    else runs.push({ face, text: character });
  }
  return runs;
}
