import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { AdmissionsChart, chartScales, describeFigures, longMonth, shortMonth, type MonthFigure } from "./admissions-chart";

// The server-rendered chart: round scales, words for screen readers, and the
// same figures in a table.

const months = (values: [number, number][]): MonthFigure[] =>
  values.map(([admissions, revenuePaise], i) => ({
    month: `2026-${String(i + 1).padStart(2, "0")}`,
    admissions,
    revenuePaise,
  }));

describe("labels", () => {
  test("short and long month names", () => {
    expect(shortMonth("2026-11")).toBe("Nov 26");
    expect(shortMonth("2030-01")).toBe("Jan 30");
    expect(longMonth("2025-12")).toBe("December 2025");
  });
});

describe("chartScales", () => {
  test("four round steps that reach the largest value on each axis", () => {
    const scales = chartScales(
      months([
        [3, 0],
        [7, 1_249_500],
        [0, 0],
      ]),
    );
    expect(scales.admissionsTicks).toEqual([0, 2, 4, 6, 8]);
    expect(scales.rupeesTicks).toEqual([0, 5_000, 10_000, 15_000, 20_000]);
  });

  test("whole admissions even for tiny counts; a scale when everything is zero", () => {
    expect(chartScales(months([[1, 50_000]])).admissionsTicks).toEqual([0, 1, 2, 3, 4]);
    expect(chartScales(months([[1, 50_000]])).rupeesTicks).toEqual([0, 200, 400, 600, 800]);
    expect(chartScales(months([[0, 0]]))).toEqual({ admissionsTicks: [0, 1, 2, 3, 4], rupeesTicks: [0, 250, 500, 750, 1000] });
  });
});

describe("describeFigures", () => {
  test("totals, the busiest month and the current month", () => {
    expect(
      describeFigures(
        months([
          [1, 499_950],
          [3, 1_500_000],
          [1, 100_000],
        ]),
      ),
    ).toBe(
      "5 admissions and ₹21,000 revenue from January 2026 to March 2026. " +
        "Busiest month: February 2026, 3 admissions and ₹15,000. March 2026 so far: 1 admission and ₹1,000.",
    );
  });

  test("no admissions", () => {
    expect(
      describeFigures(
        months([
          [0, 0],
          [0, 0],
        ]),
      ),
    ).toBe("No paid admissions from January 2026 to February 2026.");
  });
});

describe("AdmissionsChart", () => {
  test("an svg named by its title and description, a bar per month with admissions, and the table", () => {
    const html = renderToStaticMarkup(
      <AdmissionsChart
        figures={months([
          [2, 999_800],
          [0, 0],
          [5, 2_499_750],
        ])}
      />,
    );
    const svg = /<svg [^>]*>/.exec(html)?.[0] ?? "";
    expect(svg).toContain('role="img"');
    expect(svg).toContain('viewBox="0 0 720 420"');
    expect(svg).toContain('width="100%"');
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(svg)?.[1]?.split(" ") ?? [];
    expect(labelledBy).toHaveLength(2);
    expect(html).toContain(`<title id="${labelledBy[0]}">Admissions and revenue per month, January 2026 to March 2026</title>`);
    expect(html).toContain(`<desc id="${labelledBy[1]}">7 admissions and ₹34,996 revenue`);
    // Two months with admissions: two bars (the legend's swatch is the third rect).
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).toContain(">Jan</tspan> <tspan");
    expect(html).toContain("<summary");
    expect(html).toContain("Monthly figures");
    expect(html).toContain("<td");
    expect(html).toContain("₹24,998");
    expect(html).toContain("March 2026");
  });
});
