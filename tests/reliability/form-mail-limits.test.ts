import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_FORM_LIMITS } from "../../app/services/throttle/public-form-limits";
import { markdownTable } from "../../scripts/reliability-report";
import { countRows, withDatabase } from "../support/database";
import { percentile, postFormAsClient, timed, visibleText } from "./support/http";
import { contactFields } from "../support/rows";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// The contact form as a script uses it to send mail: a hundred posts from one
// address, page and JSON API, against the production server behind a "proxy"
// on loopback (TRUST_PROXY=loopback, so X-Forwarded-For names the client).
// Decision 0013 has the rule: 40 posts per address an hour, 3 acknowledgements
// per recipient a day. Mail waits in the outbox (no SMTP_URL): what would be
// sent is counted there.

const SITE_PORT = BASE_PORT + 244;
const POSTS = 100;
const REFUSALS_TIMED = 20;
const { postsPerClientPerHour, acknowledgementsPerRecipientPerDay } = PUBLIC_FORM_LIMITS;
const TOO_MANY = /Too many messages from your network\. Please wait (59|60) minutes and try again\./;

let site: Site;
const figures = {
  burst: { accepted: 0, refused: 0, stored: 0, acknowledgements: 0, retryAfter: "", wallMs: 0 },
  sequence: { accepted: 0, refused: 0, acknowledgements: 0 },
  refusal: { p50: 0, p99: 0, max: 0 },
  neighbour: 0,
};

reportWhenAllPass("form-mail-limits", () => {
  const { burst, sequence, refusal, neighbour } = figures;
  return `## Forms that mail someone (\`tests/reliability/form-mail-limits.test.ts\`)

Contact posts as a script sends them, half to \`/contact\` and half to \`/api/contact\`, each naming its client in
\`X-Forwarded-For\` to a server started with \`TRUST_PROXY=loopback\`; mail waits in the outbox and is counted there
(decision 0013: ${postsPerClientPerHour} posts of a form per address an hour, ${acknowledgementsPerRecipientPerDay} acknowledgements per recipient a day).

${markdownTable(
  ["Attack", "Before (measured on the old code)", "Now"],
  [
    [
      `${POSTS} contact posts at once from one address, all naming one recipient`,
      `${POSTS} accepted and stored, ${POSTS} acknowledgements queued to the recipient, each repeating the subject`,
      `${burst.accepted} accepted and stored (${burst.stored} rows) in the hour, ${burst.refused} refused with 429 (Retry-After ${burst.retryAfter} s), nothing stored for them; ${burst.acknowledgements} acknowledgements queued to the recipient, repeating nothing typed; ${Math.round(burst.wallMs)} ms for the burst`,
    ],
    [
      `${POSTS} contact posts one after another from another address, each naming a new recipient`,
      `${POSTS} acknowledgements queued`,
      `${sequence.accepted} accepted, ${sequence.refused} refused; ${sequence.acknowledgements} acknowledgements queued`,
    ],
    [
      `Answer time of a refused post (${REFUSALS_TIMED} in a row, page and API)`,
      "—",
      `p50 ${refusal.p50} ms, p99 ${refusal.p99} ms, at most ${refusal.max} ms`,
    ],
    ["A visitor on a third address meanwhile", "201", String(neighbour)],
  ],
)}
`;
});

beforeAll(async () => {
  site = await startSite({ name: "form-mail-limits", port: SITE_PORT, env: { TRUST_PROXY: "loopback" } });
});

afterAll(async () => {
  await site?.stop();
});

