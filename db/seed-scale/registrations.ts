// Event registrations: a seat for each paid event order that completed (made
// when its payment was captured, as takeSeat does), and free registrations
// for the free events up to the total, never more than an event's seats, one
// per student and event, each before the event began. The reminders a day and
// an hour before were queued for those registered in time.
import { DAY, HOUR, MINUTE, hasSeat, type SeedEvent, type Writer } from "./context";
import { randomMobile, typedMobile } from "./people";
import type { Random } from "./random";
import type { PlannedOrder } from "./orders";
import { fullName, studentsBefore, type Student } from "./students";

export type Registration = {
  id: number;
  student: Student;
  event: SeedEvent;
  registeredAt: number;
  email: string;
  /** Paid seats come with their order; free ones were registered through the form (with its consent). */
  paid: boolean;
  remindedDayBeforeAt: number | null;
  remindedHourBeforeAt: number | null;
};

type Draft = Omit<Registration, "id" | "remindedDayBeforeAt" | "remindedHourBeforeAt"> & { order: PlannedOrder | null; phone: string };

export function writeRegistrations(
  writer: Writer,
  random: Random,
  args: { target: number; orders: PlannedOrder[]; students: Student[]; events: SeedEvent[]; now: number },
): { registrations: Registration[]; shortfall: number } {
  const { students, now } = args;
  const drafts: Draft[] = [];
  const taken = new Set<string>();
  const phoneOf = (student: Student) => typedMobile(random, student.phone ?? randomMobile(random));

  for (const order of args.orders) {
    if (!order.event || order.paidAt === null) continue;
    taken.add(`${order.event.id} ${order.student.number}`);
    drafts.push({
      student: order.student,
      event: order.event,
      registeredAt: order.paidAt,
      email: order.student.email,
      paid: true,
      order,
      phone: phoneOf(order.student),
    });
  }

  // Free events draw an audience in proportion to the students there were at the time.
  const free = args.events.filter((event) => event.pricePaise === 0 && event.eventDate - 30 * DAY < now);
  const weights = free.map((event) => Math.max(1, studentsBefore(students, event.eventDate)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let wanted = Math.max(0, args.target - drafts.length);
  for (let attempts = 0; wanted > 0 && attempts < args.target * 30 && free.length; attempts++) {
    let draw = random.next() * total;
    let index = 0;
    while (index < free.length - 1 && (draw -= weights[index] as number) > 0) index++;
    const event = free[index] as SeedEvent;
    if (!hasSeat(event)) continue;
    const existing = studentsBefore(students, Math.min(event.eventDate, now) - HOUR);
    if (existing === 0) continue;
    const student = students[random.int(0, existing - 1)] as Student;
    const key = `${event.id} ${student.number}`;
    if (taken.has(key)) continue;
    const from = Math.max(event.eventDate - 30 * DAY, student.createdAt + MINUTE);
    const until = Math.min(event.eventDate - 5 * MINUTE, now);
    if (until <= from) continue;
    taken.add(key);
    event.seatsTaken++;
    wanted--;
    drafts.push({
      student,
      event,
      registeredAt: Math.round(from + random.next() * (until - from)),
      email: student.email,
      paid: false,
      order: null,
      phone: phoneOf(student),
    });
  }
  drafts.sort((a, b) => a.registeredAt - b.registeredAt);

  const insert = writer.into("event_registrations", [
    "user_id",
    "event_id",
    "name",
    "email",
    "phone",
    "registered_at",
    "reminded_day_before_at",
    "reminded_hour_before_at",
    "order_id",
  ]);
  const reminder = (registeredAt: number, due: number) => (registeredAt < due && due <= now ? due + random.int(0, 5) * MINUTE : null);
  const registrations = drafts.map((draft) => {
    const dayBefore = reminder(draft.registeredAt, draft.event.eventDate - DAY);
    const hourBefore = reminder(draft.registeredAt, draft.event.eventDate - HOUR);
    const id = insert(
      draft.student.id,
      draft.event.id,
      fullName(draft.student),
      draft.email,
      draft.phone,
      draft.registeredAt,
      dayBefore,
      hourBefore,
      draft.order?.id ?? null,
    );
    return {
      id,
      student: draft.student,
      event: draft.event,
      registeredAt: draft.registeredAt,
      email: draft.email,
      paid: draft.paid,
      remindedDayBeforeAt: dayBefore,
      remindedHourBeforeAt: hourBefore,
    };
  });
  return { registrations, shortfall: wanted };
}
