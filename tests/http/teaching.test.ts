import ExcelJS from "exceljs";
import {
  adminApiClient,
  auditActionsOf,
  clientWithCookie,
  createAdmin,
  createStudent,
  describe,
  expect,
  makeCourse,
  plantAdminSession,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
  type HttpClient,
  type Student,
} from "./support/test";

// The Teaching tab: a mentor's account signs in like an admin's but sees only
// the batches it teaches (404 for any other, so their existence is not told)
// and no other part of the panel; it marks attendance by hand (a plain form
// post, as without JavaScript) or from Zoom's or Google Meet's participant
// report, and downloads the attendance register as Excel.

const CLASS = Date.parse("2030-12-02T13:30:00Z");
const DAY = 86_400_000;

/** The page's text as read: tags out, spaces collapsed, quotes unescaped. */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

function insertMentor(name: string): number {
  return withDatabase((database) =>
    Number(database.prepare("INSERT INTO mentors (name, title, bio) VALUES (?, 'Mentor', 'Bio')").run(name).lastInsertRowid),
  );
}

type Arranged = { course: number; batch: number; sessions: number[]; name: string };

/** A batch of a fresh course led by `leadMentor`, with two sessions a day apart, and the students seated in it. */
function arrangeBatch(leadMentor: number | null, students: Student[], label = "Batch"): Arranged {
  const course = makeCourse({ pricePaise: 0, title: uniqueTitle("Teaching course") });
  const name = uniqueTitle(label);
  return withDatabase((database) => {
    const batch = Number(
      database
        .prepare("INSERT INTO batches (course_id, name, starts_on, ends_on, lead_mentor_id) VALUES (?, ?, '2030-12-01', '2031-01-31', ?)")
        .run(course.id, name, leadMentor).lastInsertRowid,
    );
    const session = database.prepare(
      "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, ?, ?, 90, 'https://meet.jit.si/teaching', 1)",
    );
    const sessions = [
      Number(session.run(batch, "Support and resistance", CLASS).lastInsertRowid),
      Number(session.run(batch, "Position sizing", CLASS + DAY).lastInsertRowid),
    ];
    const seat = database.prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)");
    students.forEach((student, index) => seat.run(batch, course.id, student.id, Date.parse("2030-11-20T05:00:00Z") + index * 60_000));
    return { course: course.id, batch, sessions, name };
  });
}

async function mentorClient(mentorId: number): Promise<{ client: HttpClient; adminId: string }> {
  const account = createAdmin("mentor", undefined, mentorId);
  return { client: await clientWithCookie(await plantAdminSession(account)), adminId: account.adminId };
}

const marksOf = (session: number) =>
  queryTestDatabase<{ user_id: string; attended: number | null; joined_at: number | null }>(
    "SELECT user_id, attended, joined_at FROM session_attendance WHERE session_id = ? ORDER BY user_id",
    session,
  );

const batchPage = (batch: number) => `/admin/teaching/${batch}`;
const sessionPage = (batch: number, session: number) => `/admin/teaching/${batch}/sessions/${session}`;

/** Two batches, A led by Meera (with two students) and B led by another mentor (one student). */
async function twoBatches() {
  const meera = insertMentor(uniqueTitle("Meera"));
  const other = insertMentor(uniqueTitle("Other mentor"));
  const [asha, ravi, outsider] = [
    await createStudent({ firstName: "Asha", lastName: "Rao" }),
    await createStudent({ firstName: "Ravi", lastName: "Iyer" }),
    await createStudent({ firstName: "Kiran", lastName: "Das" }),
  ];
  const a = arrangeBatch(meera, [asha, ravi], "Batch A");
  const b = arrangeBatch(other, [outsider], "Batch B");
  return { meera, other, asha, ravi, outsider, a, b, ...(await mentorClient(meera)) };
}

