import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventTypeLabel } from "../../db/enums";
import { findPublishedPost } from "~/models/content/blog.server";
import { findActiveCourse } from "~/models/courses/course.server";
import { findActiveEvent } from "~/models/events/event.server";
import { socialCardPng } from "~/services/images/social-cards.server";
import type { CoverText } from "~/services/images/cover-art.server";
import { formatShortDate } from "~/utils/dates";
import { SOCIAL_CARD_KINDS, type SocialCardKind } from "~/utils/seo";
import { readSettings } from "~/models/site/site-settings.server";

/**
 * GET /og/:kind/:key.png: the Open Graph card of a course (by id), an event
 * (by id) or a blog post (by slug), 1200×630, with its title. Only what the
 * public pages show has a card.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const kind = SOCIAL_CARD_KINDS.find((candidate) => candidate === params.kind);
  const key = /^(.{1,200})\.png$/.exec(params.file ?? "")?.[1];
  const text = kind && key ? cardText(kind, key) : null;
  if (!kind || !key || !text) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const card = await socialCardPng(kind, key, text);
  return new Response(new Uint8Array(card.body), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(card.body.byteLength),
      ETag: card.etag,
      // The same URL shows a renamed course's new title within the day.
      "Cache-Control": "public, max-age=86400",
    },
  });
}

function cardText(kind: SocialCardKind, key: string): CoverText | null {
  const footer = readSettings("institute").name;
  if (kind === "course") {
    const course = findActiveCourse(key);
    return course ? { eyebrow: `Course · ${course.level}`, title: course.title, footer } : null;
  }
  if (kind === "event") {
    const event = findActiveEvent(key);
    return event
      ? { eyebrow: `${eventTypeLabel(event.eventType) ?? "Event"} · ${formatShortDate(event.eventDate)}`, title: event.title, footer }
      : null;
  }
  const post = findPublishedPost(key);
  return post ? { eyebrow: `Blog · ${post.category}`, title: post.title, footer } : null;
}
