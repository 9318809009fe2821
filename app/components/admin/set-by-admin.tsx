/** Values a content manager sees but cannot change (what students pay): shown as text in place of the inputs. */
export type SetByAdminValues = { heading: string; values: { label: string; value: string }[]; note: string };

export function SetByAdmin({ id, heading, values, note }: SetByAdminValues & { id: string }) {
  return (
    <section aria-labelledby={id} className="mb-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:col-span-2">
      <h3 id={id} className="text-sm font-semibold text-navy-900">
        {heading}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
        {values.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">{note}</p>
    </section>
  );
}
