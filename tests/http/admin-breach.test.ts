import {
  addCompletedEnrollment,
  adminApiClient,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  studentClient,
  test,
  type HttpClient,
} from "./support/test";

// /admin/breach: an admin writes the breach notice, confirms on a page that
// says how many students it reaches, and one mail per affected student is
// queued in the outbox with an audit row. Admins only.

const NOTICE = {
  description: "On 27 November 2026 a copy of the orders table was reachable at a wrong address for two hours.",
  consequences: "Your name, email address and the courses you bought may have been seen by someone else.",
  measures: "We closed the address within the hour and are reviewing every access to it.",
  advice: "Be careful of calls or messages that mention your course and ask for payment.",
};

const post = (client: HttpClient, intent: string, audiences: string[], fields = NOTICE) => {
  const body = new URLSearchParams({ intent, ...fields });
  for (const audience of audiences) body.append("audiences", audience);
  return client.post("/admin/breach", {
    data: body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
};

const breachMail = () =>
  queryTestDatabase<{ to_address: string; user_id: string; subject: string; text_body: string }>(
    "SELECT to_address, user_id, subject, text_body FROM outbox_messages WHERE kind = 'breach-notice' ORDER BY id",
  );
const breachAudits = () =>
  queryTestDatabase<{ actor_id: string; details: string }>("SELECT actor_id, details FROM audit_log WHERE action = 'breach_notice_sent'");
const studentsWithOrders = () =>
  queryTestDatabase<{ n: number }>("SELECT COUNT(*) AS n FROM users WHERE erased_at IS NULL AND id IN (SELECT user_id FROM orders)")[0]!.n;

describe("the breach notice", () => {
  test("a content manager is refused the page and the post, and nothing is queued", async () => {
    const { client } = await adminApiClient("content_manager");
    expect((await client.get("/admin/breach")).status()).toBe(403);
    expect((await post(client, "send", ["all"])).status()).toBe(403);
    expect(breachMail()).toEqual([]);
  });

  test("missing parts are refused with messages; the confirmation counts; sending queues one mail each and an audit row", async () => {
    const { client, admin } = await adminApiClient("admin");
    const { student: buyer } = await studentClient();
    const { student: other } = await studentClient();
    addCompletedEnrollment(buyer.id, makeCourse({ pricePaise: 99_900 }).id, 99_900);

    const refused = await post(client, "preview", [], { ...NOTICE, advice: "" });
    expect(refused.status()).toBe(400);
    const refusal = await refused.text();
    expect(refusal).toContain("Choose who is affected.");
    expect(refusal).toContain("What they can do is required.");

    const expected = studentsWithOrders();
    const preview = await post(client, "preview", ["orders"]);
    expect(preview.status()).toBe(200);
    const confirm = await preview.text();
    expect(confirm).toContain("Send the breach notice?");
    expect(confirm).toContain(`Yes, send to ${expected} student`);
    expect(breachMail()).toEqual([]);

    const sent = await post(client, "send", ["orders"]);
    expect(sent.status()).toBe(302);
    const mail = breachMail();
    expect(mail).toHaveLength(expected);
    expect(mail.map((row) => row.to_address)).toContain(buyer.email);
    expect(mail.map((row) => row.to_address)).not.toContain(other.email);
    const toBuyer = mail.find((row) => row.to_address === buyer.email)!;
    expect(toBuyer.user_id).toBe(buyer.id);
    expect(toBuyer.subject).toMatch(/^Important: a personal data breach at /);
    for (const text of Object.values(NOTICE)) expect(toBuyer.text_body).toContain(text);
    expect(toBuyer.text_body).toContain("What you can do");

    const audits = breachAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_id).toBe(admin.adminId);
    expect(JSON.parse(audits[0]!.details)).toMatchObject({ audiences: ["orders"], recipients: expected });
    expect(await (await client.get("/admin/breach")).text()).toContain(`Breach notice queued for ${expected} student`);
  });
});
