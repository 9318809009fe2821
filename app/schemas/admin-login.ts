import { z } from "zod";
import { redirectToField } from "./fields";
import { PASSWORD_MAX_LENGTH } from "./password";
import { ADMIN_LOGIN_MESSAGES } from "~/content/messages/admin";

// The admin login form and
// POST /api/admin/login share these rules.

const required = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).min(1, message).max(max, `At most ${max} characters`);

export const AdminLoginSchema = z.object({
  adminId: required(ADMIN_LOGIN_MESSAGES.adminId, 100).refine((value) => value.trim() !== "", ADMIN_LOGIN_MESSAGES.adminId),
  password: required(ADMIN_LOGIN_MESSAGES.password, PASSWORD_MAX_LENGTH),
  redirectTo: redirectToField,
});

export type AdminLoginInput = z.infer<typeof AdminLoginSchema>;
