import {
  addCompletedEnrollment,
  adminApiClient,
  clientWithCookie,
  createStudent,
  expect,
  makeCourse,
  plantSession,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// GET /api/admin/analytics:
// exactly the spec's fields (plus the monthly series), rupee amounts as
// numbers of rupees, revenue from completed enrollments only. Admins only.
//
// Other specs write enrollments meanwhile: figures are checked on this test's
// own courses, and totals against the database's sums read at the same moment.

const INDIA = "Asia/Kolkata";
const thisMonthKey = () => new Intl.DateTimeFormat("en-CA", { timeZone: INDIA, year: "numeric", month: "2-digit" }).format(new Date());

type Analytics = {
  totalRevenue: number;
  totalEnrollments: number;
  activeCourses: number;
  averageRating: number;
  courseAnalytics: { id: number; title: string; enrollmentCount: number; revenue: number; isActive: boolean }[];
  googleAnalyticsConnected: boolean;
  gaTrackingId: string | null;
  monthly: { month: string; admissions: number; revenue: number }[];
};

function addEnrollment(userId: string, courseId: number, status: "pending" | "failed" | "refunded", amountPaise: number) {
  withDatabase((database) =>
    database
      .prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, ?, ?)")
      .run(userId, courseId, status, amountPaise),
  );
}

const databaseFigures = () =>
  queryTestDatabase<{ revenue: number; enrolled: number; active: number; rating: number | null }>(
    `SELECT (SELECT coalesce(sum(amount_paise), 0) FROM orders WHERE payment_status = 'completed') AS revenue,
            (SELECT count(*) FROM orders WHERE payment_status = 'completed') AS enrolled,
            (SELECT count(*) FROM courses WHERE is_active = 1) AS active,
            (SELECT avg(rating) FROM testimonials) AS rating`,
  )[0]!;

test("an admin gets exactly the analytics fields; a course's figures count completed enrollments only", async () => {
  const { client } = await adminApiClient();
  const course = makeCourse({ pricePaise: 499_950, title: uniqueTitle("API Analytics Course") });
  const retired = makeCourse({ pricePaise: 100_000, isActive: false, title: uniqueTitle("API Analytics Retired") });
  const quiet = makeCourse({ pricePaise: 100_000, title: uniqueTitle("API Analytics Quiet") });
  const students = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createStudent()));
  addCompletedEnrollment(students[0]!.id, course.id, 499_950);
  addCompletedEnrollment(students[1]!.id, course.id, 250_000);
  addEnrollment(students[2]!.id, course.id, "pending", 999_900);
  addEnrollment(students[3]!.id, course.id, "failed", 999_900);
  addEnrollment(students[4]!.id, course.id, "refunded", 999_900);
  addCompletedEnrollment(students[5]!.id, retired.id, 100_000);

  const response = await client.get("/api/admin/analytics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const body = (await response.json()) as Analytics;
  expect(Object.keys(body).sort()).toEqual(
    [
      "activeCourses",
      "averageRating",
      "courseAnalytics",
      "gaTrackingId",
      "googleAnalyticsConnected",
      "monthly",
      "totalEnrollments",
      "totalRevenue",
    ].sort(),
  );
  expect(body).toMatchObject({
    totalRevenue: expect.any(Number),
    totalEnrollments: expect.any(Number),
    activeCourses: expect.any(Number),
    averageRating: expect.any(Number),
    // This server has no GA_TRACKING_ID.
    googleAnalyticsConnected: false,
    gaTrackingId: null,
  });
  for (const item of body.courseAnalytics)
    expect(Object.keys(item).sort()).toEqual(["enrollmentCount", "id", "isActive", "revenue", "title"]);

  const byId = new Map(body.courseAnalytics.map((item) => [item.id, item]));
  expect(byId.get(course.id)).toEqual({ id: course.id, title: course.title, enrollmentCount: 2, revenue: 7499.5, isActive: true });
  expect(byId.get(retired.id)).toEqual({ id: retired.id, title: retired.title, enrollmentCount: 1, revenue: 1000, isActive: false });
  expect(byId.get(quiet.id)).toEqual({ id: quiet.id, title: quiet.title, enrollmentCount: 0, revenue: 0, isActive: true });
  // Every course, not only five.
  expect(body.courseAnalytics.length).toBe(queryTestDatabase<{ n: number }>("SELECT count(*) AS n FROM courses")[0]!.n);

  // The last 12 months in India time, oldest first, this month last, with at least this test's figures.
  expect(body.monthly).toHaveLength(12);
  for (const figure of body.monthly) expect(Object.keys(figure).sort()).toEqual(["admissions", "month", "revenue"]);
  const months = body.monthly.map((figure) => figure.month);
  expect(months.at(-1)).toBe(thisMonthKey());
  expect(months).toEqual([...months].sort());
  expect(new Set(months).size).toBe(12);
  const current = body.monthly.at(-1)!;
  expect(current.admissions).toBeGreaterThanOrEqual(3);
  expect(current.revenue).toBeGreaterThanOrEqual(8499.5);
});

