// The headers every response of a production server must carry (server.ts
// sets them before any route runs; routes that answer with a file narrow the
// policy further). Returns what is wrong, so a loop can collect it all.

export function securityHeaderProblems(label: string, response: Response, body: string): string[] {
  const problems: string[] = [];
  const header = (name: string) => response.headers.get(name) ?? "";
  const csp = header("content-security-policy");
  if (!/(^|;)\s*frame-ancestors 'none'/.test(csp)) problems.push(`${label}: CSP without frame-ancestors 'none' (${csp || "none"})`);
  if (header("x-content-type-options") !== "nosniff")
    problems.push(`${label}: X-Content-Type-Options is "${header("x-content-type-options")}"`);
  if (!header("referrer-policy")) problems.push(`${label}: no Referrer-Policy`);
  if (header("x-frame-options") !== "DENY") problems.push(`${label}: X-Frame-Options is "${header("x-frame-options")}"`);
  if (!/^max-age=\d{7,}/.test(header("strict-transport-security")))
    problems.push(`${label}: HSTS is "${header("strict-transport-security")}"`);

  const isRemixDocument = header("content-type").startsWith("text/html") && body.includes("window.__remixContext");
  if (isRemixDocument) {
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    if (!nonce) problems.push(`${label}: a document whose CSP has no nonce`);
    // Every inline script Remix writes must carry the request's nonce, or the policy blocks it.
    const scripts = [...body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
    // Data blocks (JSON-LD) are never run, so the policy does not apply to them.
    const inline = scripts.filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes));
    if (inline.length === 0) problems.push(`${label}: a document without Remix's inline scripts`);
    const withoutNonce = nonce ? inline.find((attributes) => !attributes.includes(`nonce="${nonce}"`)) : undefined;
    if (withoutNonce !== undefined) problems.push(`${label}: an inline script without the response's nonce: <script${withoutNonce}>`);
  }
  return problems;
}
