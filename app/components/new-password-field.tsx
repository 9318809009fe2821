import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, passwordLength } from "~/schemas/password";
import { TextField } from "./forms";

/**
 * A password being chosen: the passphrase hint is in the page itself; with
 * JavaScript a running count says when it is long enough. Whether it is too
 * common is the server's check (its dictionaries stay out of the browser).
 */
export function NewPasswordField<T>({
  field,
  label = "Password",
}: {
  field: FieldMetadata<T, Record<string, unknown>, string[]>;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [length, setLength] = useState(0);
  const enough = length >= PASSWORD_MIN_LENGTH;
  return (
    <TextField
      field={field}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      wide
      onInput={(event) => setLength(passwordLength(event.currentTarget.value))}
      hint={
        <>
          {PASSWORD_HINT}
          {hydrated ? (
            <span aria-live="polite" className={`block font-medium ${enough ? "text-teal-700" : "text-slate-700"}`}>
              {enough ? `${length} characters: long enough.` : `${length} of at least ${PASSWORD_MIN_LENGTH} characters.`}
            </span>
          ) : null}
        </>
      }
    />
  );
}
