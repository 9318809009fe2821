import type { Env } from "./env.server";

const GOOGLE_ANALYTICS = ["https://www.googletagmanager.com", "https://*.google-analytics.com"];

/**
 * The policy allows exactly what the pages use: our own files, the per-request
 * nonce for Remix's inline scripts, the video players the visitor asks for,
 * and Google Analytics only when it is configured.
 */
export function contentSecurityPolicy(nonce: string, env: Pick<Env, "GA_TRACKING_ID">): string {
  const analytics = env.GA_TRACKING_ID ? GOOGLE_ANALYTICS : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...analytics],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...analytics],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...analytics],
    "frame-src": ["https://www.youtube-nocookie.com", "https://drive.google.com"],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function securityHeaders(
  nonce: string,
  env: Pick<Env, "GA_TRACKING_ID" | "NODE_ENV">,
): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce, env),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(env.NODE_ENV === "production"
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}
