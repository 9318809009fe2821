import { Form, useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { buttonClass } from "~/components/ui/button";
import type { loader as rootLoader } from "~/root";

const ACTION = "/newsletter";

/**
 * The 'Stay Updated' email box. It posts to /newsletter, which comes back to
 * this page with a toast; after a subscription the box is emptied.
 */
export function NewsletterForm({ inputId }: { inputId: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const toast = useRouteLoaderData<typeof rootLoader>("root")?.toast;
  const subscribing = navigation.state !== "idle" && navigation.formAction === ACTION;
  const formRef = useRef<HTMLFormElement>(null);
  const wasSubscribing = useRef(false);

  useEffect(() => {
    if (subscribing) {
      wasSubscribing.current = true;
      return;
    }
    if (!wasSubscribing.current) return;
    wasSubscribing.current = false;
    // A refusal keeps what was typed, to be corrected.
    if (toast?.type !== "destructive") formRef.current?.reset();
  }, [subscribing, toast]);

  return (
    <Form ref={formRef} method="post" action={ACTION} className="mt-4 space-y-3">
      <HoneypotField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={inputId} className="block text-sm font-medium">
        Email address
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        className="block min-h-11 w-full rounded-lg border border-white/40 bg-white px-3 text-navy-900"
      />
      <button type="submit" disabled={subscribing} className={buttonClass("primary", "w-full")}>
        {subscribing ? "Subscribing..." : "Subscribe"}
      </button>
    </Form>
  );
}
