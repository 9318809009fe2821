import { z } from "zod";
import { emailField } from "./fields";
import { newPasswordField } from "./password";

/** "Forgot your password?": the address to send a reset link to. */
export const ForgotPasswordSchema = z.object({ email: emailField() });

/** The reset link's form: its token (hidden) and the new password, under the sign-up rules. */
export const ResetPasswordSchema = z.object({
  token: z.string({ required_error: "This link is not valid" }).max(200, "This link is not valid"),
  password: newPasswordField(),
});
