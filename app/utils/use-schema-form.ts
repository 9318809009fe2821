import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

type DefaultValueOf<Schema extends z.ZodTypeAny> = NonNullable<Parameters<typeof useForm<z.input<Schema>>>[0]>["defaultValue"];

/**
 * Conform bound to one zod schema, the way every form here behaves: the
 * browser checks a field when it is left and again as it is corrected, with
 * the same rules the server applies to the post.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValueOf<Schema> },
) {
  return useForm<z.input<Schema>>({
    ...options,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
