import { readCourseProgressForExport } from "~/models/site/admin-export.server";
import { progressPercent, type CourseProgressRow } from "~/models/courses/course-figures.server";
import { fullName } from "./enrollments.server";
import { date, number, text, type Sheet } from "./workbook-writer.server";

// The Course Progress sheet: every paid enrollment with how far the student has got.

export const progressSheet: Sheet<CourseProgressRow> = {
  name: "Course Progress",
  rows: () => readCourseProgressForExport(),
  columns: [
    text("Student Email", 32, (row) => row.studentEmail),
    text("Student Name", 24, (row) => fullName(row.studentFirstName, row.studentLastName)),
    number("Course ID", 10, (row) => row.courseId),
    text("Course", 36, (row) => row.courseTitle),
    date("Enrolled At (IST)", (row) => row.enrolledAt),
    number("Required Lessons Completed", 14, (row) => row.done),
    number("Required Lessons", 12, (row) => row.required),
    number("Progress (%)", 12, (row) => progressPercent(row)),
    date("Last Activity (IST)", (row) => (row.lastActivityMs === null ? null : new Date(row.lastActivityMs))),
    text("Certificate", 22, (row) => row.certificateNumber),
  ],
};
