import { useEffect, useState } from "react";
import { editorWarning, MARKET_PRICE_REMINDER } from "~/utils/claims";

// What every content editor (courses, lessons, blog posts, testimonials) tells
// its author: a standing reminder of SEBI's 30-day price rule, and a notice
// under the text as soon as a claim (app/utils/claims.ts), or crypto without
// ASCI's disclaimer, is typed. The
// notice needs JavaScript; without it the save's warning toast says the same.

export function MarketPriceReminder() {
  return <p className="mt-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-950 ring-1 ring-sky-200 sm:col-span-2">{MARKET_PRICE_REMINDER}</p>;
}

/** Watches the named fields of form `formId` as they are typed and names any claim phrase in them. */
export function LiveClaimNotice({ formId, names }: { formId: string; names: readonly string[] }) {
  const [warning, setWarning] = useState("");
  useEffect(() => {
    const check = (event: Event) => {
      const field = event.target;
      // Conform ties inputs to their form by the `form` attribute, so listen on the document.
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.form?.id !== formId) return;
      const values = new FormData(field.form);
      setWarning(editorWarning(names.map((name) => String(values.get(name) ?? ""))));
    };
    document.addEventListener("input", check);
    return () => document.removeEventListener("input", check);
  }, [formId, names]);
  return (
    <p role="status" className="text-sm font-semibold text-amber-900 sm:col-span-2">
      {warning}
    </p>
  );
}
