import { getCollectionProps, type FieldMetadata } from "@conform-to/react";

export type Choice = { value: string; label: string };

type CollectionInput = ReturnType<typeof getCollectionProps>[number];

/** One radio button or checkbox with its label. */
function ChoiceBox({ choice, input }: { choice: Choice; input: CollectionInput | undefined }) {
  const { key: _key, ...props } = input ?? {};
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
      <input {...props} className="size-5 shrink-0 rounded border-slate-400" />
      {choice.label}
    </label>
  );
}

/** A group of radio buttons or checkboxes under one legend, with the group's error under it. */
export function ChoiceList<T>({
  field,
  legend,
  type,
  choices,
  wide,
}: {
  field: FieldMetadata<T, Record<string, unknown>, string[]>;
  legend: string;
  type: "radio" | "checkbox";
  choices: Choice[];
  wide?: boolean;
}) {
  // An id that is no number is reported on its item ("courseIds[0]"): shown here with the group's own.
  const error = Object.values(field.allErrors).flat()[0];
  // With nothing left to choose, the group still says why a posted choice was refused.
  if (choices.length === 0 && !error) return null;
  const inputs = getCollectionProps(field, { type, options: choices.map((choice) => choice.value) });
  return (
    <fieldset className={wide ? "mb-3 sm:col-span-2" : undefined} aria-describedby={field.errorId}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div
        className={
          wide ? "grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-slate-300 p-2 sm:grid-cols-2" : "flex flex-wrap gap-x-6"
        }
      >
        {choices.map((choice, index) => (
          <ChoiceBox key={choice.value} choice={choice} input={inputs[index]} />
        ))}
      </div>
      <p id={field.errorId} className="min-h-6 pt-1 text-sm text-red-700">
        {error}
      </p>
    </fieldset>
  );
}

/** Choices from rows of an id and a label. */
export const choicesOf = (items: { id: number; title: string }[]): Choice[] =>
  items.map((item) => ({ value: String(item.id), label: item.title }));

/** Checkboxes of one field in labelled groups (a course's batches under its title), under one legend, with the field's error under it. */
export function GroupedChoiceList<T>({
  field,
  legend,
  groups,
}: {
  field: FieldMetadata<T, Record<string, unknown>, string[]>;
  legend: string;
  groups: { label: string; choices: Choice[] }[];
}) {
  const error = Object.values(field.allErrors).flat()[0];
  if (groups.length === 0 && !error) return null;
  const all = groups.flatMap((group) => group.choices);
  const inputs = getCollectionProps(field, { type: "checkbox", options: all.map((choice) => choice.value) });
  return (
    <fieldset className="mb-3 sm:col-span-2" aria-describedby={field.errorId}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid max-h-48 gap-2 overflow-y-auto rounded-lg border border-slate-300 p-2">
        {groups.map((group) => (
          <fieldset key={group.label}>
            <legend className="text-sm font-semibold text-navy-900">{group.label}</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {group.choices.map((choice) => (
                <ChoiceBox key={choice.value} choice={choice} input={inputs[all.indexOf(choice)]} />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <p id={field.errorId} className="min-h-6 pt-1 text-sm text-red-700">
        {error}
      </p>
    </fieldset>
  );
}
