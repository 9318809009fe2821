import { afterEach, expect, test } from "vitest";
import { databaseAt, removeMadeFolders } from "../tests/support/migrations";
import { migrateDatabase } from "~/utils/db.server";

// Migration 21 renames the enrollments table to orders, moves Stripe's ids
// into the provider columns every provider uses, and drops the lead form's
// copy of the payment state. A database holding every kind of order row an
// older release wrote is migrated, and each row is read back.

afterEach(removeMadeFolders);

const BEFORE_ORDERS_TABLE = 20;
const T = 1_790_000_000_000;
const BILLING = JSON.stringify({ name: "Asha Rao", address: "12 MG Road", city: "Pune", stateCode: "27", pin: "411001" });

/** Every kind of order row, as the release before the orders table wrote it. */
const OLD_ROWS = `
  insert into users (id, email) values ('asha', 'asha@example.com'), ('ravi', 'ravi@example.com');
  insert into courses (id, title, short_description, description, duration, price_paise) values
    (1, 'Basics', 's', 'd', '4 weeks', 499900), (2, 'Options', 's', 'd', '6 weeks', 999900), (3, 'Free intro', 's', 'd', '1 week', 0);
  insert into events (id, title, description, event_date, price_paise, max_participants) values (9, 'Budget Day', 'd', ${T + 86_400_000}, 99900, 1);
  insert into coupons (id, code, percent_off, redemption_count) values (7, 'WELCOME10', 10, 1);
  insert into enrollment_forms (id, user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id,
      course_or_event_type, source_of_lead, payment_status, payment_intent_id, billing) values
    (40, 'asha', 'Asha Rao', '9876543210', 'Maharashtra', 'Pune', 'Beginner', 1, 'course', 'Website', 'completed', 'pi_card', '${BILLING}'),
    (41, 'ravi', 'Ravi K', '9876543211', 'Karnataka', 'Bengaluru', 'Expert', 9, 'event', 'Instagram', 'pending', null, null);
  insert into enrollments (id, user_id, course_id, event_id, enrolled_at, payment_status, payment_intent_id, checkout_session_id,
      amount_paise, coupon_id, enrollment_form_id, coupon_held_until, seat_held_until, refunded_paise, dispute_status, provider,
      provider_order_id, provider_payment_id, billing, delivery_mode, venue_state_code) values
    (1, 'asha', 1, null, ${T}, 'completed', 'pi_card', null, 449910, 7, 40, null, null, 0, null, null, null, null, '${BILLING}', 'online', null),
    (2, 'asha', 2, null, ${T + 1}, 'completed', 'pi_hosted', 'cs_hosted', 999900, null, null, null, null, 0, null, 'stripe', null, null, null, 'venue', '27'),
    (3, 'ravi', 1, null, ${T + 2}, 'pending', null, 'cs_waiting', 499900, 7, null, ${T + 900_000}, null, 0, null, null, null, null, null, 'online', null),
    (4, 'ravi', 2, null, ${T + 3}, 'failed', 'pi_declined', null, 999900, null, null, null, null, 0, null, null, null, null, null, 'online', null),
    (5, 'ravi', 1, null, ${T + 4}, 'completed', null, null, 499900, null, null, null, null, 0, null, 'razorpay', 'order_rzp', 'pay_rzp', null, 'online', null),
    (6, 'asha', 3, null, ${T + 5}, 'completed', null, null, 0, null, null, null, null, 0, null, null, null, null, null, 'online', null),
    (7, 'ravi', 2, null, ${T + 6}, 'refunded', 'pi_refunded', null, 999900, null, null, null, null, 999900, null, null, null, null, null, 'online', null),
    (8, 'asha', 2, null, ${T + 7}, 'charged_back', 'pi_disputed', null, 999900, null, null, null, null, 0, 'lost', null, null, null, null, 'online', null),
    (9, 'ravi', null, 9, ${T + 8}, 'completed', null, null, 99900, null, 41, null, null, 0, null, 'razorpay', 'order_seat', 'pay_seat', null, 'online', null),
    (10, 'ravi', 3, null, ${T + 9}, 'completed', null, null, 150000, null, null, null, null, 0, null, 'offline', 'UTR 1234', null, '${BILLING}', 'online', null),
    (11, 'ravi', 3, null, ${T + 10}, 'revoked', null, null, 0, null, null, null, null, 0, null, 'grant', null, null, null, 'online', null);
  insert into event_registrations (id, user_id, event_id, name, email, phone, order_id) values (30, 'ravi', 9, 'Ravi K', 'ravi@example.com', '9876543211', 9);
  insert into event_waitlist (id, event_id, user_id, status) values (50, 9, 'asha', 'waiting');
  insert into tax_documents (id, kind, number, financial_year, sequence, order_id, credited_document_id, issued_at, seller, buyer,
      place_of_supply, sac, description, gst_rate_bps, taxable_paise, cgst_paise, sgst_paise, igst_paise, round_off_paise, total_paise) values
    (60, 'invoice', 'TMA/2026-27/1', '2026-27', 1, 1, null, ${T}, '{}', '{}', '27', '999293', 'Basics', 1800, 381280, 34315, 34315, 0, 0, 449910),
    (61, 'invoice', 'TMA/2026-27/2', '2026-27', 2, 7, null, ${T}, '{}', '{}', '27', '999293', 'Options', 1800, 847373, 76264, 76263, 0, 0, 999900),
    (62, 'credit_note', 'TCN/2026-27/1', '2026-27', 1, 7, 61, ${T}, '{}', '{}', '27', '999293', 'Options', 1800, 847373, 76264, 76263, 0, 0, 999900);
  insert into payment_events (provider, event_id, type, entity_id) values ('stripe', 'evt_refund', 'charge.refunded', null);
`;

