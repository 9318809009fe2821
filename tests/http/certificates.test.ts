import { readPdf } from "../support/pdf-text";
import { issueCertificate } from "../support/certificates";
import { describe, expect, makeCourse, SITE_ORIGIN, studentClient, test } from "./support/test";

// The certificate download (/learn/:courseId/certificate) belongs to its owner
// alone; the public check page (/certificates/:number) shows name, course and
// date, and nothing else.

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

    // Downloaded again: the same file.
    const again = await client.get(`/learn/${course.id}/certificate`);
    expect((await again.body()).equals(await response.body())).toBe(true);
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
