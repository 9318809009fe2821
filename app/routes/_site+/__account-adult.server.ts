import { parseWithZod } from "@conform-to/zod";
import { confirmAdult } from "~/models/user.server";
import { ConfirmAdultSchema } from "~/schemas/account";
import { ADULT_REQUIRED_MESSAGE } from "~/schemas/consent";
import { redirectWithToast } from "~/utils/toast.server";

/** The account holder's own "I am 18 or older", for an account made through a sign-in provider. */
export function confirmAdultAccount(userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ConfirmAdultSchema });
  if (submission.status !== "success") {
    return redirectWithToast("/account", { type: "destructive", title: "Not confirmed", description: ADULT_REQUIRED_MESSAGE });
  }
  confirmAdult(userId);
  return redirectWithToast("/account", { title: "Thank you", description: "You confirmed you are 18 or older." });
}
