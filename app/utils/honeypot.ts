// A hidden field people never see and simple bots fill in. No timestamp field:
// pages are cached for a few seconds, and a stale timestamp must not matter.

/** The hidden field's name (the one remix-utils used, so older forms still count). */
export const HONEYPOT_FIELD = "name__confirm";

/**
 * True when the form came from a bot: the hidden field was filled in. A post
 * without the field (a script, an older page) is judged like any other.
 */
export function isSpam(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return value !== null && value !== "";
}
