import { remindAndOfferSeats } from "../../app/services/events/event-reminders.server";
import { addRegistration, describe, expect, SITE_ORIGIN, studentClient, test, withDatabase, type HttpClient } from "./support/test";

// A full event's waitlist from the register dialog: a student joins at the
// back (a plain form, so it works without JavaScript), sees their place, and
// when a seat frees the worker's sweep mails the first in line and keeps the
// seat for them: others are still told it is full, they can register. The
// offer's wording is checked in app/services/mail/event-seats.server.test.ts;
// here the worker's minute runs in this process, as server.ts runs it.

const dialog = (eventId: number) => `/events/${eventId}/register`;
const markup = async (client: HttpClient, path: string) => (await (await client.get(path)).text()).replaceAll("<!-- -->", "");
const joinWaitlist = (client: HttpClient, eventId: number) =>
  client.post(dialog(eventId), { form: { intent: "join-waitlist" }, maxRedirects: 0 });
const waitlistRows = (eventId: number) =>
  withDatabase(
    (database) =>
      database.prepare("SELECT user_id, status FROM waitlist WHERE event_id = ? ORDER BY id").all(eventId) as Array<{
        user_id: string;
        status: string;
      }>,
  );
const offersTo = (email: string) =>
  withDatabase(
    (database) =>
      database
        .prepare("SELECT subject, text_body FROM outbox_messages WHERE to_address = ? AND kind = 'event-waitlist-offer'")
        .all(email) as Array<{
        subject: string;
        text_body: string;
      }>,
  );

describe("the waitlist of a full event", () => {
  test("students join in order and see their place; a freed seat is offered by mail to the first and kept for them", async ({
    makeEvent,
  }) => {
    const event = makeEvent("Waitlist full", { maxParticipants: 1 });
    const { student: seated } = await studentClient();
    addRegistration(event.id, seated);
    const first = await studentClient();
    const second = await studentClient();

    expect(await markup(first.client, dialog(event.id))).toContain("Join the waitlist");
    const joined = await joinWaitlist(first.client, event.id);
    expect(joined.status()).toBe(302);
    expect(joined.headers()["location"]).toBe("/events");
    expect((await joinWaitlist(second.client, event.id)).status()).toBe(302);
    expect(waitlistRows(event.id)).toEqual([
      { user_id: first.student.id, status: "waiting" },
      { user_id: second.student.id, status: "waiting" },
    ]);
    const secondView = await markup(second.client, dialog(event.id));
    expect(secondView).toContain("You are number 2 on the waitlist.");
    expect(secondView).not.toContain("Join the waitlist");
    // Joining twice changes nothing.
    expect((await joinWaitlist(second.client, event.id)).status()).toBe(303);
    expect(waitlistRows(event.id)).toHaveLength(2);

    // The seated student leaves; the sweep offers the seat to the first in line only.
    withDatabase((database) => database.prepare("DELETE FROM event_registrations WHERE event_id = ?").run(event.id));
    expect(remindAndOfferSeats()).toBe(1);
    const [offer] = offersTo(first.student.email);
    expect(offer?.subject).toBe(`A seat is free for you: ${event.title}`);
    expect(offer?.text_body).toContain(`${SITE_ORIGIN}${dialog(event.id)}`);
    expect(offersTo(second.student.email)).toEqual([]);

    // The seat is kept: the second student is still told it is full, the first can register.
    expect(await markup(second.client, dialog(event.id))).toContain("This event is full.");
    expect(await markup(first.client, dialog(event.id))).toContain("A seat has freed up and is kept for you until");
    const registered = await first.client.post(dialog(event.id), {
      form: { name: "Asha Rao", email: first.student.email, phone: "9876543210", consent: "on" },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(302);
    expect(waitlistRows(event.id)[0]).toEqual({ user_id: first.student.id, status: "taken" });
  });

  test("an event with seats free has no waitlist: a post to join is sent back to the form", async ({ makeEvent }) => {
    const event = makeEvent("Waitlist roomy", { maxParticipants: 5 });
    const { client } = await studentClient();
    expect(await markup(client, dialog(event.id))).not.toContain("Join the waitlist");
    const refused = await joinWaitlist(client, event.id);
    expect(refused.status()).toBe(303);
    expect(refused.headers()["location"]).toBe(dialog(event.id));
    expect(waitlistRows(event.id)).toEqual([]);
  });
});
