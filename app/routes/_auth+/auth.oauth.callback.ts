import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishOAuthSignIn, oauthProviderName } from "~/services/auth.server";
import { loginPath, signIn } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * GET /auth/oauth/callback: the provider sends the student back here with a
 * code and the state. Success signs in and returns to where they were going;
 * anything else (a wrong state, a refused consent, a provider error) goes back
 * to the sign-in page with a toast. The OAuth cookies are cleared either way.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const outcome = await finishOAuthSignIn(request, context.clientAddress ?? "unknown");
  if (outcome.ok) return signIn(request, outcome.userId, outcome.redirectTo, { headers: outcome.headers });
  console.warn("OAuth sign-in failed:", outcome.reason);
  return redirectWithToast(
    outcome.redirectTo === "/" ? "/login" : loginPath(outcome.redirectTo),
    {
      type: "destructive",
      title: "Sign-in failed",
      description: outcome.notice ?? `We could not sign you in with ${oauthProviderName() ?? "the provider"}. Please try again.`,
    },
    { headers: outcome.headers },
  );
}
