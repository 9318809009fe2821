import type { BrowserContext, Page } from "@playwright/test";

// What a stored-XSS payload would leave behind in a page: a marker it set when
// it ran, a dialog, a CSP report for a blocked inline script or handler, or
// (even when the CSP stopped it) an element or attribute it injected.

/** Each payload sets window.__xss when it runs; the numbers tell which one. */
export const TEXT_PAYLOADS = [
  "XSS1<script>window.__xss=1</script>",
  'XSS2<img src=x onerror="window.__xss=2">',
  'XSS3"><svg onload="window.__xss=3">',
  "XSS4</script><script>window.__xss=4</script>",
  "XSS5${window.__xss=5}{{constructor.constructor('window.__xss=5')()}}",
] as const;

/** Rich HTML for the blog's content field: the sanitiser must leave none of the active parts. */
export const HOSTILE_HTML = [
  "<p>XSS-rich text stays</p>",
  "<script>window.__xss=6</script>",
  '<img src="x" onerror="window.__xss=7">',
  '<a href="javascript:window.__xss=8">link</a>',
  '<a href=" JaVaScRiPt:window.__xss=8">link2</a>',
  '<iframe srcdoc="<script>parent.__xss=9</script>"></iframe>',
  '<svg><animate onbegin="window.__xss=10" attributeName="x"/></svg>',
  '<form action="javascript:window.__xss=11"><button formaction="javascript:window.__xss=11">go</button></form>',
  '<object data="data:text/html,<script>window.__xss=12</script>"></object>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=13">',
  '<p style="background:url(javascript:window.__xss=14)">styled</p>',
].join("");

/** Link fields (images, videos, registration pages, social profiles) must refuse these. */
export const HOSTILE_LINKS = [
  "javascript:window.__xss=20",
  " JaVaScRiPt:window.__xss=21",
  "java\tscript:window.__xss=22",
  "data:text/html,<script>window.__xss=23</script>",
  "vbscript:msgbox(24)",
] as const;

/** Spreadsheet formulas a visitor could type into a name or a city. */
export const FORMULA_PAYLOADS = [
  '=HYPERLINK("http://evil.example","XSSF1")',
  "+SUM(1,1)XSSF2",
  "-SUM(1,1)XSSF3",
  "@SUM(1,1)XSSF4",
] as const;

export type PageFindings = { marker: unknown; dialogs: string[]; violations: string[]; injected: string[]; text: string; values: string[] };

/** Records CSP violations from the first script on; call once per context. */
export async function watchForScripts(context: BrowserContext) {
  await context.addInitScript(() => {
    const store = window as unknown as { __cspViolations: string[] };
    store.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      store.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
}

/** Loads `url` with JavaScript on and reports what a payload would have left. */
export async function probePage(page: Page, url: string, act?: (page: Page) => Promise<void>): Promise<PageFindings> {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status()}`);
    // Hydration, effects and lazy images get their chance to run a payload.
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
    if (act) await act(page);
    const findings = await page.evaluate(() => {
      const injected: string[] = [];
      const linkAttributes = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background"]);
      for (const element of Array.from(document.querySelectorAll("*"))) {
        const tag = element.tagName.toLowerCase();
        for (const attribute of Array.from(element.attributes)) {
          const name = attribute.name.toLowerCase();
          // eslint-disable-next-line no-control-regex -- browsers ignore control characters in a URL, so the probe drops them too
          const value = attribute.value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
          if (name.startsWith("on")) injected.push(`<${tag} ${name}="${attribute.value}">`);
          if (name === "srcdoc") injected.push(`<${tag} srcdoc>`);
          if (linkAttributes.has(name) && /^(javascript|vbscript|data:text\/html)/.test(value))
            injected.push(`<${tag} ${name}="${attribute.value}">`);
          if (name === "style" && value.includes("javascript:")) injected.push(`<${tag} style="${attribute.value}">`);
        }
        if (tag === "meta" && element.getAttribute("http-equiv")?.toLowerCase() === "refresh") injected.push("<meta http-equiv=refresh>");
        if (tag === "base") injected.push(`<base href="${element.getAttribute("href")}">`);
        if (tag === "script") {
          const text = element.textContent ?? "";
          const type = element.getAttribute("type") ?? "";
          if (/^\s*(window|parent)\.__xss/.test(text)) injected.push(`<script>${text}</script>`);
          if (type === "application/ld+json") {
            try {
              JSON.parse(text);
            } catch {
              injected.push(`JSON-LD that no longer parses: ${text.slice(0, 120)}`);
            }
          }
        }
      }
      // Text as a reader sees it: every text node outside scripts and styles.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let text = "";
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest("script, style, template, noscript")) text += node.textContent ?? "";
      }
      text += ` ${document.title}`;
      const values = Array.from(document.querySelectorAll("input, textarea")).map((field) => (field as HTMLInputElement).value);
      const store = window as unknown as { __xss?: unknown; __cspViolations?: string[] };
      return { marker: store.__xss, violations: store.__cspViolations ?? [], injected, text, values };
    });
    return { ...findings, dialogs };
  } finally {
    page.off("dialog", onDialog);
  }
}