type OrderRow = {
  id: number;
  provider: string | null;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  payment_status: string;
  amount_paise: number;
  refunded_paise: number;
  dispute_status: string | null;
  coupon_held_until: number | null;
};

test("every kind of order keeps its row, and Stripe's ids move to the provider columns", () => {
  const database = databaseAt(BEFORE_ORDERS_TABLE);
  const sqlite = database.$client;
  sqlite.exec(OLD_ROWS);
  const otherColumns =
    "user_id, course_id, event_id, enrolled_at, coupon_id, enrollment_form_id, seat_held_until, billing, delivery_mode, venue_state_code";
  const before = sqlite.prepare(`select id, ${otherColumns} from enrollments order by id`).all();

  migrateDatabase(database);

  const orders = sqlite
    .prepare(
      `select id, provider, provider_order_id, provider_payment_id, payment_status, amount_paise, refunded_paise, dispute_status,
              coupon_held_until from orders order by id`,
    )
    .all() as OrderRow[];
  const row = (id: number, provider: string | null, orderId: string | null, paymentId: string | null, rest: Partial<OrderRow>) =>
    expect.objectContaining({ id, provider, provider_order_id: orderId, provider_payment_id: paymentId, ...rest });
  expect(orders).toEqual([
    // Stripe's card form: the PaymentIntent is both what was paid on and the payment.
    row(1, "stripe", "pi_card", "pi_card", { payment_status: "completed", amount_paise: 449910 }),
    // Stripe's hosted page: the session was paid on, by its PaymentIntent.
    row(2, "stripe", "cs_hosted", "pi_hosted", { payment_status: "completed" }),
    row(3, "stripe", "cs_waiting", null, { payment_status: "pending", coupon_held_until: T + 900_000 }),
    row(4, "stripe", "pi_declined", "pi_declined", { payment_status: "failed" }),
    row(5, "razorpay", "order_rzp", "pay_rzp", { payment_status: "completed" }),
    // A free order has no provider.
    row(6, null, null, null, { payment_status: "completed", amount_paise: 0 }),
    row(7, "stripe", "pi_refunded", "pi_refunded", { payment_status: "refunded", refunded_paise: 999900 }),
    row(8, "stripe", "pi_disputed", "pi_disputed", { payment_status: "charged_back", dispute_status: "lost" }),
    row(9, "razorpay", "order_seat", "pay_seat", { payment_status: "completed", amount_paise: 99900 }),
    row(10, "offline", "UTR 1234", null, { payment_status: "completed" }),
    row(11, "grant", null, null, { payment_status: "revoked" }),
  ]);
  expect(sqlite.prepare(`select id, ${otherColumns} from orders order by id`).all()).toEqual(before);

  // What refers to an order still does, and the references hold.
  expect(sqlite.prepare("select id, order_id from event_registrations").all()).toEqual([{ id: 30, order_id: 9 }]);
  expect(sqlite.prepare("select id, order_id, credited_document_id from tax_documents order by id").all()).toEqual([
    { id: 60, order_id: 1, credited_document_id: null },
    { id: 61, order_id: 7, credited_document_id: null },
    { id: 62, order_id: 7, credited_document_id: 61 },
  ]);
  expect(sqlite.pragma("foreign_key_check")).toEqual([]);
  expect(() => sqlite.prepare("delete from orders where id = 1").run()).toThrow(/FOREIGN KEY constraint failed/);

  // The lead forms keep everything but the payment state, which the orders made with them now tell.
  expect(sqlite.prepare("select id, name, course_or_event_id, billing from enrollment_forms order by id").all()).toEqual([
    { id: 40, name: "Asha Rao", course_or_event_id: 1, billing: BILLING },
    { id: 41, name: "Ravi K", course_or_event_id: 9, billing: null },
  ]);
  const formColumns = (sqlite.prepare("select name from pragma_table_info('enrollment_forms')").all() as { name: string }[]).map(
    (column) => column.name,
  );
  expect(formColumns).not.toContain("payment_status");
  expect(formColumns).not.toContain("payment_intent_id");

  // The rules of the table hold after its rebuild: one paid order per student and course, one provider payment per order.
  expect(() => sqlite.prepare("insert into orders (user_id, course_id, payment_status) values ('asha', 1, 'completed')").run()).toThrow(
    /UNIQUE constraint failed/,
  );
  expect(() =>
    sqlite
      .prepare(
        "insert into orders (user_id, course_id, payment_status, provider, provider_payment_id) values ('ravi', 2, 'pending', 'stripe', 'pi_card')",
      )
      .run(),
  ).toThrow(/UNIQUE constraint failed/);
  expect(() => sqlite.prepare("insert into orders (user_id, course_id, event_id) values ('ravi', 1, 9)").run()).toThrow(
    /CHECK constraint failed/,
  );
  // The event's queue moved to the waitlist events and batches share (migration 34), place and all.
  expect(sqlite.prepare("select id, event_id, batch_id, user_id, status from waitlist").all()).toEqual([
    { id: 50, event_id: 9, batch_id: null, user_id: "asha", status: "waiting" },
  ]);
  expect(sqlite.prepare("select count(*) as n from payment_events").get()).toEqual({ n: 1 });
  sqlite.close();
});
