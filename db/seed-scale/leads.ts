// Enrollment forms: the ones saved at checkout (kept with their order) and the
// many more sent as leads asking for a call back. The retention job deletes
// forms older than the months set in the settings, so every form here is
// younger than that: an older order simply has no form left (orders keep
// their billing details themselves).
import type { BillingDetails } from "../schema";
import { EXPERIENCE_LEVELS, LEAD_SOURCES } from "../../app/schemas/enrollment-form";
import { FORM_CONSENT } from "../../app/schemas/consent";
import { DAY, MINUTE, json, type Course, type SeedEvent, type Writer } from "./context";
import { billingFor, randomMobile, typedMobile } from "./people";
import { weightedPicker, type Random } from "./random";
import type { Checkout, PlannedOrder } from "./orders";
import { fullName, studentsBefore, type Student } from "./students";

export type Lead = {
  id: number;
  student: Student;
  createdAt: number;
  name: string;
  whatsappNumber: string;
  email: string | null;
  state: string;
  city: string;
  experienceLevel: string;
  sourceOfLead: string;
  targetTitle: string;
  targetType: "course" | "event";
  consent: { purpose: string; source: string };
};

const BROKERS = ["Zerodha", "Upstox", "Angel One", "Groww", "ICICI Direct", "HDFC Securities", "Kotak Securities", "5paisa"];
const pickSource = weightedPicker(LEAD_SOURCES.map((source, i) => [source, [30, 30, 12, 15, 8, 5][i] ?? 5] as const));
const pickLevel = weightedPicker(EXPERIENCE_LEVELS.map((level, i) => [level, [60, 32, 8][i] ?? 1] as const));

/** The student's billing details, the same on every checkout they make. */
const billingCache = new WeakMap<Student, BillingDetails>();
export function studentBilling(random: Random, student: Student): BillingDetails {
  let billing = billingCache.get(student);
  if (!billing) {
    billing = billingFor(random, { ...student, place: student.place }, student.business);
    billingCache.set(student, billing);
  }
  return billing;
}

type Draft = {
  checkout: Checkout | null;
  student: Student;
  createdAt: number;
  target: { type: "course" | "event"; id: number; title: string };
  billing: BillingDetails | null;
};

/**
 * Writes `target` forms, oldest first: one for each checkout since
 * `keptSince` (a minute or so before its first order, with billing details
 * once invoices are issued), the rest leads from students who existed then.
 */
export function writeForms(
  writer: Writer,
  random: Random,
  args: {
    target: number;
    keptSince: number;
    now: number;
    orders: PlannedOrder[];
    students: Student[];
    courses: Course[];
    events: SeedEvent[];
    invoicingSince: number;
  },
): Lead[] {
  const { keptSince, now, students, invoicingSince } = args;
  const drafts: Draft[] = [];
  const seen = new Set<Checkout>();
  for (const order of args.orders) {
    const checkout = order.checkout;
    if (seen.has(checkout) || order.createdAt < keptSince || order.provider === "offline" || order.provider === "grant") continue;
    seen.add(checkout);
    const first = checkout.orders[0] as PlannedOrder;
    const createdAt = Math.max(first.student.createdAt + 30_000, first.at - random.int(1, 15) * MINUTE);
    const item = order.course ?? order.event;
    if (!item) continue;
    drafts.push({
      checkout,
      student: checkout.student,
      createdAt,
      target: { type: order.course ? "course" : "event", id: item.id, title: item.title },
      billing: createdAt >= invoicingSince ? studentBilling(random, checkout.student) : null,
    });
  }

  const offered = args.courses.filter((course) => course.isActive);
  const leads = Math.max(0, args.target - drafts.length);
  for (let i = 0; i < leads; i++) {
    const createdAt = Math.round(keptSince + random.next() * (now - keptSince));
    const existing = studentsBefore(students, createdAt);
    if (existing === 0) {
      i--;
      continue;
    }
    const student = students[random.int(0, existing - 1)] as Student;
    const open = random.chance(0.15)
      ? args.events.filter((event) => event.eventDate > createdAt && event.eventDate - 45 * DAY <= createdAt)
      : [];
    const item = open.length ? random.pick(open) : random.pick(offered);
    drafts.push({
      checkout: null,
      student,
      createdAt,
      target: { type: open.length ? "event" : "course", id: item.id, title: item.title },
      billing: null,
    });
  }
  drafts.sort((a, b) => a.createdAt - b.createdAt);

  const insert = writer.into("enrollment_forms", [
    "user_id",
    "name",
    "whatsapp_number",
    "email",
    "age",
    "country",
    "state",
    "city",
    "experience_level",
    "course_or_event_id",
    "course_or_event_type",
    "source_of_lead",
    "broker",
    "training_preference",
    "billing",
    "created_at",
  ]);
  return drafts.map((draft) => {
    const { student } = draft;
    const lead = {
      student,
      createdAt: draft.createdAt,
      name: fullName(student),
      whatsappNumber: typedMobile(random, student.phone ?? randomMobile(random)),
      email: draft.checkout || random.chance(0.9) ? student.email : null,
      state: student.place.stateName,
      city: student.place.city,
      experienceLevel: pickLevel(random),
      sourceOfLead: pickSource(random),
      targetTitle: draft.target.title,
      targetType: draft.target.type,
      consent: draft.billing
        ? { purpose: FORM_CONSENT.orderBilling.purpose, source: "checkout" }
        : { purpose: FORM_CONSENT.enrollment.purpose, source: "enrollment-form" },
    };
    const age = random.chance(0.85) ? Math.min(65, 18 + Math.round(random.exponential(12))) : null;
    const preference = random.next();
    const id = insert(
      student.id,
      lead.name,
      lead.whatsappNumber,
      lead.email,
      age,
      random.chance(0.95) ? "India" : null,
      lead.state,
      lead.city,
      lead.experienceLevel,
      draft.target.id,
      draft.target.type,
      lead.sourceOfLead,
      random.chance(0.6) ? random.pick(BROKERS) : null,
      preference < 0.7 ? "online" : preference < 0.9 ? "offline" : null,
      draft.billing ? json(draft.billing) : null,
      draft.createdAt,
    );
    if (draft.checkout) draft.checkout.formId = id;
    return { id, ...lead };
  });
}