describe("who may open the teaching pages", () => {
  test("a mentor sees their own batch and no other (404 for B's pages and posts), and no other part of the panel", async () => {
    const { client, a, b, outsider } = await twoBatches();
    const list = visible(await (await client.get("/admin/teaching")).text());
    expect(list).toContain(a.name);
    expect(list).not.toContain(b.name);

    expect((await client.get(batchPage(a.batch))).status()).toBe(200);
    expect((await client.get(sessionPage(a.batch, a.sessions[0]!))).status()).toBe(200);
    expect((await client.get(`${batchPage(a.batch)}/attendance.xlsx`)).status()).toBe(200);
    for (const path of [batchPage(b.batch), sessionPage(b.batch, b.sessions[0]!), `${batchPage(b.batch)}/attendance.xlsx`])
      expect((await client.get(path)).status(), path).toBe(404);
    // B's session under A's address is no more found than under its own.
    expect((await client.get(sessionPage(a.batch, b.sessions[0]!))).status()).toBe(404);
    const forged = await client.post(sessionPage(b.batch, b.sessions[0]!), { form: { [`attended:${outsider.id}`]: "yes" } });
    expect(forged.status()).toBe(404);
    const forgedReport = await client.post(sessionPage(b.batch, b.sessions[0]!), {
      multipart: {
        intent: "report",
        report: { name: "zoom.csv", mimeType: "text/csv", buffer: Buffer.from(`User Email\n${outsider.email}\n`) },
      },
    });
    expect(forgedReport.status()).toBe(404);
    expect(marksOf(b.sessions[0]!)).toEqual([]);

    for (const path of [
      "/admin/courses",
      `/admin/courses/${a.course}/batches`,
      "/admin/users",
      "/admin/events",
      "/admin/mentors",
      "/admin/settings",
    ])
      expect((await client.get(path, { maxRedirects: 0 })).status(), path).toBe(403);
    const home = await client.get("/admin", { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers().location).toBe("/admin/teaching");
    // The panel's tabs: Teaching alone.
    const tabs =
      [...(await (await client.get("/admin/teaching")).text()).matchAll(/<nav aria-label="Admin sections".*?<\/nav>/gs)][0]?.[0] ?? "";
    expect(visible(tabs).trim()).toBe("Teaching");
  });

  test("a content manager cannot open the teaching pages; the admin opens every batch's", async () => {
    const { a, b } = await twoBatches();
    const { client: manager } = await adminApiClient("content_manager");
    for (const path of [
      "/admin/teaching",
      batchPage(a.batch),
      sessionPage(a.batch, a.sessions[0]!),
      `${batchPage(a.batch)}/attendance.xlsx`,
    ])
      expect((await manager.get(path)).status(), path).toBe(403);
    expect(await (await manager.get(`/admin/courses/${a.course}/batches`)).text()).not.toContain(`href="${batchPage(a.batch)}"`);

    const { client: admin } = await adminApiClient();
    const list = visible(await (await admin.get("/admin/teaching")).text());
    expect(list).toContain(a.name);
    expect(list).toContain(b.name);
    expect((await admin.get(sessionPage(b.batch, b.sessions[1]!))).status()).toBe(200);
    expect(await (await admin.get(`/admin/courses/${a.course}/batches`)).text()).toContain(`href="${batchPage(a.batch)}"`);
  });

  test("a mentor who teaches one session of another's batch sees that batch", async () => {
    const guest = insertMentor(uniqueTitle("Guest mentor"));
    const batch = arrangeBatch(insertMentor(uniqueTitle("Lead")), [], "Guest batch");
    withDatabase((database) => database.prepare("UPDATE batch_sessions SET mentor_id = ? WHERE id = ?").run(guest, batch.sessions[1]));
    const { client } = await mentorClient(guest);
    expect(visible(await (await client.get("/admin/teaching")).text())).toContain(batch.name);
    expect((await client.get(sessionPage(batch.batch, batch.sessions[0]!))).status()).toBe(200);
  });
});

describe("a batch's page", () => {
  test("lists its sessions in IST with their counts, and its students by name, address and seat date, without phones", async () => {
    const { client, a, asha, ravi } = await twoBatches();
    withDatabase((database) =>
      database
        .prepare("INSERT INTO session_attendance (session_id, user_id, joined_at, attended) VALUES (?, ?, ?, 1), (?, ?, NULL, 0)")
        .run(a.sessions[0], asha.id, CLASS + 60_000, a.sessions[0], ravi.id),
    );
    const page = visible(await (await client.get(batchPage(a.batch))).text());
    expect(page).toContain("Past sessions");
    expect(page).toContain("Support and resistance");
    expect(page).toContain("Dec 2, 2030, 7:00 pm IST · 90 min");
    expect(page).toContain("1 present · 1 absent · 1 joined");
    expect(page).toContain("Asha Rao");
    expect(page).toContain(ravi.email);
    expect(page).toContain("Nov 20, 2030");
    expect(page).not.toContain("Phone");
  });
});

describe("marking attendance", () => {
  test("a mentor marks their batch's students by a plain form post: saved, audited, back to the batch; a forged field saves nothing", async () => {
    const { client, adminId, a, asha, ravi, outsider } = await twoBatches();
    const session = a.sessions[0]!;
    const page = visible(await (await client.get(sessionPage(a.batch, session))).text());
    expect(page).toContain("Attendance: Support and resistance");
    expect(page).toContain("Asha Rao");
    expect(page).toContain("Did not press Join");

    const forged = await client.post(sessionPage(a.batch, session), { form: { [`attended:${asha.id}`]: "yes", role: "admin" } });
    expect(forged.status()).toBe(400);
    expect(marksOf(session)).toEqual([]);

    const saved = await client.post(sessionPage(a.batch, session), {
      form: { [`attended:${asha.id}`]: "yes", [`attended:${ravi.id}`]: "no", [`attended:${outsider.id}`]: "yes" },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    expect(saved.headers().location).toBe(batchPage(a.batch));
    expect(marksOf(session)).toEqual(
      [
        { user_id: asha.id, attended: 1, joined_at: null },
        { user_id: ravi.id, attended: 0, joined_at: null },
      ].sort((x, y) => x.user_id.localeCompare(y.user_id)),
    );
    expect(auditActionsOf({ adminId }).map((row) => [row.action, row.entityId])).toContainEqual([
      "session_attendance_updated",
      String(session),
    ]);
    expect(visible(await (await client.get(batchPage(a.batch))).text())).toContain("Attendance saved");
  });

  test("a cancelled session takes no marks and no report, and says why", async () => {
    const { client, a, asha } = await twoBatches();
    const session = a.sessions[1]!;
    withDatabase((database) => database.prepare("UPDATE batch_sessions SET cancelled_at = ? WHERE id = ?").run(Date.now(), session));
    const page = visible(await (await client.get(sessionPage(a.batch, session))).text());
    expect(page).toContain("This session was cancelled: there is no attendance to mark.");
    expect(page).not.toContain("Save Attendance");
    const marked = await client.post(sessionPage(a.batch, session), { form: { [`attended:${asha.id}`]: "yes" } });
    expect(marked.status()).toBe(409);
    expect(visible(await marked.text())).toContain("This session was cancelled: there is no attendance to mark. Nothing was saved.");
    const reported = await upload(client, sessionPage(a.batch, session), "report.csv", Buffer.from(`Email\n${asha.email}\n`));
    expect(reported.status()).toBe(409);
    expect(marksOf(session)).toEqual([]);
  });
});

const zoomReport = (rows: string[]) =>
  Buffer.from(
    [
      "\ufeffMeeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants,",
      `812 3456 7890,Support and resistance,12/02/2030 07:00:00 PM,12/02/2030 08:30:00 PM,host@institute.example,90,${rows.length},`,
      "",
      "Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest,Recording Consent",
      ...rows,
    ].join("\r\n"),
  );

const upload = (client: HttpClient, path: string, name: string, buffer: Buffer, mimeType = "text/csv") =>
  client.post(path, { multipart: { intent: "report", report: { name, mimeType, buffer } } });

describe("a participant report", () => {
  test("Zoom's marks the listed students present (Join time kept), names the addresses that are no student's, and marks no one else", async () => {
    const { client, a, b, asha, ravi, outsider } = await twoBatches();
    const session = a.sessions[0]!;
    withDatabase((database) =>
      database
        .prepare("INSERT INTO session_attendance (session_id, user_id, joined_at) VALUES (?, ?, ?)")
        .run(session, asha.id, CLASS + 60_000),
    );
    const answer = await upload(
      client,
      sessionPage(a.batch, session),
      "participants_81234567890.csv",
      zoomReport([
        `Asha Rao,${asha.email.toUpperCase()},12/02/2030 07:01:00 PM,12/02/2030 08:30:00 PM,89,No,Y`,
        `Kiran Das, ${outsider.email} ,12/02/2030 07:02:00 PM,12/02/2030 08:30:00 PM,88,No,Y`,
        "Visitor,,12/02/2030 07:03:00 PM,12/02/2030 07:10:00 PM,7,Yes,",
        "Stranger,stranger@example.net,12/02/2030 07:04:00 PM,12/02/2030 08:30:00 PM,86,No,Y",
      ]),
    );
    expect(answer.status()).toBe(200);
    expect(answer.url()).toContain(sessionPage(a.batch, session));
    const page = visible(await answer.text());
    expect(page).toContain("1 student marked present from the Zoom participant report");
    expect(page).toContain(`Not students of this batch (not marked): ${outsider.email}, stranger@example.net.`);
    expect(page).toContain("1 row had no email address.");
    expect(marksOf(session)).toEqual([{ user_id: asha.id, attended: 1, joined_at: CLASS + 60_000 }]);
    // The other student is left as they were; the outsider is marked nowhere.
    expect(marksOf(session).some((row) => row.user_id === ravi.id)).toBe(false);
    expect(marksOf(b.sessions[0]!)).toEqual([]);
  });

  test("Google Meet's attendance report marks its students present", async () => {
    const { client, adminId, a, asha, ravi } = await twoBatches();
    const session = a.sessions[1]!;
    const report = [
      "First name,Last name,Email,Duration,Time joined,Time exited",
      `Asha,Rao,${asha.email},1 hr 28 min,7:01 PM,8:30 PM`,
      `Ravi,Iyer,${ravi.email},45 min,7:10 PM,7:55 PM`,
    ];
    const page = visible(
      await (await upload(client, sessionPage(a.batch, session), "Attendance report.csv", Buffer.from(report.join("\n")))).text(),
    );
    expect(page).toContain("2 students marked present from the Google Meet attendance report");
    expect(page).toContain("Every address in the report is a student's of this batch.");
    expect(marksOf(session).map((row) => row.attended)).toEqual([1, 1]);
    expect(auditActionsOf({ adminId }).map((row) => row.action)).toContain("session_attendance_updated");
  });

  test("a file that is no report is refused with a message, and nothing changes", async () => {
    const { client, a, asha } = await twoBatches();
    const path = sessionPage(a.batch, a.sessions[0]!);
    const refusals: [string, Buffer, string, number, string][] = [
      ["report.pdf", Buffer.from("%PDF-1.7\n1 0 obj\n"), "application/pdf", 400, "This file is not a CSV file."],
      [
        "names.csv",
        Buffer.from(`Name,Joined\nAsha Rao,7:01 PM\n${asha.email},x\n`),
        "text/csv",
        400,
        "No column of email addresses was found.",
      ],
      ["broken.csv", Buffer.from(`Name,Email\n"Asha,${asha.email}\n`), "text/csv", 400, "This CSV file could not be read"],
      [
        "big.csv",
        Buffer.from(`User Email\n${asha.email}\n${"x".repeat(1024 * 1024)}`),
        "text/csv",
        413,
        "The report must be 1 MB or smaller",
      ],
    ];
    for (const [name, buffer, mimeType, status, message] of refusals) {
      const answer = await upload(client, path, name, buffer, mimeType);
      expect(answer.status(), name).toBe(status);
      expect(visible(await answer.text()), name).toContain(message);
    }
    const none = await client.post(path, { multipart: { intent: "report" } });
    expect(none.status()).toBe(400);
    expect(visible(await none.text())).toContain("Choose the report's CSV file");
    expect(marksOf(a.sessions[0]!)).toEqual([]);
  });
});

describe("the attendance register", () => {
  test("downloads as Excel: a row per student, a column per session (its day in IST and title), the marks and each student's total", async () => {
    const { client, adminId, a, asha, ravi } = await twoBatches();
    withDatabase((database) => {
      const mark = database.prepare("INSERT INTO session_attendance (session_id, user_id, joined_at, attended) VALUES (?, ?, ?, ?)");
      mark.run(a.sessions[0], asha.id, CLASS, 1);
      mark.run(a.sessions[1], asha.id, null, 0);
      mark.run(a.sessions[0], ravi.id, CLASS, null);
    });
    const download = await client.get(`${batchPage(a.batch)}/attendance.xlsx`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(download.headers()["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="attendance-batch-${a.batch}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download.body()) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Attendance")!;
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    expect(rows).toEqual([
      ["Student", "Email", "Dec 2, 2030 · Support and resistance", "Dec 3, 2030 · Position sizing", "Present (of 2)"],
      ["Asha Rao", asha.email, "Present", "Absent", 1],
      // A blank cell is no cell: the row ends where its values do.
      ["Ravi Iyer", ravi.email, "Joined", undefined, 0],
    ]);
    expect(auditActionsOf({ adminId }).map((row) => [row.action, row.entityId])).toContainEqual(["attendance_exported", String(a.batch)]);
  });
});
