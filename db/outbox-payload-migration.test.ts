import { afterEach, expect, test } from "vitest";
import { databaseAt, removeMadeFolders } from "../tests/support/migrations";
import { migrateDatabase } from "~/utils/db.server";

// Migration 22 lets an outbox row hold what a message is about (its payload)
// until it is written, so subject and text may be empty for a while. Every
// row an older release wrote was written when queued: each keeps its columns,
// with no payload, and stays as the sender and the admin's outbox read it.

afterEach(removeMadeFolders);

const BEFORE_PAYLOADS = 21;
const T = 1_790_000_000_000;
const COLUMNS =
  "id, kind, to_address, subject, text_body, html_body, attachments, message_id, list_unsubscribe, state, attempts, last_error, next_attempt_at, user_id, created_at, sent_at";

test("every outbox row keeps its columns, with no payload, and a new row may wait unwritten", () => {
  const database = databaseAt(BEFORE_PAYLOADS);
  const sqlite = database.$client;
  sqlite.exec(`
    insert into users (id, email) values ('asha', 'asha@example.com');
    insert into outbox_messages (${COLUMNS}) values
      (1, 'welcome', 'asha@example.com', 'Welcome', 'Hello Asha', '<p>Hello</p>', '[]', '<a@x>', null, 'sent', 1, null, ${T}, 'asha', ${T}, ${T + 5}),
      (2, 'newsletter-confirm', 'ravi@example.com', 'Confirm', 'Confirm here', null, '[]', '<b@x>', 'https://x/u?token=t', 'queued', 0, null, ${T}, null, ${T + 1}, null),
      (3, 'order-confirmation', 'asha@example.com', 'Enrolled', 'Receipt', '<p>R</p>',
        '[{"filename":"tax-invoice.pdf","contentType":"application/pdf","document":{"kind":"tax-document","id":4}}]', '<c@x>', null, 'failed', 8, '550 refused', ${T}, 'asha', ${T + 2}, null);
  `);
  const before = sqlite.prepare(`select ${COLUMNS} from outbox_messages order by id`).all();

  migrateDatabase(database);

  expect(sqlite.prepare(`select ${COLUMNS} from outbox_messages order by id`).all()).toEqual(before);
  expect(sqlite.prepare("select count(*) as n from outbox_messages where payload is not null").get()).toEqual({ n: 0 });
  // Queued as its payload: subject and bodies wait for the mail writer.
  sqlite
    .prepare("insert into outbox_messages (kind, to_address, payload, message_id) values (?, ?, ?, ?)")
    .run("welcome", "asha@example.com", JSON.stringify({ kind: "welcome", firstName: "Asha" }), "<d@x>");
  expect(sqlite.prepare("select subject, text_body, state from outbox_messages where message_id = '<d@x>'").get()).toEqual({
    subject: null,
    text_body: null,
    state: "queued",
  });
  // The index every request's lookup for unwritten mail uses.
  const plan = sqlite
    .prepare("explain query plan select id from outbox_messages where payload is not null and state = 'queued' order by id")
    .all() as { detail: string }[];
  expect(plan.map((step) => step.detail).join(" ")).toContain("outbox_messages_unwritten_idx");
  expect(sqlite.prepare("select id, user_id from outbox_messages where id = 1").get()).toEqual({ id: 1, user_id: "asha" });
  expect(sqlite.pragma("foreign_key_check")).toEqual([]);
});
