import { getEnv } from "./env.server";

/** The public origin: SITE_URL when configured, else the request's own. */
export function siteOrigin(request: Request): string {
  return getEnv().SITE_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
}
