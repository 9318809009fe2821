import { existsSync } from "node:fs";
import { findClaims } from "~/utils/claims";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_VALUES, COURSES_WHY_CHOOSE, MENTOR_SECTION, ourStory, TESTIMONIAL_FEATURES, WHY_CHOOSE_US } from "./about";
import { chatGreeting, CHAT_INPUT_PLACEHOLDER, CHAT_OFFERINGS, CHAT_QUICK_QUESTIONS } from "./chat";
import { CHAT_FAQ, CHECKOUT_NOTES, CONTACT_FAQ, REFUND_FAQ_ID, REFUND_POLICY_POINTER, withRefundAnswer } from "./faq";
import { DEFAULT_LEGAL_TEXTS } from "./legal-defaults";
import { EVENT_GALLERY_ITEMS, GALLERY_CATEGORIES, GALLERY_HIGHLIGHTS, LOCATION_GALLERIES, MASONRY_PHOTOS } from "./gallery";
import { FOOTER_QUICK_LINKS, MORE_LINKS, NAV_LINKS, PERKS, whatsappLink } from "./site";
import { STUDY_GUIDE } from "./study-guide";
import { DEFAULT_INSTITUTE } from "~/utils/institute";
import { driveEmbedUrl, embedUrl, FALLBACK_THUMBNAIL, SUCCESS_VIDEO_LOCATIONS, watchUrl } from "./videos";

const PUBLIC_DIR = join(process.cwd(), "public");

describe("content counts", () => {
  it("has the lists the spec counts", () => {
    expect(CONTACT_FAQ).toHaveLength(4);
    expect(CHAT_FAQ).toHaveLength(5);
    expect(STUDY_GUIDE.chapters).toHaveLength(8);
    expect(STUDY_GUIDE.pages).toBe("200+");
    expect(MASONRY_PHOTOS).toHaveLength(12);
    expect(EVENT_GALLERY_ITEMS).toHaveLength(9);
    expect(PERKS).toHaveLength(8);
  });

  it("has the seven location galleries with their photo counts", () => {
    expect(LOCATION_GALLERIES.map((g) => [g.name, g.photos.length])).toEqual([
      ["Mahabaleshwar", 4],
      ["Supreme Goa", 5],
      ["Supreme Jaipur", 5],
      ["Supreme Manali", 5],
      ["Traders Meet 1", 5],
      ["Traders Meet 2", 5],
      ["Traders Meet 3", 3],
    ]);
  });

  it("filters success stories by the four cities", () => {
    expect(SUCCESS_VIDEO_LOCATIONS).toEqual(["All", "Mumbai", "Delhi", "Pune", "Bangalore"]);
  });

  it("uses only known categories in the event gallery", () => {
    for (const item of EVENT_GALLERY_ITEMS) {
      expect(GALLERY_CATEGORIES).toContain(item.category);
      expect(item.category).not.toBe("All");
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(EVENT_GALLERY_ITEMS.map((i) => i.id)).size).toBe(9);
  });

  it("keeps the other lists within the briefed sizes", () => {
    expect(GALLERY_HIGHLIGHTS.length).toBeGreaterThanOrEqual(6);
    expect(GALLERY_HIGHLIGHTS.length).toBeLessThanOrEqual(8);
    expect(CORE_VALUES).toHaveLength(4);
    expect(TESTIMONIAL_FEATURES).toHaveLength(3);
    expect(ourStory("Nifty School")[0]).toMatch(/^Nifty School was founded in 2019/);
    // Figures about the institute come from the database and the admin's settings, never from content files.
    expect(MENTOR_SECTION.heading + MENTOR_SECTION.text).not.toMatch(/\d/);
    expect(WHY_CHOOSE_US.length).toBeGreaterThanOrEqual(5);
    expect(COURSES_WHY_CHOOSE.length).toBeGreaterThanOrEqual(3);
    expect(CHAT_OFFERINGS.length).toBeGreaterThanOrEqual(4);
    expect(CHAT_QUICK_QUESTIONS.length).toBeGreaterThanOrEqual(4);
  });
});

