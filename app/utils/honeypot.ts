// A hidden field people never see and simple bots fill in. No timestamp field:
// pages are cached for a few seconds, and a stale timestamp must not matter.

/** The hidden field's name (the one remix-utils used, so older forms still count). */
export const HONEYPOT_FIELD = "name__confirm";

/**
 * True when the form came from a bot: the field was filled in, or is missing (the
 * form was not posted from our page). The caller then pretends all went well.
 */
export function isSpam(formData: FormData): boolean {
  return formData.get(HONEYPOT_FIELD) !== "";
}
