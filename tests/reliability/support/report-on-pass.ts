import { afterAll, beforeEach } from "vitest";
import { writeReliabilitySection } from "../../../scripts/reliability-report";

/**
 * Writes a section of the reliability report (scripts/reliability-report.ts says where) after the file's tests, only when
 * every one of them passed: a figure there is one the assertions checked.
 */
export function reportWhenAllPass(id: string, markdown: () => string) {
  let failed = false;
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      failed = true;
    });
  });
  afterAll(() => {
    if (!failed) writeReliabilitySection(id, markdown());
  });
}
