import { configureSite } from "./support/in-process-site";
import { describe, expect, studentClient, test } from "./support/test";

// The privacy notice names every outside service that may receive personal
// data, what each receives, and which of them this site uses now.
configureSite({ GA_TRACKING_ID: "G-RECIPIENTS1", STRIPE_SECRET_KEY: "sk_test_recipients", STRIPE_PUBLISHABLE_KEY: "pk_test_recipients" });

/** The recipient's line in the notice, from its name to the end of the list item. */
function recipientLine(html: string, name: string): string {
  const start = html.indexOf(`<strong class="font-semibold">${name.replace(/'/g, "&#x27;")}</strong>`);
  expect(start, name).toBeGreaterThan(-1);
  return html
    .slice(start, html.indexOf("</li>", start))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&apos;/g, "'");
}

describe("who else receives your data", () => {
  test("/privacy and /account/privacy list every recipient with what it receives, marking those in use", async ({ request }) => {
    const { client } = await studentClient();
    const pages = [await (await request.get("/privacy")).text(), await (await client.get("/account/privacy")).text()];
    for (const html of pages) {
      expect(html).toContain("Who else receives your data");
      expect(recipientLine(html, "Stripe")).toMatch(/payment provider.*email address.*amount.*In use on this site\./);
      expect(recipientLine(html, "Google Analytics")).toMatch(
        /only if you accept analytics cookies.*pages you visit.*In use on this site\./,
      );
      expect(recipientLine(html, "Razorpay")).toContain("Not in use on this site now.");
      expect(recipientLine(html, "Our mail (SMTP) provider")).toMatch(/email address.*Not in use on this site now\./);
      expect(recipientLine(html, "The chat assistant's language model")).toMatch(/question you type.*Not in use on this site now\./);
    }
  });
});
