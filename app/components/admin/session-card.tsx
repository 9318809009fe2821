import type { ReactNode } from "react";

// A batch's live session as the admin's lists show it (the timetable, a
// batch's teaching page): its title, marked when cancelled, and its time in
// IST, length, place and mentor; beside it, what may be done with it.

/** "Cancelled", beside the name of a batch or a session that was called off. */
export function CancelledMark({ size = "sm" }: { size?: "sm" | "base" }) {
  return <span className={`ml-2 font-medium text-red-800 ${size === "sm" ? "text-sm" : "text-base"}`}>Cancelled</span>;
}

export type SessionCardSession = {
  title: string;
  cancelled: boolean;
  iso: string;
  when: string;
  minutes: number;
  /** Where it meets, when the list says so. */
  place?: string;
  mentor: string | null;
};

export function SessionCard({
  session,
  heading: Heading,
  details,
  actions,
}: {
  session: SessionCardSession;
  heading: "h2" | "h3";
  /** A line more under the time (the attendance's counts). */
  details?: ReactNode;
  /** Its links; none for a cancelled session. */
  actions?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <Heading className="font-semibold text-navy-900">
          {session.title}
          {session.cancelled ? <CancelledMark /> : null}
        </Heading>
        <p className="text-sm text-slate-700">
          <time dateTime={session.iso}>{session.when}</time> · {session.minutes} min
          {session.place ? ` · ${session.place}` : ""}
          {session.mentor ? ` · ${session.mentor}` : ""}
        </p>
        {session.cancelled ? null : details}
      </div>
      {session.cancelled ? null : actions}
    </li>
  );
}