describe("exact spec texts", () => {
  it("matches the spec wording", () => {
    // The chat's availability line is the business hours' default (a setting, decision 0055).
    expect(DEFAULT_INSTITUTE.hours).toBe("Everyday 10 AM - 7:00 PM IST");
    expect(CHAT_INPUT_PLACEHOLDER).toBe("Ask about trading, courses, SMC...");
  });

  it("keeps no copy of the refund policy: the refund questions take the saved one", () => {
    const contactRefund = CONTACT_FAQ.find((f) => /refund/i.test(f.question));
    const chatRefund = CHAT_FAQ.find((f) => /refund/i.test(f.question));
    expect([contactRefund?.id, chatRefund?.id]).toEqual([REFUND_FAQ_ID, REFUND_FAQ_ID]);
    expect([contactRefund?.answer, chatRefund?.answer]).toEqual([REFUND_POLICY_POINTER, REFUND_POLICY_POINTER]);
    expect(CHECKOUT_NOTES.join(" ")).not.toMatch(/refund/i);
    expect(withRefundAnswer(CHAT_FAQ, "The saved policy.").find((f) => f.id === REFUND_FAQ_ID)?.answer).toBe("The saved policy.");
    const allText =
      [...CONTACT_FAQ, ...CHAT_FAQ].map((f) => f.answer).join(" ") + CHECKOUT_NOTES.join(" ") + DEFAULT_LEGAL_TEXTS.refundPolicy;
    expect(allText).not.toMatch(/money-back|30-day/i);
  });

  it("has unique FAQ ids", () => {
    expect(new Set(CONTACT_FAQ.map((f) => f.id)).size).toBe(CONTACT_FAQ.length);
    expect(new Set(CHAT_FAQ.map((f) => f.id)).size).toBe(CHAT_FAQ.length);
  });
});

describe("links", () => {
  it("builds WhatsApp, video and drive URLs", () => {
    expect(whatsappLink({ name: "A & B", whatsappNumber: "919800000001" }, "general", "Nifty")).toBe(
      "https://wa.me/919800000001?text=Hello%20A%20%26%20B!%20I%20would%20like%20to%20know%20more%20about%20your%20trading%20courses.%20(Nifty)",
    );
    expect(embedUrl("abc")).toBe("https://www.youtube-nocookie.com/embed/abc?autoplay=1");
    expect(driveEmbedUrl("1AbC")).toBe("https://drive.google.com/file/d/1AbC/preview");
    expect(watchUrl("dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });

  it("has the header and footer links", () => {
    expect(NAV_LINKS.map((l) => l.to)).toEqual(["/", "/about", "/courses", "/contact"]);
    expect(MORE_LINKS.map((l) => l.to)).toEqual(["/events", "/study-materials", "/blog", "/gallery", "/testimonials"]);
    expect(FOOTER_QUICK_LINKS.map((l) => l.to)).toEqual(["/about", "/courses", "/events", "/blog", "/testimonials", "/contact"]);
  });
});

describe("local images", () => {
  const paths = [
    ...MASONRY_PHOTOS.map((p) => p.src),
    ...LOCATION_GALLERIES.flatMap((g) => g.photos.map((p) => p.src)),
    ...EVENT_GALLERY_ITEMS.map((i) => i.image),
    FALLBACK_THUMBNAIL,
    "/images/brand/logo.svg",
    "/favicon.svg",
  ];

  it.each(paths)("%s exists under public/", (path) => {
    expect(path.startsWith("/")).toBe(true);
    expect(existsSync(join(PUBLIC_DIR, path))).toBe(true);
  });
});

describe("no content file claims performance (SEBI, 29 January 2025)", () => {
  /** Every string a module exports, however deep in its lists and objects. */
  const stringsOf = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(stringsOf)
        : typeof value === "object" && value !== null
          ? Object.values(value).flatMap(stringsOf)
          : [];

  it.each(["about", "chat", "faq", "gallery", "site", "study-guide", "videos"])("%s.ts", async (name) => {
    const texts = stringsOf(await import(`./${name}.ts`));
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.flatMap((text) => findClaims(text).map((claim) => `${claim.text} (${claim.why})`))).toEqual([]);
  });

  it("nor the texts made with the institute's name", () => {
    const texts = [...ourStory("Nifty School"), chatGreeting("Nifty School")];
    expect(texts.flatMap((text) => findClaims(text).map((claim) => claim.text))).toEqual([]);
  });
});