test("the totals are the database's: completed enrollments' count and sum in rupees, active courses, the mean rating", async () => {
  const { client } = await adminApiClient();
  const course = makeCourse({ pricePaise: 100_000, title: uniqueTitle("API Analytics Totals") });
  const [paid, unpaid] = await Promise.all([createStudent(), createStudent()]);
  addCompletedEnrollment(paid.id, course.id, 123_456);
  addEnrollment(unpaid.id, course.id, "pending", 5_000_000);

  // This file's database: no other test writes to it while this one reads.
  {
    const figures = databaseFigures();
    const body = (await (await client.get("/api/admin/analytics")).json()) as Analytics;
    expect({
      totalRevenue: body.totalRevenue,
      totalEnrollments: body.totalEnrollments,
      activeCourses: body.activeCourses,
      averageRating: body.averageRating,
    }).toEqual({
      totalRevenue: figures.revenue / 100,
      totalEnrollments: figures.enrolled,
      activeCourses: figures.active,
      averageRating: Math.round((figures.rating ?? 0) * 100) / 100,
    });
    // Revenue is what completed enrollments paid: the pending ₹50,000 is not in it.
    const allRows = queryTestDatabase<{ revenue: number }>("SELECT coalesce(sum(amount_paise), 0) AS revenue FROM orders")[0]!;
    expect(body.totalRevenue).toBeLessThanOrEqual(allRows.revenue / 100 - 50_000);
  }
});

test("401 without an admin session (a student's included), 403 for a content manager, 405 for other methods", async () => {
  const anonymous = await clientWithCookie();
  const signedOut = await anonymous.get("/api/admin/analytics");
  expect(signedOut.status()).toBe(401);
  expect(await signedOut.json()).toEqual({ message: "Unauthorized" });
  expect((await anonymous.post("/api/admin/analytics", { data: {} })).status()).toBe(401);

  // A student's session is not an admin session.
  const { name, value } = await plantSession(await createStudent());
  const student = await clientWithCookie({ name, value });
  const asStudent = await student.get("/api/admin/analytics");
  expect(asStudent.status()).toBe(401);
  expect(await asStudent.json()).toEqual({ message: "Unauthorized" });

  const { client: contentManager } = await adminApiClient("content_manager");
  const forbidden = await contentManager.get("/api/admin/analytics");
  expect(forbidden.status()).toBe(403);
  expect(await forbidden.json()).toEqual({ message: "Forbidden" });
  expect((await contentManager.delete("/api/admin/analytics")).status()).toBe(403);

  const { client: admin } = await adminApiClient();
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const response = await admin.fetch("/api/admin/analytics", { method, data: method === "DELETE" ? undefined : {} });
    expect(response.status(), method).toBe(405);
    expect(response.headers()["allow"], method).toBe("GET");
  }
  await Promise.all([anonymous.dispose(), student.dispose(), contentManager.dispose(), admin.dispose()]);
});
