import { registrationStatement, type RegulatorySettings } from "~/schemas/legal-settings";
import { renderMarkdown } from "./blog-html.server";

// The disclaimer as pages show it. The admin's Markdown goes through the blog
// sanitiser (no script, no javascript: link reaches a reader), and the
// sentence about SEBI registration is always the one made from the number.

/** The disclaimer in full: the admin's Markdown, then the registration sentence. */
export function disclaimerHtml(regulatory: RegulatorySettings): string {
  return renderMarkdown(`${regulatory.disclaimer}\n\n${registrationStatement(regulatory)}`);
}

/** The first paragraph of admin Markdown as plain text (links keep their words), for a place that shows no markup. */
export function firstParagraphText(markdown: string): string {
  const firstParagraph = markdown.split(/\n\s*\n/)[0] ?? "";
  return firstParagraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>]/g, "")
    .trim();
}

/** The footer's short form: the disclaimer's first paragraph as plain text, and the registration sentence. */
export function disclaimerShortForm(regulatory: RegulatorySettings): { summary: string; registration: string } {
  return { summary: firstParagraphText(regulatory.disclaimer), registration: registrationStatement(regulatory) };
}
