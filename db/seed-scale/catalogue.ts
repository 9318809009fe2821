// What a ten-year-old institute has beyond the demo catalogue: the events it
// held in earlier years, a course's archive of session notes, the coupons of
// past campaigns.
import type BetterSqlite3 from "better-sqlite3";
import { DAY, type Course, type SeedEvent, type Writer } from "./context";
import type { Random } from "./random";
import {
  CHALLENGE_DESCRIPTION,
  SESSION_NOTE_TOPICS,
  WEBINAR_TOPICS,
  WORKSHOP_CITIES,
  WORKSHOP_TOPICS,
  sessionNoteBody,
  webinarDescription,
  workshopDescription,
} from "./texts";

const MONTH_YEAR = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

/**
 * Past events, one for every 400 students or so, spread over the ten years
 * (more in later years, as the institute grew). They are stored inactive: the
 * public events page lists every active event on one page, and an institute
 * this old takes its past events off it; the admin's list, the registrations
 * and the orders keep them.
 */
export function addPastEvents(writer: Writer, random: Random, students: number, start: number, now: number): SeedEvent[] {
  const count = Math.max(6, Math.round(students / 400));
  const insert = writer.into("events", [
    "title",
    "description",
    "event_type",
    "event_date",
    "duration_minutes",
    "max_participants",
    "price_paise",
    "venue",
    "delivery_mode",
    "venue_state_code",
    "is_active",
    "created_at",
    "updated_at",
  ]);
  const first = start + 60 * DAY;
  const span = now - 75 * DAY - first;
  const events: SeedEvent[] = [];
  for (let i = 0; i < count; i++) {
    // Evening sessions at 7 pm IST (13:30 UTC), workshops at 10 am IST (04:30 UTC).
    const day = first + Math.sqrt((i + random.next()) / count) * span;
    const kind = random.next();
    const base = Math.floor(day / DAY) * DAY;
    let event: Omit<SeedEvent, "id" | "seatsTaken"> & { type: string; description: string; duration: number; venue: string | null };
    if (kind < 0.55) {
      const topic = random.pick(WEBINAR_TOPICS);
      const paid = random.chance(0.35);
      event = {
        type: "webinar",
        title: `Webinar: ${topic} (${MONTH_YEAR.format(base)})`,
        description: webinarDescription(topic),
        eventDate: base + 13.5 * 3_600_000,
        duration: random.pick([60, 90]),
        maxParticipants: random.chance(0.6) ? null : random.pick([500, 1000]),
        pricePaise: paid ? random.pick([49_900, 99_900]) : 0,
        venue: "Online (Zoom)",
        deliveryMode: "online",
        venueStateCode: null,
      };
    } else if (kind < 0.9) {
      const topic = random.pick(WORKSHOP_TOPICS);
      const where = random.pick(WORKSHOP_CITIES);
      event = {
        type: "workshop",
        title: `${where.city} ${topic} (${MONTH_YEAR.format(base)})`,
        description: workshopDescription(topic, where.city),
        eventDate: base + 4.5 * 3_600_000,
        duration: random.pick([240, 360]),
        maxParticipants: random.int(4, 15) * 10,
        pricePaise: random.pick([149_900, 199_900, 249_900]),
        venue: `${where.place}, ${where.city}`,
        deliveryMode: "venue",
        venueStateCode: where.stateCode,
      };
    } else {
      event = {
        type: "competition",
        title: `One-Day Demo Trading Challenge (${MONTH_YEAR.format(base)})`,
        description: CHALLENGE_DESCRIPTION,
        eventDate: base + 4.5 * 3_600_000,
        duration: 390,
        maxParticipants: null,
        pricePaise: 0,
        venue: "Online (Zoom)",
        deliveryMode: "online",
        venueStateCode: null,
      };
    }
    const createdAt = event.eventDate - 60 * DAY;
    const id = insert(
      event.title,
      event.description,
      event.type,
      event.eventDate,
      event.duration,
      event.maxParticipants,
      event.pricePaise,
      event.venue,
      event.deliveryMode,
      event.venueStateCode,
      0,
      createdAt,
      event.eventDate + event.duration * 60_000,
    );
    events.push({
      id,
      title: event.title,
      pricePaise: event.pricePaise,
      eventDate: event.eventDate,
      maxParticipants: event.maxParticipants,
      deliveryMode: event.deliveryMode,
      venueStateCode: event.venueStateCode,
      seatsTaken: 0,
    });
  }
  return events;
}

