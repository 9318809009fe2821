import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormNotice } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";

/** The frame shared by the sign-in and sign-up pages. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-slate-100 px-4 py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
        <p className="mt-2 text-slate-600">{intro}</p>
        <div className="mt-6">{children}</div>
        <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
      </div>
    </div>
  );
}

type PageLink = { to: string; label: string };

/**
 * A page opened from a mailed link that cannot be used (expired, used, not valid…):
 * what happened, and one way on (a new link, the account, sign-in).
 */
export function RefusedLinkCard(props: {
  title: string;
  intro: string;
  refusal: { title: string; text: string };
  next: PageLink;
  back: PageLink;
}) {
  return (
    <AuthCard
      title={props.title}
      intro={props.intro}
      footer={
        <Link to={props.back.to} className="font-semibold text-teal-700 underline-offset-4 hover:underline">
          {props.back.label}
        </Link>
      }
    >
      <FormNotice title={props.refusal.title}>{props.refusal.text}</FormNotice>
      <Link to={props.next.to} className={buttonClass("primary", "mt-6 w-full")}>
        {props.next.label}
      </Link>
    </AuthCard>
  );
}

/**
 * "Continue with {provider}": a plain link to GET /auth/oauth, which redirects
 * to the provider. Not a form: the Content-Security-Policy's `form-action 'self'`
 * also covers a form's redirects, so a form post could never reach the provider.
 */
export function OAuthButton({ providerName, redirectTo }: { providerName: string; redirectTo: string }) {
  return (
    <>
      <a href={`/auth/oauth?${new URLSearchParams({ redirectTo })}`} rel="nofollow" className={buttonClass("outline", "w-full")}>
        Continue with {providerName}
      </a>
      <p className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or with email
        <span className="h-px flex-1 bg-slate-200" />
      </p>
    </>
  );
}

/** The message for the whole form (a refusal, a throttle) above an auth form's fields, where its error id points. */
export function AuthFormError({ form, className = "mb-4" }: { form: { errorId: string; errors?: string[] }; className?: string }) {
  const message = form.errors?.[0];
  return message ? (
    <div id={form.errorId} className={className}>
      <FormNotice title={message} />
    </div>
  ) : null;
}
