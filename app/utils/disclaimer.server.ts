import { registrationStatement, type RegulatorySettings } from "~/schemas/legal-settings";
import { fillInstituteMarkers, type Institute } from "~/utils/institute";
import { renderMarkdown } from "./blog-html.server";

// The disclaimer as pages show it. The admin's Markdown goes through the blog
// sanitiser (no script, no javascript: link reaches a reader), and the
// sentence about SEBI registration is always the one made from the number.
// The institute's name and email markers are filled as the settings stand now.

/** Admin or default legal Markdown with the institute's markers filled, as sanitised HTML. */
export function legalMarkdownHtml(markdown: string, institute: Institute): string {
  return renderMarkdown(fillInstituteMarkers(markdown, institute));
}

/** The disclaimer in full: the admin's Markdown, then the registration sentence. */
export function disclaimerHtml(regulatory: RegulatorySettings, institute: Institute): string {
  return legalMarkdownHtml(`${regulatory.disclaimer}\n\n${registrationStatement(regulatory, institute.name)}`, institute);
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
export function disclaimerShortForm(regulatory: RegulatorySettings, institute: Institute): { summary: string; registration: string } {
  return {
    summary: fillInstituteMarkers(firstParagraphText(regulatory.disclaimer), institute),
    registration: registrationStatement(regulatory, institute.name),
  };
}
