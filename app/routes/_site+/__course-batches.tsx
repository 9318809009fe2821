// A course's upcoming batches on its page: when each runs (India's calendar),
// where it is taught, the seats left and its price. Rendered on the server;
// nothing here needs JavaScript.

export type UpcomingBatchView = {
  id: number;
  name: string;
  days: string;
  where: string;
  seats: string;
  full: boolean;
  priceLabel: string;
};

export function UpcomingBatches({ batches }: { batches: UpcomingBatchView[] }) {
  return (
    <section aria-labelledby="batches-heading">
      <h2 id="batches-heading" className="text-2xl font-bold text-navy-900">
        Upcoming Batches
      </h2>
      <p className="mt-2 text-slate-600">Live classes with a mentor on a timetable, in India time.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {batches.map((batch) => (
          <li key={batch.id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <h3 className="font-bold text-navy-900">{batch.name}</h3>
            <p className="mt-1 text-sm text-slate-700">{batch.days}</p>
            <p className="text-sm text-slate-700">{batch.where}</p>
            <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
              <span className={batch.full ? "text-sm font-semibold text-red-800" : "text-sm font-semibold text-teal-800"}>
                {batch.seats}
              </span>
              <span className="text-lg font-bold text-navy-900">{batch.priceLabel}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
