import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readPdf } from "../support/pdf-text";
import { issueCertificate } from "../support/certificates";
import {
  addCompletedEnrollment,
  adminApiClient,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  SITE_ORIGIN,
  studentClient,
  test,
  testDatabasePath,
} from "./support/test";

// The certificate download (/learn/:courseId/certificate) belongs to its owner
// alone; the public check page (/certificates/:number) shows name, course and
// date, and nothing else. A certificate whose course was taken away is revoked:
// the check page says so, the download stops and its stored file is deleted.

/** "28 November 2026", today in India (the day before and after too, for a test run across midnight). */
const indiaDays = () =>
  [-1, 0, 1].map((days) =>
    new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(
      new Date(Date.now() + days * 86_400_000),
    ),
  );

/** The file under the data folder that the certificate's downloads are served from, if one is recorded. */
function storedCertificateFile(number: string): string | null {
  const [row] = queryTestDatabase<{ file_name: string }>(
    "SELECT file_name FROM stored_pdfs WHERE kind = 'certificate' AND subject_id = (SELECT id FROM certificates WHERE number = ?)",
    number,
  );
  return row ? join(dirname(testDatabasePath()), "pdfs", row.file_name) : null;
}

describe("certificate download", () => {
  test("the owner gets their certificate as a PDF attachment naming its number", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client, student } = await studentClient();
    const certificate = issueCertificate(student, course.id, { studentName: "लक्ष्मी देशपांडे", courseTitle: course.title });

    const response = await client.get(`/learn/${course.id}/certificate`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="certificate-${certificate.number}.pdf"`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const pdf = await readPdf(await response.body());
    expect(pdf.text).toContain("लक्ष्मी देशपांडे");
    expect(pdf.text).toContain(course.title);
    expect(pdf.text).toContain("Completed on 5 December 2026");
    expect(pdf.text).toContain(`Certificate number ${certificate.number}`);
    expect(pdf.links.map((link) => link.url)).toEqual([`${SITE_ORIGIN}/certificates/${certificate.number}`]);

    // Downloaded again: the same file, the one stored under the data folder.
    const again = await client.get(`/learn/${course.id}/certificate`);
    expect((await again.body()).equals(await response.body())).toBe(true);
    expect(readFileSync(storedCertificateFile(certificate.number) ?? "").equals(await response.body())).toBe(true);
  });

  test("a visitor who is not signed in is sent to sign in and back", async ({ request }) => {
    const course = makeCourse({ pricePaise: 0 });
    const { student } = await studentClient();
    issueCertificate(student, course.id);
    const response = await request.get(`/learn/${course.id}/certificate`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/login?${new URLSearchParams({ redirectTo: `/learn/${course.id}/certificate` })}`);
  });

  test("another student gets 404, never the owner's certificate", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { student: owner } = await studentClient();
    issueCertificate(owner, course.id, { studentName: "Owner Of This Certificate" });
    const { client: other } = await studentClient();

    const response = await other.get(`/learn/${course.id}/certificate`);
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).not.toContain("pdf");
    expect(await response.text()).not.toContain("Owner Of This Certificate");
  });

  test("a course the student has no certificate for, or no such course, is 404", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client, student } = await studentClient();
    issueCertificate(student, course.id);
    const unfinished = makeCourse({ pricePaise: 0 });
    for (const path of [`/learn/${unfinished.id}/certificate`, "/learn/999999/certificate", "/learn/not-a-course/certificate"])
      expect((await client.get(path)).status(), path).toBe(404);
  });
});

describe("public certificate check", () => {
  test("shows the name, course and completion day, and is kept out of search engines", async ({ request }) => {
    const course = makeCourse({ pricePaise: 0 });
    const { student } = await studentClient();
    const certificate = issueCertificate(student, course.id, { studentName: "Ananya Iyer", courseTitle: course.title });

    const response = await request.get(`/certificates/${certificate.number}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`Certificate ${certificate.number}`);
    expect(html).toContain("Ananya Iyer");
    expect(html).toContain(course.title);
    expect(html).toContain("5 December 2026");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // Nothing else about the student.
    expect(html).not.toContain(student.email);
    expect(html).not.toContain(student.id);
  });

  test("an unknown or malformed number is a 404 page", async ({ request }) => {
    for (const number of ["TMA-2026-ZZZZZZZZ", "not a number", "TMA-2026-%3Cscript%3E"]) {
      const response = await request.get(`/certificates/${number}`);
      expect(response.status(), number).toBe(404);
      expect(await response.text()).toContain("Certificate Not Found");
    }
  });
});

describe("a revoked certificate", () => {
  test("an admin takes the course away: the check page says revoked and when, the download stops and says why, the PDF is deleted", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client, student } = await studentClient();
    const enrollmentId = addCompletedEnrollment(student.id, course.id);
    const certificate = issueCertificate(student, course.id, { studentName: "Ananya Iyer", courseTitle: course.title });
    expect((await client.get(`/learn/${course.id}/certificate`)).status()).toBe(200);
    const file = storedCertificateFile(certificate.number);
    expect(file !== null && existsSync(file)).toBe(true);

    const { client: admin } = await adminApiClient("admin");
    const revoked = await admin.post(`/admin/users/${student.id}`, {
      form: { intent: "revoke", enrollmentId: String(enrollmentId), reason: "Paid with a stolen card" },
      maxRedirects: 0,
    });
    expect(revoked.status()).toBe(302);

    const check = await (await client.get(`/certificates/${certificate.number}`)).text();
    const revokedOn = /Revoked on <time dateTime="[\d-]+">([^<]+)<\/time>/.exec(check)?.[1];
    expect(indiaDays()).toContain(revokedOn);
    expect(check).toContain("Ananya Iyer");
    expect(check).not.toContain("stolen card");

    const download = await client.get(`/learn/${course.id}/certificate`, { maxRedirects: 0 });
    expect(download.status()).toBe(302);
    expect(download.headers().location).toBe(`/learn/${course.id}/certificate/revoked`);
    const page = await client.get(`/learn/${course.id}/certificate`);
    expect(page.headers()["content-type"]).toContain("text/html");
    const text = await page.text();
    expect(text).toContain("Your certificate was revoked");
    expect(text).toContain(`Certificate ${certificate.number} for ${course.title} was revoked on`);
    expect(text).toContain("because the course was taken away from your account");
    expect(existsSync(file ?? "")).toBe(false);
    expect(storedCertificateFile(certificate.number)).toBeNull();
  });

  test("the classroom's revoked page is its owner's alone, and sends the owner of a standing certificate to the download", async () => {
    const course = makeCourse({ pricePaise: 0 });
    const { client, student } = await studentClient();
    issueCertificate(student, course.id);
    const standing = await client.get(`/learn/${course.id}/certificate/revoked`, { maxRedirects: 0 });
    expect(standing.status()).toBe(302);
    expect(standing.headers().location).toBe(`/learn/${course.id}/certificate`);
    const { client: other } = await studentClient();
    expect((await other.get(`/learn/${course.id}/certificate/revoked`)).status()).toBe(404);
  });
});
