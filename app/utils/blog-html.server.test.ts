import { describe, expect, test } from "vitest";
import { plainTextToHtml, renderBlogContent, renderMarkdown, sanitizeBlogHtml } from "./blog-html.server";

describe("sanitizeBlogHtml", () => {
  test("removes script tags and their content", () => {
    const html = sanitizeBlogHtml("<p>Hello</p><script>alert(1)</script><p>World</p>");
    expect(html).toBe("<p>Hello</p><p>World</p>");
    expect(html).not.toContain("alert");
  });

  test("removes on* event handlers", () => {
    const html = sanitizeBlogHtml(`<p onclick="steal()" onmouseover="x()">Text</p>`);
    expect(html).toBe("<p>Text</p>");
  });

  test("strips <img onerror> but keeps a safe image", () => {
    const html = sanitizeBlogHtml(`<img src="/images/blog/chart.svg" alt="Chart" onerror="alert(1)">`);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toContain("alert");
    expect(html).toContain(`src="/images/blog/chart.svg"`);
    expect(html).toContain(`alt="Chart"`);
  });

  test("removes javascript: and data: URLs", () => {
    const html = sanitizeBlogHtml(
      `<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(2)">b</a>` +
        `<a href="data:text/html;base64,PHNjcmlwdD4=">c</a><img src="data:image/svg+xml,<svg onload=alert(3)>">`,
    );
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/data:/i);
    expect(html).not.toContain("alert");
  });

  test("links get rel noopener", () => {
    const html = sanitizeBlogHtml(`<a href="https://example.com" target="_blank">Read</a>`);
    expect(html).toContain(`href="https://example.com"`);
    expect(html).toMatch(/rel="[^"]*\bnoopener\b[^"]*"/);
  });

  test("keeps ordinary formatting", () => {
    const html = "<h2>Title</h2><p><strong>Bold</strong> and <em>italic</em></p><ul><li>One</li></ul>";
    expect(sanitizeBlogHtml(html)).toBe(html);
  });

  test("drops inline styles", () => {
    expect(sanitizeBlogHtml(`<p style="position:fixed">x</p>`)).toBe("<p>x</p>");
  });
});

describe("plain text content", () => {
  test("newlines become <br>", () => {
    expect(plainTextToHtml("Line one\nLine two\r\nLine three")).toBe("Line one<br>Line two<br>Line three");
  });

  test("text that is not HTML is escaped, so < shows as text", () => {
    const html = renderBlogContent("Buy when RSI < 30 & sell when > 70\nAlways use a stop loss");
    expect(html).toBe("Buy when RSI &lt; 30 &amp; sell when &gt; 70<br>Always use a stop loss");
  });
});

describe("renderBlogContent", () => {
  test("sanitises HTML content and leaves its own markup", () => {
    expect(renderBlogContent("<p>One</p>\n<p>Two</p><script>x()</script>")).toBe("<p>One</p>\n<p>Two</p>");
  });

  test("plain text keeps its line breaks", () => {
    expect(renderBlogContent("First\n\nSecond")).toBe("First<br><br>Second");
  });
});

describe("lesson Markdown", () => {
  test("becomes headings, lists and emphasis; raw HTML inside it is sanitised like a blog post's", () => {
    const html = renderMarkdown(
      "## Risk\n\nRisk **1%** per trade:\n\n- plan\n- review\n\n<img src=x onerror=alert(1)><script>alert(2)</script>",
    );
    expect(html).toContain("<h2>Risk</h2>");
    expect(html).toContain("<strong>1%</strong>");
    expect(html).toContain("<ul>\n<li>plan</li>\n<li>review</li>\n</ul>");
    expect(html).not.toMatch(/onerror|<script|alert\(2\)/);
  });
});
