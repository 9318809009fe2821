import { randomUUID } from "node:crypto";
import { adminApiClient, describe, expect, queryTestDatabase, test, withDatabase } from "./support/test";

// "Send again" on a message the mail server refused until the sender gave up:
// it goes back in the queue with a fresh count of attempts and the same
// Message-ID, with an audit row; any other message is left as it is.

type Stored = { state: string; attempts: number; message_id: string; last_error: string | null };
const stored = (id: number) =>
  queryTestDatabase<Stored>("SELECT state, attempts, message_id, last_error FROM outbox_messages WHERE id = ?", id)[0];

function insertMessage(state: "failed" | "sent"): number {
  return withDatabase(
    (database) =>
      database
        .prepare(
          "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, state, attempts, last_error) VALUES ('test', 'asha@example.com', 'Your receipt', 'Hello', ?, ?, 8, '550 mailbox unavailable') RETURNING id",
        )
        .get(`<${randomUUID()}@example.test>`, state) as { id: number },
  ).id;
}

describe("sending a failed message again", () => {
  test("an admin sees the button on a failed message; pressing it queues the same message again and logs who did", async () => {
    const id = insertMessage("failed");
    const { admin, client } = await adminApiClient("admin");
    const before = stored(id);
    const page = await (await client.get(`/admin/outbox/${id}`)).text();
    expect(page).toContain("550 mailbox unavailable");
    expect(page).toContain(">Send again</button>");

    const answer = await client.post(`/admin/outbox/${id}`, { form: { intent: "send-again" }, maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`/admin/outbox/${id}`);
    expect(answer.headers()["set-cookie"]).toMatch(/toast=/);
    expect(stored(id)).toEqual({ ...before, state: "queued", attempts: 0 });
    expect(queryTestDatabase("SELECT action, entity_id FROM audit_log WHERE actor_id = ? ORDER BY id DESC LIMIT 1", admin.adminId)).toEqual(
      [{ action: "outbox_message_requeued", entity_id: String(id) }],
    );
    expect(await (await client.get(`/admin/outbox/${id}`)).text()).not.toContain(">Send again</button>");
  });

  test("a message that did not fail, an unknown intent, a content manager and an unknown message change nothing", async () => {
    const sent = insertMessage("sent");
    const failed = insertMessage("failed");
    const { client } = await adminApiClient("admin");
    expect(await (await client.get(`/admin/outbox/${sent}`)).text()).not.toContain(">Send again</button>");
    const refused = await client.post(`/admin/outbox/${sent}`, { form: { intent: "send-again" }, maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(stored(sent)?.state).toBe("sent");

    expect((await client.post(`/admin/outbox/${failed}`, { form: { intent: "resend-all" } })).status()).toBe(400);
    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.post(`/admin/outbox/${failed}`, { form: { intent: "send-again" }, maxRedirects: 0 })).status()).toBe(403);
    expect((await client.post("/admin/outbox/99999999", { form: { intent: "send-again" } })).status()).toBe(404);
    expect(stored(failed)).toMatchObject({ state: "failed", attempts: 8 });
  });
});
