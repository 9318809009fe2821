// The admin's list of people who signed up for something (an event's
// registrations, a batch's students): name, email, phone (when the list
// needs it) and when, in a focusable region that scrolls sideways on a phone.

export type PersonRow = { id: number; name: string; email: string; phone?: string; whenIso: string; whenLabel: string };

export function PeopleTable({
  caption,
  regionLabel,
  whenHeader,
  rows,
  withPhone = true,
}: {
  caption: string;
  regionLabel: string;
  whenHeader: string;
  rows: PersonRow[];
  /** Whether the list has a phone column: not where the phone is not needed (a batch's roster for its mentor). */
  withPhone?: boolean;
}) {
  const headers = withPhone ? ["Name", "Email", "Phone"] : ["Name", "Email"];
  return (
    // Focusable so keyboard users can scroll it too.
    <div className="overflow-x-auto" role="region" aria-label={regionLabel} tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="py-2 pr-4 font-semibold">
                {header}
              </th>
            ))}
            <th scope="col" className="py-2 font-semibold">
              {whenHeader}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="py-2 pr-4 font-medium text-navy-900">{row.name}</td>
              <td className="py-2 pr-4 break-all">{row.email}</td>
              {withPhone ? <td className="py-2 pr-4 whitespace-nowrap">{row.phone}</td> : null}
              <td className="py-2 whitespace-nowrap">
                <time dateTime={row.whenIso}>{row.whenLabel}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
