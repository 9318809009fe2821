import type { MetaDescriptor } from "@remix-run/node";
import { DEFAULT_INSTITUTE, type Institute } from "~/utils/institute";

type MetaMatch = { id: string; data: unknown };

function originFrom(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match.id === "root")?.data;
  if (root && typeof root === "object" && "origin" in root && typeof root.origin === "string") return root.origin;
  return "";
}

/** The institute as the root loader read it from the settings (the defaults on a page whose root failed). */
export function instituteFrom(matches: readonly MetaMatch[]): Institute {
  const root = matches.find((match) => match.id === "root")?.data;
  if (root && typeof root === "object" && "institute" in root && root.institute) return root.institute as Institute;
  return DEFAULT_INSTITUTE;
}

/** The institute's state, as the root loader named it (its table of state names stays on the server). */
export function instituteRegionFrom(matches: readonly MetaMatch[]): string | undefined {
  const root = matches.find((match) => match.id === "root")?.data;
  if (!root || typeof root !== "object" || !("instituteAddress" in root)) return undefined;
  const address = root.instituteAddress;
  return address && typeof address === "object" && "region" in address && typeof address.region === "string" ? address.region : undefined;
}

/** The size Open Graph cards are drawn at (the size Facebook, LinkedIn and X show large). */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;
export const SOCIAL_CARD_KINDS = ["course", "event", "blog"] as const;
export type SocialCardKind = (typeof SOCIAL_CARD_KINDS)[number];

/** The Open Graph card of a course, event (by id) or blog post (by slug): "/og/course/3.png". */
export function socialCardPath(kind: SocialCardKind, key: number | string): string {
  return `/og/${kind}/${encodeURIComponent(String(key))}.png`;
}

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/courses"; query strings are left out on purpose. */
  path: string;
  image?: string | null;
  /** The page's Open Graph card (socialCardPath), drawn 1200×630; preferred over `image`. */
  socialCard?: string;
  type?: "website" | "article";
  noindex?: boolean;
};

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(matches: readonly MetaMatch[], page: PageMetaInput): MetaDescriptor[] {
  const origin = originFrom(matches);
  const url = `${origin}${page.path}`;
  const siteName = instituteFrom(matches).name;
  const title = page.path === "/" ? page.title : `${page.title} | ${siteName}`;
  const image = `${origin}${page.socialCard ?? page.image ?? "/images/brand/logo.svg"}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(page.socialCard
      ? [
          { property: "og:image:width", content: String(SOCIAL_CARD_SIZE.width) },
          { property: "og:image:height", content: String(SOCIAL_CARD_SIZE.height) },
          { name: "twitter:image", content: image },
        ]
      : []),
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** A JSON-LD block as a meta descriptor, so it lands in <head>. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": { "@context": "https://schema.org", ...data } };
}
