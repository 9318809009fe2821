import { Honeypot, SpamError } from "remix-utils/honeypot/server";

// A hidden field people never see and simple bots fill in. No timestamp field:
// pages are cached for a few seconds, and a stale timestamp must not matter.
const honeypot = new Honeypot({ validFromFieldName: null });

/** True when the form came from a bot; the caller then pretends all went well. */
export function isSpam(formData: FormData): boolean {
  try {
    honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
