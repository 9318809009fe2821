import type { FaqItem } from "~/content/faq";

/** Questions as <details>: each opens on its own, with or without JavaScript. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="mt-6 space-y-3">
      {items.map((item) => (
        <details key={item.id} className="group rounded-xl bg-white ring-1 ring-slate-200">
          <summary className="flex min-h-11 items-center justify-between gap-4 px-5 py-4 font-semibold text-navy-900">
            {item.question}
            <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="px-5 pb-5 text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
