import { Link } from "@remix-run/react";
import { ARTICLE_CONTENT_CLASS } from "~/components/article-content";
import { useFrameDisclaimer } from "~/utils/use-frame-disclaimer";

// The full disclaimer near the end of a course page or a blog post: where a
// reader decides to learn (or act on what they read), it says that this is
// education, not advice. The HTML is the settings' Markdown, sanitised on the server.

export function DisclaimerNote() {
  const disclaimer = useFrameDisclaimer();
  if (!disclaimer) return null;
  return (
    <section aria-labelledby="disclaimer-note-heading" className="rounded-xl border border-slate-300 bg-white p-5 text-sm text-slate-700">
      <h2 id="disclaimer-note-heading" className="text-base font-semibold text-navy-900">
        Disclaimer
      </h2>
      <div className={`mt-2 ${ARTICLE_CONTENT_CLASS}`} dangerouslySetInnerHTML={{ __html: disclaimer.html }} />
      <p className="mt-2">
        <Link to="/disclaimer" className="inline-flex min-h-11 items-center font-medium text-teal-700 underline">
          Read the full disclaimer
        </Link>
      </p>
    </section>
  );
}
