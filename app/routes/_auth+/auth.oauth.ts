import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { startOAuthSignIn } from "~/services/accounts/student-sign-in.server";
import { redirectWithToast } from "~/utils/toast.server";

/** POST (the sign-in page's button) or GET (a link) /auth/oauth: off to the provider. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const redirectTo = form?.get("redirectTo");
  return begin(request, typeof redirectTo === "string" ? redirectTo : "/");
}

export async function loader({ request }: LoaderFunctionArgs) {
  return begin(request, new URL(request.url).searchParams.get("redirectTo") ?? "/");
}

async function begin(request: Request, redirectTo: string) {
  try {
    return await startOAuthSignIn(request, redirectTo);
  } catch (error) {
    console.warn("OAuth sign-in could not start:", error);
    return redirectWithToast("/login", PROVIDER_UNAVAILABLE);
  }
}

const PROVIDER_UNAVAILABLE = {
  type: "destructive" as const,
  title: "Sign-in unavailable",
  description: "We could not reach the sign-in provider. Please try again or use your email and password.",
};
