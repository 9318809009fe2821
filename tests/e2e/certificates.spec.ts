import { issueCertificate } from "../support/certificates";
import { makeCourse } from "../support/rows";
import { createStudent, expect, test, withDatabase } from "./fixtures";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// The public check page a certificate's QR code opens: name, course and date,
// readable without JavaScript and to assistive technology; for a revoked
// certificate, that and since when, and its owner's download explains why.

inBothModes(() => {
  test.describe("/certificates/:number", () => {
    test("confirms the name, course and completion day, and nothing else", async ({ page }) => {
      const assertNoErrors = failOnPageErrors(page);
      const course = makeCourse({ pricePaise: 0 });
      const student = await createStudent();
      const certificate = issueCertificate(student, course.id, { studentName: "लक्ष्मी देशपांडे", courseTitle: course.title });

      const response = await page.goto(`/certificates/${certificate.number}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^Certificate ${certificate.number} \\| `));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Certificate ${certificate.number}`);
      const details = page.getByRole("definition");
      await expect(details).toHaveText(["लक्ष्मी देशपांडे", course.title, "5 December 2026"]);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.getByText(student.email)).toHaveCount(0);
      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("a revoked certificate says so on the check page; its owner's download leads to the classroom's page saying why", async ({
      page,
      student,
    }) => {
      const assertNoErrors = failOnPageErrors(page);
      const course = makeCourse({ pricePaise: 0 });
      const certificate = issueCertificate(student, course.id, { courseTitle: course.title });
      withDatabase((database) =>
        database
          .prepare("UPDATE certificates SET revoked_at = ?, revoked_reason = 'refund' WHERE number = ?")
          .run(Date.parse("2026-12-10T20:00:00Z"), certificate.number),
      );

      await page.goto(`/certificates/${certificate.number}`);
      // 20:00 UTC on 10 December is 11 December in India.
      await expect(page.getByRole("status")).toHaveText(/^Revoked on 11 December 2026: .+ no longer certifies this completion\.$/);
      await expectNoA11yViolations(page);

      await page.goto(`/learn/${course.id}/certificate`);
      await expect(page).toHaveURL(`/learn/${course.id}/certificate/revoked`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your certificate was revoked");
      await expect(page.getByText("because the payment for the course was refunded")).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole("link", { name: "See the public check page" }).click();
      await expect(page).toHaveURL(`/certificates/${certificate.number}`);
      assertNoErrors();
    });

    test("an unknown number says so with a 404", async ({ page }) => {
      const response = await page.goto("/certificates/TMA-2026-ZZZZZZZZ");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Certificate Not Found");
      await expectNoA11yViolations(page);
    });
  });
});
