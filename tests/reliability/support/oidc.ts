import { startProcess } from "./processes";

// The OpenID provider of the browser tests (tests/fixtures/oidc-provider.ts) as
// a child process, for files that need OAuth sign-in turned on.

export type OidcProvider = { issuer: string; stop(): Promise<void> };

export async function startOidcProvider(options: {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<OidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = await startProcess({
    label: "The OpenID provider",
    args: ["tests/fixtures/oidc-provider.ts"],
    env: {
      OIDC_PORT: String(options.port),
      OIDC_CLIENT_ID: options.clientId,
      OIDC_CLIENT_SECRET: options.clientSecret,
      OIDC_REDIRECT_URIS: options.redirectUri,
    },
    readyUrl: `${issuer}/.well-known/openid-configuration`,
    timeoutMs: 60_000,
  });
  return { issuer, stop: provider.stop };
}

/**
 * Cookies as a browser keeps them, per host (cookies ignore ports, and the site
 * on localhost and the provider on 127.0.0.1 are two hosts). Paths are not
 * honoured: every cookie of a host goes with every request to it.
 */
export class CookieJar {
  private readonly hosts = new Map<string, Map<string, string>>();

  store(url: string, response: Response) {
    const host = new URL(url).hostname;
    const cookies = this.hosts.get(host) ?? new Map<string, string>();
    this.hosts.set(host, cookies);
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0/i.test(header) || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  header(url: string): string {
    return [...(this.hosts.get(new URL(url).hostname) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  names(url: string): string[] {
    return [...(this.hosts.get(new URL(url).hostname)?.keys() ?? [])];
  }
}

/** One request as a browser would send it (the jar's cookies, redirects left to the caller). */
export async function browse(jar: CookieJar, url: string, form?: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { Cookie: jar.header(url), Accept: "text/html" };
  if (form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers.Origin = new URL(url).origin;
    headers["Sec-Fetch-Site"] = "same-origin";
  }
  const response = await fetch(url, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers,
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  jar.store(url, response);
  return response;
}

/**
 * From a site answer that sends the browser to the provider, through the
 * provider's development login ("any login, any password") and consent
 * pages, to the site's callback. Returns the callback's own answer, not followed.
 */
export async function signInAtProvider(jar: CookieJar, issuer: string, startedWith: Response, login: string): Promise<Response> {
  let response = startedWith;
  let url = "";
  for (let step = 0; step < 12; step++) {
    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url || issuer).href;
      const answer = await browse(jar, url);
      if (!url.startsWith(issuer)) return answer;
      response = answer;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200 || !url.includes("/interaction/"))
      throw new Error(`The provider answered ${response.status} at ${url}: ${page.slice(0, 300)}`);
    const submit = new URL(url).pathname.replace(/\/$/, "");
    response = page.includes('name="prompt" value="login"')
      ? await browse(jar, `${issuer}${submit}`, { prompt: "login", login, password: "any password" })
      : await browse(jar, `${issuer}${submit}`, { prompt: "consent" });
  }
  throw new Error("The provider did not send the browser back to the site.");
}
