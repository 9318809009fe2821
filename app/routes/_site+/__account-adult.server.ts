import { parseWithZod } from "@conform-to/zod";
import { confirmAdult } from "~/models/accounts/user.server";
import { ConfirmAdultSchema } from "~/schemas/account";
import { ADULT_REQUIRED_MESSAGE } from "~/schemas/consent";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The account holder's own "I am 18 or older", for an account made through a sign-in provider:
 * posted on /account, or on the checkout or event page that asked for it (`backTo`, a path on this site).
 */
export function confirmAdultAccount(userId: string, formData: FormData, backTo = "/account") {
  const submission = parseWithZod(formData, { schema: ConfirmAdultSchema });
  if (submission.status !== "success") {
    return redirectWithToast(backTo, { type: "destructive", title: "Not confirmed", description: ADULT_REQUIRED_MESSAGE });
  }
  confirmAdult(userId);
  return redirectWithToast(backTo, { title: "Thank you", description: "You confirmed you are 18 or older." });
}
