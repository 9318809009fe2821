import { describe, expect, test } from "vitest";
import { SETTINGS_DEFAULTS } from "~/schemas/site-settings";
import { disclaimerHtml, disclaimerShortForm } from "./disclaimer.server";

const withDisclaimer = (disclaimer: string, number?: string) => ({
  ...SETTINGS_DEFAULTS.regulatory,
  disclaimer,
  ...(number ? { sebiRegistrationNumber: number, registrationType: "research_analyst" as const } : {}),
});

describe("the disclaimer an admin writes in Markdown", () => {
  test("keeps its formatting and ends with the registration sentence made from the number", () => {
    const html = disclaimerHtml(withDisclaimer("**Education only.** Read [our terms](/terms).", "INH000012345"));
    expect(html).toBe(
      '<p><strong>Education only.</strong> Read <a href="/terms" rel="noopener noreferrer nofollow">our terms</a>.</p>\n<p>SEBI registration no. INH000012345 (research analyst).</p>\n',
    );
  });

  test("never lets a script, an event handler or a javascript: link through", () => {
    const html = disclaimerHtml(
      withDisclaimer(
        'Hello <script>alert("x")</script> [click](javascript:alert(1)) <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">link</a>',
      ),
    );
    expect(html).not.toMatch(/<script|javascript:|onerror|alert\(/i);
    expect(html).toContain("Hello");
    expect(html).toContain("is not registered with SEBI");
  });

  test("in the footer is its first paragraph as plain text, with the registration sentence", () => {
    expect(disclaimerShortForm(withDisclaimer("**Education only**, see [terms](/terms).\n\nSecond paragraph."))).toEqual({
      summary: "Education only, see terms.",
      registration:
        "TradeMaster Academy is not registered with SEBI as an investment adviser or a research analyst, and gives no investment advice, recommendations or tips.",
    });
  });
});
