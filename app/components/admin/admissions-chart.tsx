import { useId } from "react";
import { formatAmount } from "~/utils/money";
import { countOf } from "~/utils/plural";

// The Analytics tab's chart of paid admissions (bars, left axis) and revenue
// (a line, right axis) per month. Plain SVG rendered on the server: it reads
// without JavaScript, scales to its box (viewBox, width 100%), and carries a
// <title> and <desc> for screen readers; the same figures follow in a table.
//
// Text in an SVG scales with it, so the font size (in the viewBox's units)
// steps down as the screen widens, staying about 11–15 px on screen. Below
// 640 px every other month is labelled (the table beneath has them all).

export type MonthFigure = { month: string; admissions: number; revenuePaise: number };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function parts(month: string): { year: number; index: number } {
  const [year = "0", index = "1"] = month.split("-");
  return { year: Number(year), index: Number(index) - 1 };
}
/** "2026-11" → "Nov 26" */
export const shortMonth = (month: string) => {
  const { year, index } = parts(month);
  return `${MONTHS[index]} ${String(year % 100).padStart(2, "0")}`;
};
/** "2026-11" → "November 2026" */
export const longMonth = (month: string) => {
  const { year, index } = parts(month);
  return `${LONG_MONTHS[index]} ${year}`;
};

const compact = new Intl.NumberFormat("en-IN", { notation: "compact", maximumFractionDigits: 1 });
const count = new Intl.NumberFormat("en-IN");
const admissionsText = (n: number) => countOf(n, "admission");

/** A round step (1, 2, 2.5 or 5 times a power of ten) at least `raw`. */
function niceStep(raw: number, multiples: number[]): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const multiple of multiples) if (raw <= multiple * power * (1 + 1e-9)) return multiple * power;
  return 10 * power;
}

const TICKS = 4;
// Geometry in viewBox units.
const WIDTH = 720;
const HEIGHT = 420;
const LEFT = 100;
const RIGHT = 100;
const TOP = 64;
const BOTTOM = 330;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = BOTTOM - TOP;
// Colours with at least 4.5:1 against white (bars, line, their tick labels).
const BAR = "#2563eb";
const BAR_TEXT = "#1e40af";
const LINE = "#b45309";
const LINE_TEXT = "#92400e";
const TEXT = "#334155";

export function chartScales(figures: MonthFigure[]) {
  const maxAdmissions = Math.max(0, ...figures.map((figure) => figure.admissions));
  const maxRupees = Math.max(0, ...figures.map((figure) => figure.revenuePaise / 100));
  const admissionsStep = maxAdmissions > 0 ? Math.max(1, niceStep(maxAdmissions / TICKS, [1, 2, 5])) : 1;
  const rupeesStep = maxRupees > 0 ? niceStep(maxRupees / TICKS, [1, 2, 2.5, 5]) : 250;
  return {
    admissionsTicks: Array.from({ length: TICKS + 1 }, (_, i) => i * admissionsStep),
    rupeesTicks: Array.from({ length: TICKS + 1 }, (_, i) => i * rupeesStep),
  };
}

/** What the chart shows, in words: its accessible description. */
export function describeFigures(figures: MonthFigure[]): string {
  const first = figures[0];
  const last = figures.at(-1);
  if (!first || !last) return "No months to show.";
  const span = `from ${longMonth(first.month)} to ${longMonth(last.month)}`;
  const admissions = figures.reduce((sum, figure) => sum + figure.admissions, 0);
  const revenue = figures.reduce((sum, figure) => sum + figure.revenuePaise, 0);
  if (admissions === 0) return `No paid admissions ${span}.`;
  const busiest = figures.reduce((best, figure) => (figure.admissions > best.admissions ? figure : best), first);
  return [
    `${admissionsText(admissions)} and ${formatAmount(revenue)} revenue ${span}.`,
    `Busiest month: ${longMonth(busiest.month)}, ${admissionsText(busiest.admissions)} and ${formatAmount(busiest.revenuePaise)}.`,
    `${longMonth(last.month)} so far: ${admissionsText(last.admissions)} and ${formatAmount(last.revenuePaise)}.`,
  ].join(" ");
}