export const SESSION_NOTES_SECTION = "Session notes archive";

/**
 * Each course with a curriculum gets an archive of optional session notes,
 * one article per recorded class: a course that has run for years holds far
 * more than the demo's dozen lessons. Optional, so completing the course (and
 * its certificate) still asks only for the required lessons.
 */
export function addSessionNotes(writer: Writer, courses: Course[], start: number): void {
  const section = writer.into("course_sections", ["course_id", "title", "position", "created_at"]);
  const lesson = writer.into("lessons", [
    "course_id",
    "section_id",
    "position",
    "title",
    "type",
    "duration_minutes",
    "is_free_preview",
    "is_required",
    "body",
    "created_at",
    "updated_at",
  ]);
  for (const course of courses) {
    if (course.lessons.length === 0) continue;
    const sectionId = section(course.id, SESSION_NOTES_SECTION, 1000, start);
    SESSION_NOTE_TOPICS.forEach((topic, index) => {
      const id = lesson(
        course.id,
        sectionId,
        index + 1,
        `Session notes: ${topic}`,
        "article",
        10,
        0,
        0,
        sessionNoteBody(topic),
        start,
        start,
      );
      course.lessons.push({ id, type: "article", isRequired: false, passPercent: null, questions: [] });
    });
  }
}

export type Coupon = {
  id: number;
  code: string;
  discount: { kind: "percent"; percentOff: number } | { kind: "amount"; amountOffPaise: number };
  minOrderPaise: number | null;
  from: number;
  until: number;
  /** Completed orders that used it (charged back and revoked ones too, as the app counts them). */
  redemptions: number;
};

const IST = 5.5 * 3_600_000;
/** Midnight in India at the start of this calendar day. */
const indiaDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) - IST;

/**
 * Each year's campaigns (New Year and Diwali, a couple of weeks each), a
 * standing discount for returning students and a scholarship code.
 */
export function addCoupons(writer: Writer, start: number, now: number): Coupon[] {
  const insert = writer.into("coupons", [
    "code",
    "kind",
    "percent_off",
    "amount_off_paise",
    "min_order_paise",
    "per_student_limit",
    "is_active",
    "expires_at",
    "max_redemptions",
    "redemption_count",
    "created_at",
  ]);
  const coupons: Coupon[] = [];
  const add = (
    code: string,
    discount: Coupon["discount"],
    from: number,
    until: number,
    minOrderPaise: number | null,
    perStudent: number | null,
  ) => {
    const percent = discount.kind === "percent" ? discount.percentOff : null;
    const amount = discount.kind === "amount" ? discount.amountOffPaise : null;
    const expires = until === Infinity ? null : until;
    const active = expires === null || expires > now ? 1 : 0;
    const id = insert(code, discount.kind, percent, amount, minOrderPaise, perStudent, active, expires, null, 0, from - 7 * DAY);
    coupons.push({ id, code, discount, minOrderPaise, from, until, redemptions: 0 });
  };
  const firstYear = new Date(start).getUTCFullYear();
  const lastYear = new Date(now).getUTCFullYear();
  for (let year = firstYear; year <= lastYear; year++) {
    const yy = String(year % 100).padStart(2, "0");
    const newYear = indiaDay(year, 1, 1);
    if (newYear > start && newYear < now) add(`NEWYEAR${yy}`, { kind: "percent", percentOff: 10 }, newYear, indiaDay(year, 1, 16), null, 1);
    const diwali = indiaDay(year, 10, 20);
    if (diwali > start && diwali < now) add(`DIWALI${yy}`, { kind: "percent", percentOff: 15 }, diwali, indiaDay(year, 11, 11), null, 1);
  }
  add("ALUMNI500", { kind: "amount", amountOffPaise: 50_000 }, start + 30 * DAY, Infinity, 300_000, 1);
  add("SCHOLAR100", { kind: "percent", percentOff: 100 }, start + 400 * DAY, Infinity, null, 1);
  return coupons;
}

/** Stores the redemption counts the orders add up to. */
export function storeRedemptionCounts(database: BetterSqlite3.Database, coupons: Coupon[]): void {
  const update = database.prepare("UPDATE coupons SET redemption_count = ? WHERE id = ?");
  for (const coupon of coupons) update.run(coupon.redemptions, coupon.id);
}
