import { z } from "zod";

// A person's name is printed on certificates, receipts and invoices, and shown
// on the public certificate check page. A bidi control (an override, an
// embedding, an isolate or a direction mark) makes the name read in another
// order than it was typed, so "Asha" can print as a different name; control
// characters break lines and layouts. Zero-width joiner and non-joiner
// (U+200D, U+200C) are not refused: Malayalam, Hindi and other Indian scripts
// spell names with them (a chillu, a half form).

/** Unicode's bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and the C0 and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const HIDDEN_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const hiddenControlsMessage = (label: string) =>
  `${label} cannot contain hidden control characters (such as ones that reverse the text's direction). Please type it again.`;

export const hasHiddenControls = (value: string) => value.search(HIDDEN_CONTROLS) >= 0;

/** The rule every field that names a person adds to its own; blank and missing values are left to the field. */
export function personName<T extends z.ZodTypeAny>(field: T, label = "Name"): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return z.effect(field, {
    type: "refinement",
    refinement: (value: z.output<T>, context) => {
      if (typeof value === "string" && hasHiddenControls(value))
        context.addIssue({ code: "custom", message: hiddenControlsMessage(label) });
    },
  });
}

/** A name from elsewhere (a sign-in provider's profile), which cannot be sent back to be typed again, without them. */
export const withoutHiddenControls = (value: string) => value.replace(HIDDEN_CONTROLS, "");
