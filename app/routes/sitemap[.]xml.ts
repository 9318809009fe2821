import { LEGAL_PAGES } from "~/content/legal-pages";
import { blogPostDate, listPublishedPosts } from "~/models/content/blog.server";
import { listActiveCourseIds } from "~/models/courses/course.server";
import { publicOrigin } from "~/utils/env.server";

const STATIC_PATHS = ["/", "/about", "/courses", "/events", "/study-materials", "/blog", "/gallery", "/testimonials", "/contact", "/chat"];

type Entry = { path: string; lastModified?: Date };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** GET /sitemap.xml: public pages, every active course and every published post. */
export async function loader() {
  const origin = publicOrigin();
  const entries: Entry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...LEGAL_PAGES.map((page) => ({ path: page.path })),
    ...listActiveCourseIds().map((course) => ({ path: `/courses/${course.id}`, lastModified: course.updatedAt })),
    ...listPublishedPosts().map((post) => ({
      path: `/blog/${encodeURIComponent(post.slug)}`,
      lastModified: blogPostDate(post),
    })),
  ];
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
