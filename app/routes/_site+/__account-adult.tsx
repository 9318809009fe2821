import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ADULT_BOX_LABEL } from "~/schemas/consent";

const WHY_WE_ASK =
  "Please confirm your age. Our courses are for adults: under India's data protection law someone under 18 needs a parent's consent, which we cannot take yet.";

/**
 * An account made through a sign-in provider never answered sign-up's age
 * question: it is asked on /account, and wherever the account tries to pay or
 * register (`reason` then says why it was stopped). The form posts to the page
 * it is on, which records the answer and shows itself again.
 */
export function ConfirmAdultForm({ reason = WHY_WE_ASK }: { reason?: string }) {
  return (
    <Form method="post" className="mt-4 grid gap-3 rounded-lg bg-amber-50 p-4 text-amber-950">
      <p className="text-sm">{reason}</p>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input type="checkbox" name="adult" required className="size-5 rounded border-slate-400" />
        {ADULT_BOX_LABEL}
      </label>
      <button type="submit" name="intent" value="confirm-adult" className={buttonClass("outline", "justify-self-start")}>
        Confirm my age
      </button>
    </Form>
  );
}
