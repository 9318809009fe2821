import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/utils/db.server";
import {
  batchSessions,
  batches,
  blogPosts,
  courseReviews,
  courses,
  courseSections,
  orders,
  events,
  imageAssets,
  lessonFiles,
  lessons,
  mentors,
  quizQuestions,
  testimonials,
} from "./schema";
import { findClaims } from "~/utils/claims";
import { seedDemoContent } from "./seed";
import { DEMO_DROP_IN_TITLE, keepDemoDropInOpen } from "./seed-batches";
import { variantName } from "~/utils/image-variants";

const NOW = new Date("2026-03-15T06:00:00.000Z");
const LESSON_FILES = mkdtempSync(join(tmpdir(), "seed-lesson-files-"));
const HEADING = (name: string) => new RegExp(`^${name}\\s*:?\\s*$`, "m");

function countAll() {
  const count = (table: "courses" | "events" | "blog_posts" | "mentors" | "testimonials") =>
    db.get<{ n: number }>(sql.raw(`select count(*) as n from ${table}`)).n;
  return {
    courses: count("courses"),
    events: count("events"),
    blogPosts: count("blog_posts"),
    mentors: count("mentors"),
    testimonials: count("testimonials"),
  };
}

const wordCount = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;

// The tests share one in-memory database and run in order.
describe("seedDemoContent", () => {
  test("the first call seeds and reports it", () => {
    expect(countAll().courses).toBe(0);
    expect(seedDemoContent(db, NOW, LESSON_FILES)).toEqual({ seeded: true });
  });

  test("courses: the four public courses plus one retired course", () => {
    const rows = db.select().from(courses).all();
    const active = rows.filter((c) => c.isActive);
    expect(active.map((c) => c.title).sort()).toEqual(
      ["Currency Trading", "Live Classes on Replayed Markets", "Personal Mentorship", "SMC & ICT Courses"].sort(),
    );
    expect(rows.filter((c) => !c.isActive)).toHaveLength(1);
    expect(new Set(active.map((c) => c.level))).toEqual(new Set(["beginner", "intermediate", "advanced"]));

    for (const course of rows) {
      for (const heading of ["OVERVIEW", "CONTENT", "TAKEAWAYS"])
        expect(course.description, `${course.title} ${heading}`).toMatch(HEADING(heading));
      expect(course.pricePaise).toBeGreaterThanOrEqual(299900);
      expect(course.pricePaise).toBeLessThanOrEqual(499900);
      expect(course.originalPricePaise ?? 0).toBeGreaterThan(course.pricePaise);
      expect(course.features.length).toBeGreaterThanOrEqual(5);
      expect(course.features.length).toBeLessThanOrEqual(7);
      const lines = (course.syllabus ?? "").split("\n").filter(Boolean);
      expect(lines.length).toBeGreaterThanOrEqual(6);
      expect(lines.length).toBeLessThanOrEqual(10);
      expect(course.imageUrl).toMatch(/^\/images\/courses\/[a-z-]+\.jpg$/);
    }
  });

  test("events: past and upcoming, free and paid, plus one hidden", () => {
    const rows = db.select().from(events).all();
    const active = rows.filter((e) => e.isActive);
    expect(active.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((e) => !e.isActive)).toHaveLength(1);
    expect(active.filter((e) => e.eventDate < NOW).length).toBeGreaterThanOrEqual(2);
    const upcoming = active.filter((e) => e.eventDate >= NOW);
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
    // Something for the "this week" filter.
    expect(upcoming.some((e) => e.eventDate.getTime() - NOW.getTime() < 7 * 86_400_000)).toBe(true);
    expect(new Set(active.map((e) => e.eventType))).toEqual(new Set(["webinar", "workshop", "competition"]));
    expect(active.some((e) => e.pricePaise === 0)).toBe(true);
    expect(active.some((e) => e.pricePaise > 0)).toBe(true);
    expect(active.some((e) => e.maxParticipants === null)).toBe(true);
    expect(active.some((e) => e.maxParticipants !== null)).toBe(true);
  });

  test("blog: published posts in every category, one draft", () => {
    const rows = db.select().from(blogPosts).all();
    const published = rows.filter((p) => p.isPublished);
    expect(published.length).toBeGreaterThanOrEqual(8);
    const byCategory = new Map<string, number>();
    for (const post of published) byCategory.set(post.category, (byCategory.get(post.category) ?? 0) + 1);
    expect([...byCategory.keys()].sort()).toEqual(["education", "psychology", "risk management", "strategy"]);
    for (const n of byCategory.values()) expect(n).toBeGreaterThanOrEqual(2);

    for (const post of published) {
      expect(post.publishedAt).not.toBeNull();
      expect(post.publishedAt!.getTime()).toBeLessThan(NOW.getTime());
      expect(NOW.getTime() - post.publishedAt!.getTime()).toBeLessThanOrEqual(90 * 86_400_000);
      expect(post.tags.length).toBeGreaterThanOrEqual(3);
      expect(post.tags.length).toBeLessThanOrEqual(5);
      expect(wordCount(post.content), post.slug).toBeGreaterThanOrEqual(300);
      expect(wordCount(post.content), post.slug).toBeLessThanOrEqual(600);
    }
    expect(published.filter((p) => p.imageUrl === null)).toHaveLength(1);

    const drafts = rows.filter((p) => !p.isPublished);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.publishedAt).toBeNull();
    expect(drafts[0]?.title).toContain("Draft");
  });

  test("mentors and testimonials", () => {
    const mentorRows = db.select().from(mentors).all();
    expect(mentorRows.filter((m) => m.isActive).length).toBeGreaterThanOrEqual(3);
    // The bio is split on periods into bullets: each sentence must stand alone.
    for (const mentor of mentorRows) {
      const points = mentor.bio
        .split(".")
        .map((s) => s.trim())
        .filter(Boolean);
      expect(points.length).toBeGreaterThanOrEqual(3);
      expect(points.length).toBeLessThanOrEqual(4);
    }

    const testimonialRows = db.select().from(testimonials).all();
    const approved = testimonialRows.filter((t) => t.isApproved);
    expect(approved.length).toBeGreaterThanOrEqual(6);
    for (const t of approved) expect(t.rating).toBeGreaterThanOrEqual(4);
    const pending = testimonialRows.filter((t) => !t.isApproved);
    expect(pending).toHaveLength(1);
    expect(pending[0]?.content).toContain("PENDING REVIEW");
  });

  test("each public course has a classroom: sections, 10+ lessons, a free preview, a quiz, a live session ahead, a worksheet", () => {
    for (const course of db.select().from(courses).where(eq(courses.isActive, true)).all()) {
      const sections = db
        .select()
        .from(courseSections)
        .where(eq(courseSections.courseId, course.id))
        .orderBy(asc(courseSections.position))
        .all();
      expect(
        sections.map((s) => s.position),
        course.title,
      ).toEqual(sections.map((_, i) => i + 1));
      expect(sections.length).toBeGreaterThanOrEqual(3);
      const rows = db.select().from(lessons).where(eq(lessons.courseId, course.id)).all();
      expect(rows.length, course.title).toBeGreaterThanOrEqual(10);
      for (const section of sections) {
        const positions = rows.filter((l) => l.sectionId === section.id).map((l) => l.position);
        expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, i) => i + 1));
      }
      expect(new Set(rows.map((l) => l.type)), course.title).toEqual(new Set(["article", "download", "live", "quiz"]));
      expect(
        rows.filter((l) => l.isFreePreview),
        course.title,
      ).toHaveLength(1);
      for (const lesson of rows) expect(lesson.body.length, lesson.title).toBeGreaterThanOrEqual(80);

      const quiz = rows.find((l) => l.type === "quiz");
      expect(quiz?.passPercent).toBe(70);
      const questions = db.select().from(quizQuestions).where(eq(quizQuestions.lessonId, quiz!.id)).all();
      expect(questions.length).toBeGreaterThanOrEqual(3);
      expect(questions.some((q) => q.correct.length === 1)).toBe(true);
      expect(questions.some((q) => q.correct.length > 1)).toBe(true);
      for (const q of questions) for (const index of q.correct) expect(index).toBeLessThan(q.options.length);

      const live = rows.filter((l) => l.type === "live");
      expect(live).toHaveLength(1);
      expect(live[0]!.liveStartsAt!.getTime()).toBeGreaterThan(NOW.getTime());
      expect(live[0]!.joinUrl).toMatch(/^https:\/\//);
      // A session ahead does not hold back the certificate.
      expect(live[0]!.isRequired).toBe(false);

      const download = rows.find((l) => l.type === "download");
      const files = db.select().from(lessonFiles).where(eq(lessonFiles.lessonId, download!.id)).all();
      expect(files).toHaveLength(1);
      const stored = readFileSync(join(LESSON_FILES, files[0]!.storedName));
      expect(stored.subarray(0, 5).toString()).toBe("%PDF-");
      expect(stored.byteLength).toBe(files[0]!.sizeBytes);
      expect(files[0]).toMatchObject({ kind: "attachment", contentType: "application/pdf" });
    }
  });

  test("reviews: each by a student holding the course, a few approved and one waiting", () => {
    const rows = db
      .select({
        status: courseReviews.status,
        rating: courseReviews.rating,
        paid: orders.paymentStatus,
        amount: orders.amountPaise,
      })
      .from(courseReviews)
      .leftJoin(orders, sql`${orders.userId} = ${courseReviews.userId} and ${orders.courseId} = ${courseReviews.courseId}`)
      .all();
    expect(rows.filter((row) => row.status === "approved").length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.status === "pending")).toHaveLength(1);
    for (const row of rows) expect(row).toMatchObject({ paid: "completed", amount: 0 });
  });

  test("batches: one online under way, the next online one, one in person in Pune; every class says its prices are 30+ days old", () => {
    const rows = db.select().from(batches).orderBy(asc(batches.id)).all();
    const course = db.select().from(courses).where(eq(courses.title, "Live Classes on Replayed Markets")).get();
    expect(course?.pacing).toBe("both");
    expect(rows.map((batch) => [batch.courseId === course?.id, batch.deliveryMode, batch.startsOn])).toEqual([
      [true, "online", "2026-03-05"],
      [true, "online", "2026-03-29"],
      [true, "venue", "2026-04-05"],
    ]);
    expect(rows[2]).toMatchObject({ venueStateCode: "27", venue: "2nd Floor, 14 Market Road, Pune 411001", pricePaise: 499_900 });
    const sessions = db.select().from(batchSessions).all();
    const underWay = sessions.filter((session) => session.batchId === rows[0]!.id);
    expect(underWay.some((session) => session.startsAt < NOW)).toBe(true);
    expect(underWay.some((session) => session.startsAt > NOW)).toBe(true);
    // 19:00 IST is 13:30 UTC.
    expect(underWay[0]!.startsAt.toISOString()).toBe("2026-03-05T13:30:00.000Z");
    expect(sessions.every((session) => session.pricesAtLeast30DaysOld)).toBe(true);
    expect(sessions.filter((session) => session.batchId === rows[2]!.id).every((session) => session.room && !session.joinUrl)).toBe(true);
  });

  test("the next batch, which a visitor can buy, has a drop-in class open to join at any hour while the server runs", () => {
    const dropIn = () => db.select().from(batchSessions).where(eq(batchSessions.title, DEMO_DROP_IN_TITLE)).get()!;
    const joinable = (at: Date) => {
      const { startsAt, durationMinutes } = dropIn();
      // Join opens 15 minutes before the start and stays until the end.
      return startsAt.getTime() - 15 * 60_000 <= at.getTime() && at.getTime() < startsAt.getTime() + durationMinutes * 60_000;
    };
    const nextBatch = db.select().from(batches).where(eq(batches.name, "Next evening batch (online)")).get()!;
    expect(dropIn().batchId).toBe(nextBatch.id);
    expect(joinable(NOW)).toBe(true);
    // The server's hourly call: nothing to do while two hours remain; then it starts again.
    expect(keepDemoDropInOpen(db, new Date(NOW.getTime() + 60 * 60_000))).toBe(false);
    for (let hours = 1; hours <= 72; hours += 1) {
      const at = new Date(NOW.getTime() + hours * 60 * 60_000);
      keepDemoDropInOpen(db, at);
      expect(joinable(at), `${hours} h after seeding`).toBe(true);
      expect(joinable(new Date(at.getTime() + 60 * 60_000)), `${hours + 1} h after seeding, before the next call`).toBe(true);
    }
  });

  test("no seeded text claims returns, profit, accuracy or success (SEBI), and no video lesson points at a file that does not exist", () => {
    const rows = [
      ...db
        .select({
          id: courses.title,
          text: sql<string>`${courses.title} || ' ' || ${courses.shortDescription} || ' ' || ${courses.description} || ' ' || ${courses.features} || ' ' || coalesce(${courses.syllabus}, '')`,
        })
        .from(courses)
        .all(),
      ...db
        .select({ id: events.title, text: sql<string>`${events.title} || ' ' || ${events.description}` })
        .from(events)
        .all(),
      ...db
        .select({ id: blogPosts.slug, text: sql<string>`${blogPosts.title} || ' ' || ${blogPosts.excerpt} || ' ' || ${blogPosts.content}` })
        .from(blogPosts)
        .all(),
      ...db
        .select({ id: mentors.name, text: sql<string>`${mentors.title} || ' ' || ${mentors.bio} || ' ' || ${mentors.specialization}` })
        .from(mentors)
        .all(),
      ...db.select({ id: testimonials.name, text: testimonials.content }).from(testimonials).all(),
      ...db.select({ id: courseReviews.id, text: courseReviews.body }).from(courseReviews).all(),
      ...db
        .select({ id: lessons.title, text: sql<string>`${lessons.title} || ' ' || coalesce(${lessons.body}, '')` })
        .from(lessons)
        .all(),
      ...db
        .select({ id: quizQuestions.prompt, text: sql<string>`${quizQuestions.prompt} || ' ' || ${quizQuestions.options}` })
        .from(quizQuestions)
        .all(),
      ...db
        .select({ id: batchSessions.id, text: sql<string>`${batchSessions.title} || ' ' || ${batchSessions.description}` })
        .from(batchSessions)
        .all(),
    ];
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.flatMap((row) => findClaims(row.text).map((claim) => `${row.id}: ${claim.text}`))).toEqual([]);
    expect(db.select().from(lessons).where(eq(lessons.type, "video")).all()).toEqual([]);
  });

  test("every image the seed points at exists under public/", () => {
    const urls = [
      ...db.select({ url: courses.imageUrl }).from(courses).all(),
      ...db.select({ url: blogPosts.imageUrl }).from(blogPosts).all(),
      ...db.select({ url: mentors.imageUrl }).from(mentors).all(),
      { url: "/images/blog/default.svg" },
    ].flatMap((row) => (row.url ? [row.url] : []));
    for (const url of urls) expect(existsSync(new URL(`../public${url}`, import.meta.url)), url).toBe(true);
  });

  test("every seeded image is recorded as encoded, and its variants are there to serve", () => {
    const seeded = [
      ...db.select({ url: courses.imageUrl }).from(courses).all(),
      ...db.select({ url: blogPosts.imageUrl }).from(blogPosts).all(),
      ...db.select({ url: mentors.imageUrl }).from(mentors).all(),
      ...db.select({ url: events.bannerUrl }).from(events).all(),
    ].flatMap((row) => (row.url ? [row.url] : []));
    const assets = db.select().from(imageAssets).all();
    expect(assets.map((asset) => asset.name).sort()).toEqual([...new Set(seeded)].sort());
    for (const asset of assets) {
      expect(asset.status, asset.name).toBe("ready");
      expect(asset.widths.length, asset.name).toBeGreaterThan(0);
      for (const width of asset.widths)
        for (const format of ["avif", "webp", "jpg"] as const)
          expect(
            existsSync(new URL(`../public${variantName(asset.name, width, format)}`, import.meta.url)),
            `${asset.name} ${width} ${format}`,
          ).toBe(true);
    }
  });

  test("a second call seeds nothing and changes no counts", () => {
    const before = countAll();
    expect(seedDemoContent(db, NOW, LESSON_FILES)).toEqual({ seeded: false });
    expect(countAll()).toEqual(before);
  });
});
