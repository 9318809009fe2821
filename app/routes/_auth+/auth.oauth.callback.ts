import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { IdentityLink } from "~/models/accounts/user-identity.server";
import { finishOAuth, oauthProviderName } from "~/services/accounts/student-sign-in.server";
import { getUserId, signIn } from "~/services/accounts/sessions/student-session.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";

/**
 * GET /auth/oauth/callback: the provider sends the student back here with a
 * code and the state.
 * - Signing in: success signs in and returns to where they were going. A
 *   provider account that may not sign in (its email is not proven on both
 *   sides) goes back to the sign-in page, which says to sign in with the
 *   password and connect the provider from the account page.
 * - Connecting from /account: back there with a toast saying what happened.
 * Anything else (a wrong state, a refused consent, a provider error) shows
 * "Sign-in failed". The OAuth cookies are cleared either way.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const outcome = await finishOAuth(request, await getUserId(request), context.clientAddress ?? "unknown");
  const init = { headers: outcome.headers };
  const provider = oauthProviderName() ?? "the provider";
  switch (outcome.kind) {
    case "signed-in":
      return signIn(request, outcome.userId, outcome.redirectTo, init);
    case "sign-in-refused":
      return redirect(signInPage(outcome.redirectTo, outcome.reason), init);
    case "link":
      return redirectWithToast(outcome.redirectTo, linkToast(outcome.result, provider), init);
    case "failed":
      console.warn(`OAuth ${outcome.linking ? "linking" : "sign-in"} failed:`, outcome.reason);
      if (outcome.linking)
        return redirectWithToast(
          outcome.redirectTo,
          { type: "destructive", title: "Not connected", description: `We could not connect ${provider}. Please try again.` },
          init,
        );
      return redirectWithToast(
        signInPage(outcome.redirectTo),
        {
          type: "destructive",
          title: "Sign-in failed",
          description: outcome.notice ?? `We could not sign you in with ${provider}. Please try again.`,
        },
        init,
      );
  }
}

/** /login, carrying where the student was going and why the provider did not sign them in. */
function signInPage(redirectTo: string, notice?: string): string {
  const params = new URLSearchParams();
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  if (notice) params.set("notice", notice);
  const search = params.toString();
  return search ? `/login?${search}` : "/login";
}

function linkToast(result: IdentityLink, provider: string): Toast {
  switch (result) {
    case "linked":
      return { title: `${provider} connected`, description: `You can now sign in with ${provider}.` };
    case "already-linked":
      return { title: `${provider} already connected`, description: `This ${provider} account already signs in to your account.` };
    case "linked-elsewhere":
      return {
        type: "destructive",
        title: "Not connected",
        description: `That ${provider} account is already connected to another account here. Sign in with ${provider} to use that account.`,
      };
  }
}
