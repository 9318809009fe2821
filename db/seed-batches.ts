// The demo batches of "Live Classes on Replayed Markets": one online batch
// under way (classes behind it and ahead of it), the next online batch, and a
// weekend batch in person in Pune. Days are counted from the moment of
// seeding, in India's time, so a fresh site always has all three kinds.
// Every class says its examples use prices at least 30 days old (SEBI).
import { formatIsoDateInIndia, indiaDayAt } from "../app/utils/dates";
import type { AppDatabase } from "../app/utils/db.server";
import { and, eq } from "drizzle-orm";
import { batchSessions, batches } from "./schema";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export const BATCH_COURSE = "Live Classes on Replayed Markets";

const TOPICS = [
  "Preparing a plan for a replayed day",
  "Marking key levels and scheduled news",
  "Entries on the replay: take or skip",
  "Managing an open position",
  "Handling a loss as the replay unfolds",
  "Weekly review of the replays",
];

type BatchSeed = {
  name: string;
  /** Days from today (India) to the first class. */
  startsIn: number;
  /** Days after the first day on which classes meet. */
  classDays: number[];
  time: string;
  durationMinutes: number;
  mentor: string;
  seats: number;
  pricePaise: number | null;
  place: { joinUrl: string } | { venue: string; venueStateCode: string; room: string };
};

// Four evenings a week for four weeks online; Saturdays and Sundays for four weekends in Pune.
const EVENINGS = [0, 1, 2, 3, 7, 8, 9, 10, 14, 15, 16, 17, 21, 22, 23, 24];
const WEEKENDS = [0, 1, 7, 8, 14, 15, 21, 22];

const BATCHES: BatchSeed[] = [
  {
    name: "Evening batch (online, under way)",
    startsIn: -10,
    classDays: EVENINGS,
    time: "19:00",
    durationMinutes: 90,
    mentor: "Priya Nair",
    seats: 40,
    pricePaise: null,
    place: { joinUrl: "https://meet.jit.si/TradeMasterAcademy-EveningBatch" },
  },
  {
    name: "Next evening batch (online)",
    startsIn: 14,
    classDays: EVENINGS,
    time: "19:00",
    durationMinutes: 90,
    mentor: "Priya Nair",
    seats: 40,
    pricePaise: null,
    place: { joinUrl: "https://meet.jit.si/TradeMasterAcademy-NextEveningBatch" },
  },
  {
    name: "Pune weekend batch (in person)",
    startsIn: 21,
    classDays: WEEKENDS,
    time: "10:00",
    durationMinutes: 180,
    mentor: "Arjun Mehta",
    seats: 20,
    pricePaise: 499_900,
    place: { venue: "2nd Floor, 14 Market Road, Pune 411001", venueStateCode: "27", room: "Classroom 1" },
  },
];

/**
 * A class of the next batch (the one a visitor can buy) that is always open to
 * join, so the journey from choosing a batch to pressing Join can be tried at
 * any hour: `keepDemoDropInOpen` moves it along while the server runs. It
 * exists only in the demo content; an institute that deletes that has none.
 */
export const DEMO_DROP_IN_TITLE = "Drop-in practice room (demo: open at any hour)";
const DROP_IN_BATCH = "Next evening batch (online)";
const HOUR_MS = 60 * 60 * 1000;
/** The longest a class may last (the timetable's own limit). */
const DROP_IN_MINUTES = 720;

/**
 * Keeps the demo drop-in class open from now until at least two hours ahead:
 * once less remains, it starts again an hour ago and lasts twelve hours. The
 * server calls this at start and every hour. Returns whether it moved it.
 */
export function keepDemoDropInOpen(database: AppDatabase, now = new Date()): boolean {
  const dropIn = database
    .select({ id: batchSessions.id, startsAt: batchSessions.startsAt, durationMinutes: batchSessions.durationMinutes })
    .from(batchSessions)
    .innerJoin(batches, eq(batches.id, batchSessions.batchId))
    .where(and(eq(batchSessions.title, DEMO_DROP_IN_TITLE), eq(batches.name, DROP_IN_BATCH)))
    .get();
  if (!dropIn) return false;
  const endsAt = dropIn.startsAt.getTime() + dropIn.durationMinutes * 60_000;
  if (dropIn.startsAt <= now && endsAt - now.getTime() >= 2 * HOUR_MS) return false;
  const startsAt = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
  database
    .update(batchSessions)
    .set({ startsAt, durationMinutes: DROP_IN_MINUTES, updatedAt: now })
    .where(eq(batchSessions.id, dropIn.id))
    .run();
  return true;
}

/** Adds the demo batches and their timetables to the course `courseId`, led by the mentors named. */
export function seedBatches(tx: Transaction, courseId: number, mentorIds: Map<string, number>, now: Date): void {
  for (const seed of BATCHES) {
    const day = (offset: number) => formatIsoDateInIndia(indiaDayAt(now, seed.startsIn + offset, "12:00"));
    const mentorId = mentorIds.get(seed.mentor) ?? null;
    const inPerson = "venue" in seed.place;
    const batch = tx
      .insert(batches)
      .values({
        courseId,
        name: seed.name,
        startsOn: day(0),
        endsOn: day(seed.classDays.at(-1) ?? 0),
        deliveryMode: inPerson ? "venue" : "online",
        venueStateCode: "venue" in seed.place ? seed.place.venueStateCode : null,
        venue: "venue" in seed.place ? seed.place.venue : null,
        seats: seed.seats,
        pricePaise: seed.pricePaise,
        leadMentorId: mentorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: batches.id })
      .get();
    tx.insert(batchSessions)
      .values(
        seed.classDays.map((offset, index) => ({
          batchId: batch.id,
          title: `Class ${index + 1}: ${TOPICS[index % TOPICS.length]}`,
          description: "A past trading day replayed candle by candle, on prices at least 30 days old; questions throughout.",
          startsAt: indiaDayAt(now, seed.startsIn + offset, seed.time),
          durationMinutes: seed.durationMinutes,
          mentorId,
          joinUrl: "joinUrl" in seed.place ? seed.place.joinUrl : null,
          room: "room" in seed.place ? seed.place.room : null,
          pricesAtLeast30DaysOld: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .run();
    if (seed.name === DROP_IN_BATCH)
      tx.insert(batchSessions)
        .values({
          batchId: batch.id,
          title: DEMO_DROP_IN_TITLE,
          description:
            "Bring a question from the replays; a mentor or a fellow student is often in the room. Prices at least 30 days old only.",
          startsAt: new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS),
          durationMinutes: DROP_IN_MINUTES,
          mentorId,
          joinUrl: "https://meet.jit.si/TradeMasterAcademy-DropIn",
          pricesAtLeast30DaysOld: true,
          createdAt: now,
          updatedAt: now,
        })
        .run();
  }
}
