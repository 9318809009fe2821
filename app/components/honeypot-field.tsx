import { HONEYPOT_FIELD } from "~/utils/honeypot";

/** The hidden field of a public form: out of sight and out of the tab order, so only bots fill it in. */
export function HoneypotField() {
  return (
    <div id={`${HONEYPOT_FIELD}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Please leave this field blank</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
    </div>
  );
}
