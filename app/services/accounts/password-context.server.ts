import { readSettings } from "~/models/site/site-settings.server";
import type { PasswordContext } from "~/services/accounts/passwords.server";

/**
 * What a new password is checked against at every door (sign-up, reset,
 * change, an admin's creation): the person's own details and the
 * institute's name as the site shows it today.
 */
export function passwordContext(person: Omit<PasswordContext, "siteName">): PasswordContext {
  return { ...person, siteName: readSettings("institute").name };
}
