// Requests as a browser's form or a JSON client sends them; redirects are
// answers to check, never followed.

type Fields = Record<string, string>;

/** `clientAddress` names the client in X-Forwarded-For (believed by servers started with TRUST_PROXY=loopback). */
export function postForm(url: string, fields: Fields, cookie?: string, clientAddress?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      ...(cookie ? { Cookie: cookie } : {}),
      ...(clientAddress ? { "X-Forwarded-For": clientAddress } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A browser's same-origin form post posing as the client at `clientAddress` (the servers trust X-Forwarded-For from loopback). */
export function postFormAsClient(siteUrl: string, path: string, fields: Fields, clientAddress: string, cookie?: string): Promise<Response> {
  return fetch(`${siteUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      Origin: siteUrl,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": clientAddress,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The n-th of many client addresses under a two-part prefix ("10.152"), so per-address throttles never join in. */
export const nthClientAddress = (prefix: string, n: number) => `${prefix}.${Math.floor(n / 250) % 250}.${n % 250}`;

/** `clientAddress` as for postForm. */
export function postJson(url: string, body: unknown, cookie?: string, clientAddress?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(cookie ? { Cookie: cookie } : {}),
      ...(clientAddress ? { "X-Forwarded-For": clientAddress } : {}),
    },
    body: JSON.stringify(body),
  });
}

export function get(url: string, cookie?: string): Promise<Response> {
  return fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** The p-th percentile (0–100) of durations in ms. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** The words a visitor sees: React's escapes undone, scripts (the hydration data repeats messages) left out. */
export async function visibleText(response: Response): Promise<string> {
  return (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}
