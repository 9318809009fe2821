import { describe, expect, test } from "vitest";
import { SETTINGS_DEFAULTS } from "~/schemas/site-settings";

const institute = { ...SETTINGS_DEFAULTS.institute, name: "Nifty School", email: "desk@nifty.example" };
import { disclaimerHtml, disclaimerShortForm } from "./disclaimer.server";

const withDisclaimer = (disclaimer: string, number?: string) => ({
  ...SETTINGS_DEFAULTS.regulatory,
  disclaimer,
  ...(number ? { sebiRegistrationNumber: number, registrationType: "research_analyst" as const } : {}),
});

describe("the disclaimer an admin writes in Markdown", () => {
  test("keeps its formatting and ends with the registration sentence made from the number", () => {
    const html = disclaimerHtml(withDisclaimer("**Education only.** Read [our terms](/terms).", "INH000012345"), institute);
    expect(html).toBe(
      '<p><strong>Education only.</strong> Read <a href="/terms" rel="noopener noreferrer nofollow">our terms</a>.</p>\n<p>SEBI registration no. INH000012345 (research analyst).</p>\n',
    );
  });

  test("never lets a script, an event handler or a javascript: link through", () => {
    const html = disclaimerHtml(
      withDisclaimer(
        'Hello <script>alert("x")</script> [click](javascript:alert(1)) <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">link</a>',
      ),
      institute,
    );
    expect(html).not.toMatch(/<script|javascript:|onerror|alert\(/i);
    expect(html).toContain("Hello");
    expect(html).toContain("is not registered with SEBI");
  });

  test("in the footer is its first paragraph as plain text, with the registration sentence", () => {
    expect(disclaimerShortForm(withDisclaimer("**Education only**, see [terms](/terms).\n\nSecond paragraph."), institute)).toEqual({
      summary: "Education only, see terms.",
      registration:
        "Nifty School is not registered with SEBI as an investment adviser or a research analyst, and gives no investment advice, recommendations or tips.",
    });
  });

  test("names the institute as the settings do now, wherever the text says {{name}} or {{email}}", () => {
    const html = disclaimerHtml(withDisclaimer("{{name}} teaches; write to {{email}}."), institute);
    expect(html).toContain(
      '<p>Nifty School teaches; write to <a href="mailto:desk@nifty.example" rel="noopener noreferrer nofollow">desk@nifty.example</a>.</p>',
    );
    expect(html).not.toContain("{{");
  });
});
