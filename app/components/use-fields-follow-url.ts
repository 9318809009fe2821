import { useEffect, useRef } from "react";

/**
 * For a GET filter form whose fields are uncontrolled (so they work without
 * JavaScript): when the URL's filters change (back/forward, a link, Clear
 * filters), the fields follow without being remounted, so focus stays put.
 * Returns the ref to put on the form.
 */
export function useFieldsFollowUrl(filters: Record<string, string>) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(filters)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.value !== value) field.value = value;
    }
  }, [filters]);
  return formRef;
}
