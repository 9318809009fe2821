import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

// Blog posts and lesson texts are written by staff but shown to every reader:
// keep formatting, drop scripts, event handlers, styles and any non-http(s)/mailto URL.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "code",
    "pre",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
    "figure",
    "figcaption",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading"],
    "*": ["id"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
    img: sanitizeHtml.simpleTransform("img", { loading: "lazy" }),
  },
};

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** Plain text with line breaks turned into <br>, for content that holds no tags. */
export function plainTextToHtml(text: string): string {
  const escaped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
  return escaped.replace(/\r?\n/g, "<br>");
}

/** Plain text's line breaks become breaks; HTML content keeps its own markup. */
export function renderBlogContent(content: string): string {
  const looksLikeHtml = /<\/?[a-z][\s\S]*?>/i.test(content);
  return looksLikeHtml ? sanitizeBlogHtml(content) : plainTextToHtml(content);
}

/** A lesson's Markdown as HTML, through the same sanitiser as blog posts (Markdown lets raw HTML through). */
export function renderMarkdown(markdown: string): string {
  return sanitizeBlogHtml(marked.parse(markdown, { async: false, gfm: true }));
}
