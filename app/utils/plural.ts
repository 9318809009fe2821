// One home for "N things" texts, so "1 course found" and "2 courses found" follow
// English's plural rules (Intl.PluralRules) rather than a hand-written `count === 1`.

const rules = new Intl.PluralRules("en-IN");

/** "1 course", "2 courses", "1,200 students": the count with Indian digit grouping and the right word. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString("en-IN")} ${rules.select(count) === "one" ? one : other}`;
}
