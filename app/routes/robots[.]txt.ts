import { publicOrigin } from "~/utils/env.server";

/** GET /robots.txt: everything but the admin area and the JSON API, plus the sitemap. */
export async function loader() {
  const body = `User-agent: *
Allow: /
Disallow: /admin
Disallow: /api/

Sitemap: ${publicOrigin()}/sitemap.xml
`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
