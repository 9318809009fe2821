import { DATA_RECIPIENTS, type DataRecipientId } from "~/content/data-recipients";
import { getEnv, oauthConfig, razorpayConfig, stripeConfig, type Env } from "~/utils/env.server";
import { llmConfigFrom } from "../chat/llm.server";

/**
 * The recipients this site is configured to send data to now: the same tests
 * the features themselves use to switch on, so the notice cannot claim a
 * provider is off while the code sends to it.
 */
export function activeDataRecipients(env: Env = getEnv()): DataRecipientId[] {
  const on: Record<DataRecipientId, boolean> = {
    stripe: stripeConfig(env) !== null,
    razorpay: razorpayConfig(env) !== null,
    mail: Boolean(env.SMTP_URL),
    analytics: Boolean(env.GA_TRACKING_ID),
    "sign-in": oauthConfig(env) !== null,
    "chat-model": llmConfigFrom(env) !== null,
  };
  return DATA_RECIPIENTS.filter((recipient) => on[recipient.id]).map((recipient) => recipient.id);
}
