/** The figures under a list page's heading (courses, events, blog): each a label under a large value. */
export function HeroStats({
  stats,
  className = "max-w-3xl",
}: {
  stats: { label: string; value: string | number; asOf?: string }[];
  className?: string;
}) {
  return (
    <dl className={`mx-auto mt-10 grid grid-cols-3 gap-4 ${className}`}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse rounded-xl bg-white/10 px-2 py-4">
          <dt className="text-sm text-slate-200">
            {stat.label}
            {stat.asOf ? " " : null}
            {stat.asOf ? <span className="block text-xs text-slate-300">{stat.asOf}</span> : null}
          </dt>
          <dd className="text-2xl font-bold text-gold-400 sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
