import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishOAuthSignIn, oauthProviderName } from "~/services/auth.server";
import { signIn } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

/** GET /auth/oauth/callback: the provider sends the student back here with a code. */
export async function loader({ request }: LoaderFunctionArgs) {
  let outcome: Awaited<ReturnType<typeof finishOAuthSignIn>>;
  try {
    outcome = await finishOAuthSignIn(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("OAuth sign-in failed:", error);
    throw await redirectWithToast("/login", {
      type: "destructive",
      title: "Sign-in failed",
      description: `We could not sign you in with ${oauthProviderName() ?? "the provider"}. Please try again.`,
    });
  }
  return signIn(request, outcome.userId, outcome.redirectTo);
}
