import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";

export const inputClass =
  "block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-slate-900 aria-[invalid=true]:border-red-700";

type FieldFrameProps = {
  id: string;
  errorId: string;
  label: string;
  errors?: string[];
  required?: boolean;
  wide?: boolean;
  /** Guidance under the control, read out with it (its id is the field's descriptionId). */
  hint?: { id: string; text: ReactNode };
  children: ReactNode;
};

/** Label, control and a line reserved for the error, so nothing shifts when one appears. */
function FieldFrame({ id, errorId, label, errors, required, wide, hint, children }: FieldFrameProps) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={hint.id} className="pt-1 text-sm text-slate-600">
          {hint.text}
        </p>
      ) : null}
      <p id={errorId} className="min-h-6 pt-1 text-sm text-red-700">
        {errors?.[0]}
      </p>
    </div>
  );
}

/**
 * `required={false}` drops the browser's check that the schema would ask for:
 * fields a form offers only optionally (inside a closed disclosure, say) must
 * not stop a post without JavaScript; the server's schema still decides.
 */
const optionalOverride = (required: boolean | undefined) => (required === false ? { required: false } : {});

type FieldProps<T> = {
  field: FieldMetadata<T, Record<string, unknown>, string[]>;
  label: string;
  required?: boolean;
  wide?: boolean;
};

type InputType = "text" | "email" | "tel" | "password" | "number" | "date" | "time";

/** The input types HTML lets carry a length or a pattern, and those that take a range. */
const LENGTH_TYPES = new Set<InputType>(["text", "email", "tel", "password"]);
const RANGE_TYPES = new Set<InputType>(["number", "date", "time"]);

/**
 * Conform reads every constraint off the schema (a price's min and max, a date's
 * length and pattern); HTML allows each only on some input types, so a constraint
 * the type cannot carry is left off (the server's schema checks it all the same).
 */
function constraintsFor(type: InputType, props: ReturnType<typeof getInputProps>) {
  const { min, max, step, minLength, maxLength, pattern, ...rest } = props;
  return {
    ...rest,
    ...(RANGE_TYPES.has(type) ? { min, max, step } : {}),
    ...(LENGTH_TYPES.has(type) ? { minLength, maxLength, pattern } : {}),
  };
}

export function TextField<T>({
  field,
  label,
  required,
  wide,
  hint,
  type = "text",
  ...rest
}: FieldProps<T> & { type?: InputType; hint?: ReactNode } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "required"
  >) {
  const described = hint ? { id: field.descriptionId, text: hint } : undefined;
  return (
    <FieldFrame id={field.id} errorId={field.errorId} label={label} errors={field.errors} required={required} wide={wide} hint={described}>
      <input
        {...constraintsFor(type, getInputProps(field, { type, ariaDescribedBy: described?.id }))}
        {...rest}
        {...optionalOverride(required)}
        aria-required={required || undefined}
        className={inputClass}
      />
    </FieldFrame>
  );
}

export function TextareaField<T>({ field, label, required, wide, rows = 5 }: FieldProps<T> & { rows?: number }) {
  return (
    <FieldFrame id={field.id} errorId={field.errorId} label={label} errors={field.errors} required={required} wide={wide}>
      <textarea {...getTextareaProps(field)} rows={rows} aria-required={required || undefined} className={`${inputClass} py-2`} />
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string };
export type SelectGroup = { label: string; options: SelectOption[] };

export function SelectField<T>({
  field,
  label,
  required,
  wide,
  placeholder,
  options,
}: FieldProps<T> & { placeholder: string; options: SelectOption[] | SelectGroup[] }) {
  return (
    <FieldFrame id={field.id} errorId={field.errorId} label={label} errors={field.errors} required={required} wide={wide}>
      <select {...getSelectProps(field)} {...optionalOverride(required)} aria-required={required || undefined} className={inputClass}>
        <option value="">{placeholder}</option>
        {options.map((option) =>
          "options" in option ? (
            <optgroup key={option.label} label={option.label}>
              {option.options.map((inner) => (
                <option key={inner.value} value={inner.value}>
                  {inner.label}
                </option>
              ))}
            </optgroup>
          ) : (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ),
        )}
      </select>
    </FieldFrame>
  );
}

/** A form-level message (what went wrong as a whole), announced when it appears. */
export function FormNotice({ title, children, id }: { title: string; children?: ReactNode; id?: string }) {
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-1 text-sm">{children}</p> : null}
    </div>
  );
}

/** A checkbox with its label beside it (Conform posts "on" when ticked, nothing when not). */
/**
 * A yes-or-no box. The schema's boolean is always "required" (true and false are both answers), but
 * HTML's `required` on a checkbox means "must be ticked": that is asked for only with `mustTick`.
 */
export function CheckboxField<T>({
  field,
  label,
  hint,
  mustTick = false,
}: {
  field: FieldMetadata<T, Record<string, unknown>, string[]>;
  label: string;
  hint?: string;
  mustTick?: boolean;
}) {
  return (
    <div className="sm:col-span-2">
      <label htmlFor={field.id} className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
        <input {...getInputProps(field, { type: "checkbox" })} required={mustTick} className="size-5 rounded border-slate-400" />
        {label}
      </label>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      <p id={field.errorId} className="min-h-6 pt-1 text-sm text-red-700">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** A file input; `hint` says what it takes (shown under the label and read with the input). */
export function FileField<T>({
  field,
  label,
  accept,
  hint,
}: {
  field: FieldMetadata<T, Record<string, unknown>, string[]>;
  label: string;
  accept: string;
  hint: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <p id={hintId} className="mb-1 text-sm text-slate-600">
        {hint}
      </p>
      <input
        {...getInputProps(field, { type: "file" })}
        accept={accept}
        aria-describedby={`${hintId} ${field.errorId}`}
        className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-navy-900 file:px-4 file:font-semibold file:text-white"
      />
      <p id={field.errorId} className="min-h-6 pt-1 text-sm text-red-700">
        {field.errors?.[0]}
      </p>
    </div>
  );
}
