// A course's progress, on the dashboard and in the classroom: its own module, so
// the dashboard's JavaScript does not carry the whole curriculum outline.

/** The course's progress as a labelled bar and a sentence. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold text-navy-900">{label}</span>
        <span className="font-bold text-navy-900">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-green-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