export function AdmissionsChart({ figures }: { figures: MonthFigure[] }) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const { admissionsTicks, rupeesTicks } = chartScales(figures);
  const maxAdmissions = admissionsTicks.at(-1) ?? 1;
  const maxRupees = rupeesTicks.at(-1) ?? 1;
  const slot = PLOT_WIDTH / Math.max(1, figures.length);
  const barWidth = slot * 0.56;
  const centre = (i: number) => LEFT + i * slot + slot / 2;
  const revenueY = (paise: number) => BOTTOM - (paise / 100 / maxRupees) * PLOT_HEIGHT;
  const points = figures.map((figure, i) => `${centre(i).toFixed(1)},${revenueY(figure.revenuePaise).toFixed(1)}`).join(" ");
  const first = figures[0];
  const last = figures.at(-1);
  const totals = {
    admissions: figures.reduce((sum, figure) => sum + figure.admissions, 0),
    revenuePaise: figures.reduce((sum, figure) => sum + figure.revenuePaise, 0),
  };

  return (
    <div className="grid gap-4">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        className="block h-auto w-full max-w-3xl text-[28px] min-[480px]:text-[22px] min-[560px]:text-[19px] sm:text-[16px] md:text-[14px]"
      >
        <title id={titleId}>
          {first && last
            ? `Admissions and revenue per month, ${longMonth(first.month)} to ${longMonth(last.month)}`
            : "Admissions and revenue per month"}
        </title>
        <desc id={descId}>{describeFigures(figures)}</desc>

        {/* Legend */}
        <g fill={TEXT}>
          <rect x={LEFT} y={18} width={20} height={20} rx={3} fill={BAR} />
          <text x={LEFT + 30} y={28} dominantBaseline="middle">
            Admissions<tspan className="max-sm:hidden"> (left axis)</tspan>
          </text>
          <line x1={360} y1={28} x2={390} y2={28} stroke={LINE} strokeWidth={3} vectorEffect="non-scaling-stroke" />
          <circle cx={375} cy={28} r={6} fill={LINE} stroke="#ffffff" strokeWidth={2} />
          <text x={400} y={28} dominantBaseline="middle">
            Revenue<tspan className="max-sm:hidden"> (right axis)</tspan>
          </text>
        </g>

        {/* Grid lines and both axes' ticks: four equal steps on each scale. */}
        {admissionsTicks.map((tick, i) => {
          const y = BOTTOM - (i / TICKS) * PLOT_HEIGHT;
          return (
            <g key={tick}>
              <line
                x1={LEFT}
                x2={WIDTH - RIGHT}
                y1={y}
                y2={y}
                stroke={i === 0 ? "#64748b" : "#e2e8f0"}
                strokeWidth={i === 0 ? 1.5 : 1}
                vectorEffect="non-scaling-stroke"
              />
              <text x={LEFT - 12} y={y} textAnchor="end" dominantBaseline="middle" fill={BAR_TEXT}>
                {count.format(tick)}
              </text>
              <text x={WIDTH - RIGHT + 12} y={y} textAnchor="start" dominantBaseline="middle" fill={LINE_TEXT}>
                ₹{compact.format(rupeesTicks[i] ?? 0)}
              </text>
            </g>
          );
        })}

        {/* Admissions: bars. */}
        <g fill={BAR}>
          {figures.map((figure, i) => {
            const height = (figure.admissions / maxAdmissions) * PLOT_HEIGHT;
            return figure.admissions > 0 ? (
              <rect key={figure.month} x={centre(i) - barWidth / 2} y={BOTTOM - height} width={barWidth} height={height} rx={2} />
            ) : null;
          })}
        </g>

        {/* Revenue: a line with a dot per month, haloed in white so it reads over the bars. */}
        <polyline points={points} fill="none" stroke="#ffffff" strokeWidth={6} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        <polyline points={points} fill="none" stroke={LINE} strokeWidth={3} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        <g fill={LINE} stroke="#ffffff" strokeWidth={2}>
          {figures.map((figure, i) => (
            <circle key={figure.month} cx={centre(i)} cy={revenueY(figure.revenuePaise)} r={7} />
          ))}
        </g>

        {/* Month labels: "Nov" over "26". Below 640 px, every other month (the current one kept). */}
        <g fill={TEXT} textAnchor="middle">
          {figures.map((figure, i) => {
            const [name, year] = shortMonth(figure.month).split(" ");
            return (
              <text
                key={figure.month}
                x={centre(i)}
                y={BOTTOM + 10}
                className={(figures.length - 1 - i) % 2 === 1 ? "max-sm:hidden" : undefined}
              >
                <tspan x={centre(i)} dy="1em">
                  {name}
                </tspan>{" "}
                <tspan x={centre(i)} dy="1.15em">
                  {year}
                </tspan>
              </text>
            );
          })}
        </g>
      </svg>

      <details className="max-w-3xl rounded-xl ring-1 ring-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold text-navy-900">Monthly figures</summary>
        <div className="overflow-x-auto px-4 pb-4">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Admissions and revenue per month</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Month
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Admissions
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {figures.map((figure) => (
                <tr key={figure.month}>
                  <th scope="row" className="py-2 pr-4 font-normal text-slate-800">
                    {longMonth(figure.month)}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{count.format(figure.admissions)}</td>
                  <td className="py-2 text-right tabular-nums">{formatAmount(figure.revenuePaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold text-navy-900">
              <tr>
                <th scope="row" className="py-2 pr-4">
                  Total
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{count.format(totals.admissions)}</td>
                <td className="py-2 text-right tabular-nums">{formatAmount(totals.revenuePaise)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </div>
  );
}
