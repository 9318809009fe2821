/** A figure about the institute as a page shows it: "1,240", "Students enrolled", and for an admin's figure, "as of Nov 1, 2026". */
export type ShownFigure = { value: string; label: string; asOf: string | null };

/** The institute's figures as large values over their labels, on a dark band. */
export function InstituteFigures({ figures, className = "" }: { figures: ShownFigure[]; className?: string }) {
  if (figures.length === 0) return null;
  return (
    <dl className={`grid grid-cols-2 gap-4 md:grid-cols-4 ${className}`}>
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col-reverse items-center rounded-2xl bg-white/5 p-5 text-center ring-1 ring-white/10">
          <dt className="mt-1 text-sm text-slate-200">
            {figure.label}
            {figure.asOf ? <span className="block text-xs text-slate-300">{figure.asOf}</span> : null}
          </dt>
          <dd className="text-3xl font-extrabold text-gold-400">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
