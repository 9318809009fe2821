import { configureSite } from "./support/in-process-site";
import { expect, test } from "./support/test";

// A site with Google Analytics configured: the tag is on the page of a visitor who
// accepted it (tests/http/analytics-consent.test.ts: not before), and the CSP allows it.
const TRACKING_ID = "G-E2ETEST123";
configureSite({ GA_TRACKING_ID: TRACKING_ID });

test("the analytics tag is on the page when a tracking ID is configured and the visitor accepted analytics", async ({ request }) => {
  request.addCookie("analytics_consent", "granted");
  const response = await request.get("/");
  const html = await response.text();
  expect(html).toContain(`https://www.googletagmanager.com/gtag/js?id=${TRACKING_ID}`);
  expect(response.headers()["content-security-policy"]).toContain("https://www.googletagmanager.com");
});
