/** A figure about the institute as a page shows it: "1,240", "Students enrolled", "as of Nov 1, 2026". */
export type ShownFigure = { value: string; label: string; asOf: string };

/** The number a figure states ("1,240" → 1240, "12+" → 12, "2.5" → 2.5); null when it states none. */
export function figureNumber(value: string): number | null {
  const match = /\d[\d,]*(\.\d+)?/.exec(value);
  return match ? Number(match[0].replaceAll(",", "")) : null;
}

/** The institute's figures as large values over their labels, on a dark band. */
export function InstituteFigures({ figures, className = "" }: { figures: ShownFigure[]; className?: string }) {
  if (figures.length === 0) return null;
  return (
    <dl className={`grid grid-cols-2 gap-4 md:grid-cols-4 ${className}`}>
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col-reverse items-center rounded-2xl bg-white/5 p-5 text-center ring-1 ring-white/10">
          <dt className="mt-1 text-sm text-slate-200">
            {figure.label} <span className="block text-xs text-slate-300">{figure.asOf}</span>
          </dt>
          <dd className="text-3xl font-extrabold text-gold-400">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
