import { CONTACT_TEXT } from "../../app/content/messages/contact";
import { expect, test } from "./support/test";

// A form's result (a toast) is the first thing in the page's document, after
// only the skip link: a text browser or a screen reader meets it before the
// header, not after the footer. CSS shows it over the page's top right.

test("the contact form's 'Message Sent!' comes first in the page it leads to, before the header", async ({ request }) => {
  const sent = await request.post("/contact", {
    form: { name: "Asha Rao", email: "asha.first@example.com", subject: "Batches", message: "When is the next one?", consent: "on" },
    headers: { "x-forwarded-for": "198.51.100.41" },
  });
  expect(new URL(sent.url()).pathname).toBe("/contact");
  const html = await sent.text();
  const body = html.slice(html.indexOf("<body"));
  const result = body.indexOf(CONTACT_TEXT.sentTitle);
  expect(result).toBeGreaterThan(0);
  expect(result).toBeLessThan(body.indexOf("<header"));
  // The skip link stays the first thing to reach with the keyboard.
  expect(body.indexOf(">Skip to content</a>")).toBeLessThan(result);
});