/** One contact post from `client`: the page's form or the JSON API, as a browser or a script sends them. */
async function postContact(client: string, fields: Record<string, string>, viaPage: boolean): Promise<Response> {
  if (viaPage) return postFormAsClient(site.url, "/contact", fields, client);
  return fetch(`${site.url}/api/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-Forwarded-For": client },
    body: JSON.stringify({ ...fields, consent: true }),
  });
}

const accepted = (response: Response, viaPage: boolean) =>
  viaPage ? response.status === 302 && response.headers.get("Location") === "/contact" : response.status === 201;

const acknowledgementsTo = (email: string) =>
  countRows(site.database, "outbox_messages", "to_address = ? AND kind = 'contact-acknowledgement'", email);

async function expectRefusal(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(3500);
  expect(await visibleText(response)).toMatch(TOO_MANY);
}

describe(`${POSTS} contact posts from one address`, () => {
  it(`at once, all to one recipient: ${postsPerClientPerHour} stored, the rest refused; ${acknowledgementsPerRecipientPerDay} acknowledgements`, async () => {
    const client = "198.51.100.7";
    const recipient = `target-${randomUUID().slice(0, 8)}@example.test`;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: POSTS }, async (_, index) => {
        const fields = { ...contactFields(`mailcap-burst-${index}`), email: recipient };
        const viaPage = index % 2 === 0;
        const response = await postContact(client, fields, viaPage);
        const ok = accepted(response, viaPage);
        if (!ok) await expectRefusal(response);
        else await response.arrayBuffer();
        return { ok, retryAfter: response.headers.get("Retry-After") };
      }),
    );
    figures.burst.wallMs = performance.now() - started;

    figures.burst.accepted = answers.filter((answer) => answer.ok).length;
    figures.burst.refused = answers.filter((answer) => !answer.ok).length;
    figures.burst.retryAfter = answers.find((answer) => !answer.ok)?.retryAfter ?? "";
    figures.burst.stored = countRows(site.database, "contact_messages", "subject LIKE 'Batch timings mailcap-burst-%'");
    figures.burst.acknowledgements = acknowledgementsTo(recipient);
    expect(figures.burst.accepted).toBe(postsPerClientPerHour);
    expect(figures.burst.refused).toBe(POSTS - postsPerClientPerHour);
    expect(figures.burst.stored).toBe(postsPerClientPerHour);
    expect(figures.burst.acknowledgements).toBe(acknowledgementsPerRecipientPerDay);
    const queued = withDatabase(
      (db) =>
        db.prepare("SELECT subject || text_body || html_body AS mail FROM outbox_messages WHERE to_address = ?").pluck().all(recipient),
      site.database,
    ) as string[];
    expect(queued.filter((mail) => mail.includes("mailcap-burst") || mail.includes("Asha"))).toEqual([]);
  });

  it(`one after another, each to a new recipient: ${postsPerClientPerHour} acknowledgements at most; a refusal answers at once`, async () => {
    const client = "198.51.100.8";
    const recipients: string[] = [];
    const refusedMs: number[] = [];
    for (let index = 0; index < POSTS; index++) {
      const recipient = `reader-${index}-${randomUUID().slice(0, 8)}@example.test`;
      recipients.push(recipient);
      const viaPage = index % 2 === 0;
      const { value: response, ms } = await timed(() =>
        postContact(client, { ...contactFields(`mailcap-sequence-${index}`), email: recipient }, viaPage),
      );
      if (accepted(response, viaPage)) {
        figures.sequence.accepted++;
        await response.arrayBuffer();
      } else {
        figures.sequence.refused++;
        await expectRefusal(response);
        refusedMs.push(ms);
      }
    }
    // More refusals, each timed alone once the allowance is spent.
    for (let index = 0; index < REFUSALS_TIMED; index++) {
      const viaPage = index % 2 === 0;
      const { value: response, ms } = await timed(() => postContact(client, contactFields(`mailcap-timed-${index}`), viaPage));
      await expectRefusal(response);
      refusedMs.push(ms);
    }
    figures.sequence.acknowledgements = recipients.reduce((sum, recipient) => sum + acknowledgementsTo(recipient), 0);
    const timedAlone = refusedMs.slice(-REFUSALS_TIMED);
    figures.refusal = {
      p50: Math.round(percentile(timedAlone, 50)),
      p99: Math.round(percentile(timedAlone, 99)),
      max: Math.round(Math.max(...timedAlone)),
    };

    expect(figures.sequence.accepted).toBe(postsPerClientPerHour);
    expect(figures.sequence.refused).toBe(POSTS - postsPerClientPerHour);
    expect(figures.sequence.acknowledgements).toBe(postsPerClientPerHour);
    expect(countRows(site.database, "contact_messages", "subject LIKE 'Batch timings mailcap-timed-%'")).toBe(0);
    // A refusal is an answer, not a delay: nothing is parsed past the schema, nothing is written.
    expect(figures.refusal.p99).toBeLessThan(500);

    const neighbour = await postContact("198.51.100.9", contactFields("mailcap-neighbour"), false);
    figures.neighbour = neighbour.status;
    expect(neighbour.status).toBe(201);
  });
});
