import { useSubmit } from "@remix-run/react";

export type FilterOption = { value: string; label: string };

/**
 * A list filter inside a GET form: with JavaScript a change applies at once;
 * without it the form's Apply button does.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
}) {
  const submit = useSubmit();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
