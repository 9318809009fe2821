import { randomUUID } from "node:crypto";
import { adminApiClient, describe, expect, queryTestDatabase, test, withDatabase, type HttpResponse } from "./support/test";

// Sent mail keeps its contents for the months on the Retention card (at least
// 12, the DPDP Rules' year); the daily job then clears them and keeps the
// list of what was sent. The card takes the months, and the Outbox page of a
// cleared mail says why it is empty and offers nothing to send.

const storedRetention = () =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'retention'").map(
    (row) => JSON.parse(row.value) as Record<string, unknown>,
  )[0];

const visibleText = async (response: HttpResponse) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

const retentionForm = (mailContentMonths: string) => ({
  intent: "retention",
  leadMonths: "12",
  shareLinkDays: "7",
  mailContentMonths,
});

type Stored = { state: string; subject: string; text_body: string | null; attachments: string };
const stored = (id: number) =>
  queryTestDatabase<Stored>("SELECT state, subject, text_body, attachments FROM outbox_messages WHERE id = ?", id)[0];

/** A sent mail, its contents held (the text) or already removed by the retention job (null). */
function insertSentMail(text: string | null, sentAt: number): number {
  return withDatabase(
    (database) =>
      database
        .prepare(
          `INSERT INTO outbox_messages (kind, to_address, subject, text_body, html_body, attachments, message_id, state, attempts, sent_at, created_at)
           VALUES ('order-confirmation', 'asha@example.com', 'Your receipt for Swing Trading Basics', ?, ?, ?, ?, 'sent', 1, ?, ?)
           RETURNING id`,
        )
        .get(
          text,
          text === null ? null : `<p>${text}</p>`,
          text === null ? "[]" : JSON.stringify([{ filename: "receipt.pdf", contentType: "application/pdf", contentBase64: "UERG" }]),
          `<${randomUUID()}@example.test>`,
          sentAt,
          sentAt,
        ) as { id: number },
  ).id;
}

describe("the months sent mail keeps its contents", () => {
  test("fewer than 12, or not a number, is refused with a message and changes nothing; 18 is saved and shown", async () => {
    const { client } = await adminApiClient("admin");
    const before = storedRetention();
    const page = await visibleText(await client.get("/admin/settings"));
    expect(page).toContain("contents for N months");
    expect(page).toContain("the list of what was sent stays: recipient, subject, date and state");

    for (const [months, message] of [
      ["11", "Months to keep the contents of sent mail must be at least 12"],
      ["1", "Months to keep the contents of sent mail must be at least 12"],
      ["121", "Months to keep the contents of sent mail must be at most 120"],
      ["six", "Months to keep the contents of sent mail must be a whole number"],
    ] as const) {
      const refused = await client.post("/admin/settings", { form: retentionForm(months) });
      expect(refused.status(), months).toBe(400);
      expect(await visibleText(refused), months).toContain(message);
      expect(storedRetention(), months).toEqual(before);
    }

    const saved = await client.post("/admin/settings", { form: retentionForm("18"), maxRedirects: 0 });
    expect(saved.status()).toBe(302);
    expect(storedRetention()).toEqual({ leadMonths: 12, shareLinkDays: 7, mailContentMonths: 18 });
    expect(await (await client.get("/admin/settings")).text()).toMatch(
      /name="mailContentMonths"[^>]*value="18"|value="18"[^>]*name="mailContentMonths"/,
    );

    // Left empty: the default year, and the key is not stored.
    await client.post("/admin/settings", { form: retentionForm(""), maxRedirects: 0 });
    expect(storedRetention()).toEqual({ leadMonths: 12, shareLinkDays: 7 });
  });

  test("the card says how many sent mails the next run clears", async () => {
    const { client } = await adminApiClient("admin");
    withDatabase((database) => database.prepare("DELETE FROM outbox_messages").run());
    insertSentMail("Thank you for your order.", Date.now() - 400 * 86_400_000);
    insertSentMail("Thank you for your order.", Date.now() - 30 * 86_400_000);
    insertSentMail(null, Date.now() - 800 * 86_400_000);
    expect(await visibleText(await client.get("/admin/settings"))).toContain(
      "The contents of 1 sent mail will be removed at the next run.",
    );
  });
});

describe("the Outbox page of a mail whose contents were removed", () => {
  test("says why there is no text, offers no Send again, and refuses one with a clear message", async () => {
    const { client } = await adminApiClient("admin");
    await client.post("/admin/settings", { form: retentionForm("24"), maxRedirects: 0 });
    const removed = insertSentMail(null, Date.parse("2024-01-10T06:00:00Z"));
    const held = insertSentMail("Thank you for your order, Asha.", Date.now() - 86_400_000);

    const page = await client.get(`/admin/outbox/${removed}`);
    expect(page.status()).toBe(200);
    const html = await visibleText(page);
    expect(html).toContain("Your receipt for Swing Trading Basics");
    expect(html).toContain("asha@example.com");
    expect(html).toContain(
      "The contents of this mail were removed, as the retention setting says: sent mail keeps its text and attachments for 24 months",
    );
    expect(html).not.toContain(">Send again</button>");
    expect(html).not.toContain("Attachments");
    expect((await client.get(`/admin/outbox/${removed}/attachments/1`)).status()).toBe(404);

    const heldPage = await visibleText(await client.get(`/admin/outbox/${held}`));
    expect(heldPage).toContain("Thank you for your order, Asha.");
    expect(heldPage).not.toContain("The contents of this mail were removed");

    const before = stored(removed);
    const refused = await client.post(`/admin/outbox/${removed}`, { form: { intent: "send-again" } });
    expect(refused.status()).toBe(200);
    expect(await visibleText(refused)).toContain("There is nothing left to send.");
    expect(stored(removed)).toEqual(before);
    expect(before).toEqual({ state: "sent", subject: "Your receipt for Swing Trading Basics", text_body: null, attachments: "[]" });
  });
});
