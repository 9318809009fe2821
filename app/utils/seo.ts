import type { MetaDescriptor } from "@remix-run/node";
import { SITE_NAME } from "~/content/site";

type MetaMatch = { id: string; data: unknown };

function originFrom(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match.id === "root")?.data;
  if (root && typeof root === "object" && "origin" in root && typeof root.origin === "string") return root.origin;
  return "";
}

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/courses"; query strings are left out on purpose. */
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
};

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(matches: readonly MetaMatch[], page: PageMetaInput): MetaDescriptor[] {
  const origin = originFrom(matches);
  const url = `${origin}${page.path}`;
  const title = page.path === "/" ? page.title : `${page.title} | ${SITE_NAME}`;
  const image = `${origin}${page.image ?? "/images/brand/logo.svg"}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** A JSON-LD block as a meta descriptor, so it lands in <head>. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": { "@context": "https://schema.org", ...data } };
}
