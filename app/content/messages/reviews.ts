// What a course review's form and `POST /api/courses/:id/reviews` say.

/** What both doors say: the page's toast and form notice, the JSON answers. */
export const REVIEW_TEXT = {
  notEnrolled: "Only students enrolled in this course can review it.",
  savedTitle: "Thank you for your review",
  savedText: "It shows on the course page once an admin has approved it.",
} as const;
