import type { ReactNode } from "react";
import { ARTICLE_CONTENT_CLASS } from "~/components/article-content";

// The frame of every legal page: one h1, the day its text last changed, then
// the text. `html` is Markdown the server has already sanitised.

export function LegalPage({ title, updated, html, children }: { title: string; updated: string; html?: string; children?: ReactNode }) {
  return (
    <article aria-labelledby="legal-page-title" className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 id="legal-page-title" className="text-3xl font-bold text-navy-900 sm:text-4xl">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{`Last updated: ${updated}`}</p>
      {html ? <div className={`mt-8 ${ARTICLE_CONTENT_CLASS}`} dangerouslySetInnerHTML={{ __html: html }} /> : null}
      {children}
    </article>
  );
}
