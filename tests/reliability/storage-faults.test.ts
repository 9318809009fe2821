import { resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { STORAGE_UNAVAILABLE_MESSAGE } from "../../app/utils/storage-faults.server";
import { markdownTable } from "../../scripts/reliability-report";
import { adminCookie, createAdmin, createStudent, studentCookie } from "../support/accounts";
import { contentFingerprint, withDatabase } from "../support/database";
import { get, postForm, postJson, visibleText } from "./support/http";
import { contactFields, insertEvent, registrationFields } from "../support/rows";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// A full disk and a database that cannot be written (read-only mount). The
// real server runs with a preload that turns the fault on and off on SIGUSR2
// (tests/reliability/fixtures/sqlite-faults.cjs); SQLite then fails exactly as
// on a real full or read-only disk. Writes must answer a clear 503, reads go
// on, nothing is half written, and writing works again once the fault clears.

const SITE_PORT = BASE_PORT + 20;
const FAULTS = resolve("tests/reliability/fixtures/sqlite-faults.cjs");
const figures: (string | number)[][] = [];

reportWhenAllPass(
  "storage-faults",
  () =>
    `## Disk full and read-only database (\`tests/reliability/storage-faults.test.ts\`)\n\nThe fault is switched on inside a running production server (SQLite's \`query_only\` for a read-only mount, \`max_page_count\` pinned to the file's size for a full disk). Writes answer 503 with "${STORAGE_UNAVAILABLE_MESSAGE}"\n\n${markdownTable(
      ["Fault", "Writes refused with 503", "Reads answered 200", "Rows changed by refused writes", "Writes after the fault clears"],
      figures,
    )}`,
);

type Fixture = { site: Site; eventId: number; couponId: number; student: string; admin: string };

async function startWithFault(fault: "read-only" | "disk-full"): Promise<Fixture> {
  const site = await startSite({ name: `storage-${fault}`, port: SITE_PORT, preload: FAULTS, env: { SQLITE_FAULT: fault } });
  const eventId = insertEvent("Risk management clinic", { title: "Risk management clinic", databasePath: site.database }).id;
  const couponId = withDatabase(
    (db) => Number(db.prepare("INSERT INTO coupons (code, percent_off) VALUES ('KEEPME10', 10)").run().lastInsertRowid),
    site.database,
  );
  const student = await studentCookie(site.database, await createStudent({}, site.database));
  const admin = await adminCookie(site.database, createAdmin("admin", site.database));
  return { site, eventId, couponId, student, admin };
}

async function switchFault(site: Site, expected: string) {
  const switched = site.printed(`sqlite-faults: ${expected}`, site.output().length);
  site.signal("SIGUSR2");
  await switched;
}

/** Every kind of write a visitor, a student or an admin makes; each must be refused with the 503. */
function writes(fixture: Fixture, marker: string): { name: string; send: () => Promise<Response>; page: boolean }[] {
  const { site, eventId, couponId } = fixture;
  return [
    { name: "contact (API)", page: false, send: () => postJson(`${site.url}/api/contact`, contactFields(`${marker}-api`)) },
    { name: "contact (form)", page: true, send: () => postForm(`${site.url}/contact`, contactFields(`${marker}-form`)) },
    { name: "newsletter (API)", page: false, send: () => postJson(`${site.url}/api/newsletter`, { email: `${marker}@example.test` }) },
    {
      name: "newsletter (form)",
      page: true,
      send: () => postForm(`${site.url}/newsletter`, { email: `${marker}-f@example.test`, redirectTo: "/blog" }),
    },
    {
      name: "event registration (API)",
      page: false,
      send: () => postJson(`${site.url}/api/events/${eventId}/register`, registrationFields(1), fixture.student),
    },
    {
      name: "event registration (form)",
      page: true,
      send: () => postForm(`${site.url}/events/${eventId}/register`, registrationFields(2), fixture.student),
    },
    {
      name: "sign-up (form)",
      page: true,
      send: () =>
        postForm(`${site.url}/signup`, {
          firstName: "Ravi",
          lastName: "Kumar",
          email: `${marker}-signup@example.test`,
          password: "a long enough password",
          confirmPassword: "a long enough password",
          adult: "on",
          consent: "on",
        }),
    },
    {
      name: "admin deletes a coupon",
      page: true,
      send: () => postForm(`${site.url}/admin/coupons/${couponId}`, { intent: "delete" }, fixture.admin),
    },
  ];
}

const READS = ["/", "/courses", "/events", "/blog", "/contact", "/api/courses", "/api/events", "/api/blog"];

async function expectReadsWork(fixture: Fixture): Promise<number> {
  const statuses = await Promise.all([
    ...READS.map(async (path) => [path, (await get(`${fixture.site.url}${path}`)).status] as const),
    ["/enrollment-form (student)", (await get(`${fixture.site.url}/enrollment-form`, fixture.student)).status] as const,
    ["/api/my-enrollments (student)", (await get(`${fixture.site.url}/api/my-enrollments`, fixture.student)).status] as const,
    ["/admin/coupons (admin)", (await get(`${fixture.site.url}/admin/coupons`, fixture.admin)).status] as const,
  ]);
  expect(Object.fromEntries(statuses)).toEqual(Object.fromEntries(statuses.map(([path]) => [path, 200])));
  return statuses.length;
}

async function expectWritesRefused(fixture: Fixture, marker: string): Promise<number> {
  const before = contentFingerprint(fixture.site.database);
  const answers = [];
  for (const write of writes(fixture, marker)) {
    const response = await write.send();
    const text = await visibleText(response);
    answers.push({ name: write.name, status: response.status, clear: text.includes(STORAGE_UNAVAILABLE_MESSAGE), page: write.page });
  }
  expect(answers).toEqual(answers.map((answer) => ({ ...answer, status: 503, clear: true })));
  expect(contentFingerprint(fixture.site.database)).toEqual(before);
  return answers.length;
}

describe("a read-only database", () => {
  let fixture: Fixture | undefined;
  afterAll(async () => fixture?.site.stop());

  test("writes answer 503 with a clear message and change nothing; reads keep working; writes resume after", async () => {
    fixture = await startWithFault("read-only");
    await switchFault(fixture.site, "read-only");
    const refused = await expectWritesRefused(fixture, "read-only");
    const reads = await expectReadsWork(fixture);

    await switchFault(fixture.site, "off");
    const resumed = await postJson(`${fixture.site.url}/api/contact`, contactFields("read-only-after"));
    expect(resumed.status).toBe(201);
    figures.push(["Read-only", refused, reads, 0, "201 Created"]);
  });
});

describe("a full disk", () => {
  let fixture: Fixture | undefined;
  afterAll(async () => fixture?.site.stop());

  test("once the file cannot grow, writes answer 503 and leave no partial rows; reads keep working", async () => {
    fixture = await startWithFault("disk-full");
    const { site } = fixture;
    await switchFault(site, "disk-full");

    // Rows still fit in the pages the file has; keep writing until one needs a new page.
    // A message this long always does (overflow pages), so from then on every one is refused.
    const acknowledged: string[] = [];
    const refusedMarkers: string[] = [];
    for (let attempt = 0; attempt < 400 && refusedMarkers.length < 6; attempt++) {
      const marker = `full-${attempt}`;
      const fields = { ...contactFields(marker), message: `${"Please call me about the SMC course. ".repeat(120)}${marker}` };
      const viaPage = attempt % 2 === 1;
      const response = viaPage ? await postForm(`${site.url}/contact`, fields) : await postJson(`${site.url}/api/contact`, fields);
      const text = await visibleText(response);
      if (response.status === 201 || response.status === 302) {
        expect(refusedMarkers).toEqual([]);
        acknowledged.push(marker);
      } else {
        expect({ status: response.status, clear: text.includes(STORAGE_UNAVAILABLE_MESSAGE) }).toEqual({ status: 503, clear: true });
        refusedMarkers.push(marker);
      }
    }
    expect(refusedMarkers).toHaveLength(6);
    const refused = refusedMarkers.length;

    const reads = await expectReadsWork(fixture);
    const stored = withDatabase(
      (db) => ({
        integrity: db.pragma("integrity_check", { simple: true }),
        subjects: (
          db.prepare("SELECT subject FROM contact_messages WHERE subject LIKE 'Batch timings full-%'").all() as { subject: string }[]
        ).map((row) => row.subject.replace("Batch timings ", "")),
      }),
      site.database,
    );
    expect(stored.integrity).toBe("ok");
    expect(stored.subjects.sort()).toEqual([...acknowledged].sort());

    await switchFault(site, "off");
    const resumed = await postJson(`${site.url}/api/contact`, contactFields("full-after"));
    expect(resumed.status).toBe(201);
    figures.push(["Disk full", refused, reads, 0, "201 Created"]);
  });
});
