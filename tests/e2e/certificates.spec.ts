import { issueCertificate } from "../support/certificates";
import { makeCourse } from "../support/rows";
import { createStudent, expect, test } from "./fixtures";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./support";

// The public check page a certificate's QR code opens: name, course and date,
// readable without JavaScript and to assistive technology.

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

    test("an unknown number says so with a 404", async ({ page }) => {
      const response = await page.goto("/certificates/TMA-2026-ZZZZZZZZ");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Certificate Not Found");
      await expectNoA11yViolations(page);
    });
  });
});
