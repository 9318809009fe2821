import type { ReactNode } from "react";

/** A white card with its own heading, as the student's account pages lay them out. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={id} className="mb-4 text-xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
