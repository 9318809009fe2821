import { enrolStudent, makeClassroomCourse } from "../support/classroom";
import { withDatabase } from "../support/database";
import { addRegistration } from "../support/rows";
import { describe, expect, studentClient, test } from "./support/test";

// The classroom's home (/learn): each course with its progress and where to go
// on, what is coming up live, and the header's "My Courses" link to it for a
// student with a course. Events a student registered for say so on their cards.

const markup = async (response: { text(): Promise<string> }) => (await response.text()).replaceAll("<!-- -->", "");

describe("/learn", () => {
  test("a visitor is sent to sign in and back", async ({ request }) => {
    const answer = await request.get("/learn", { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe("/login?redirectTo=%2Flearn");
  });

  test("a student without a course is pointed to the courses, and the header has no My Courses", async () => {
    const { client } = await studentClient();
    const html = await markup(await client.get("/learn"));
    expect(html).toContain("<h1");
    expect(html).toContain("You have not enrolled in a course yet.");
    expect(html).not.toContain(">My Courses</a>");
    expect(await markup(await client.get("/courses"))).not.toContain(">My Courses</a>");
  });

  test("an enrolled student sees each course's progress, the next lesson, the live class coming and the events they registered for", async ({
    makeEvent,
  }) => {
    const course = makeClassroomCourse();
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    const event = makeEvent("registered", { startsIn: 3 * 24 * 60 * 60 * 1000 });
    addRegistration(event.id, student);

    const html = await markup(await client.get("/learn"));
    expect(html).toContain(course.title);
    expect(html).toContain("0 of 5 lessons complete");
    expect(html).toContain(`href="/learn/${course.id}/${course.lessons.video}"`);
    expect(html).toContain("Start the course");
    // Coming up live: the course's live class (15 Jan 2030, 7:00 pm IST) and the event.
    expect(html).toContain("Live Q&amp;A with the mentor");
    expect(html).toContain("Tue, 15 Jan 2030, 7:00 pm IST");
    expect(html).toContain(event.title);
    expect(html).toContain("You are registered");
    // The header links here, marked as the current page.
    const headerLink = /<a [^>]*>My Courses<\/a>/.exec(html)?.[0] ?? "";
    expect(headerLink).toContain('href="/learn"');
    expect(headerLink).toContain('aria-current="page"');
    expect(await markup(await client.get("/courses"))).toContain(">My Courses</a>");

    // Having finished the first lesson, Continue goes to the second.
    withDatabase((database) =>
      database
        .prepare("INSERT INTO lesson_progress (user_id, course_id, lesson_id, completed_at) VALUES (?, ?, ?, ?)")
        .run(student.id, course.id, course.lessons.video, Date.now()),
    );
    const after = await markup(await client.get("/learn"));
    expect(after).toContain("1 of 5 lessons complete");
    expect(after).toContain(`href="/learn/${course.id}/${course.lessons.article}"`);
    expect(after).toContain(">Continue<");
  });

  test("an optional lesson is counted apart from the required ones", async () => {
    const course = makeClassroomCourse();
    withDatabase((database) => database.prepare("UPDATE lessons SET is_required = 0 WHERE id = ?").run(course.lessons.live));
    const { client, student } = await studentClient();
    enrolStudent(student.id, course.id);
    expect(await markup(await client.get(`/learn/${course.id}`))).toContain("0 of 4 required lessons complete (1 optional)");
  });
});

test("an event the student registered for says so on the events page and the dashboard; to others it offers registration", async ({
  makeEvent,
  request,
}) => {
  const { client, student } = await studentClient();
  const event = makeEvent("mine", { startsIn: 2 * 24 * 60 * 60 * 1000 });
  addRegistration(event.id, student);
  const cardOf = (html: string) => {
    const start = html.indexOf(`>${event.title}</h3>`);
    return start < 0 ? "" : html.slice(start, html.indexOf("</article>", start));
  };

  const mine = await markup(await client.get("/events"));
  expect(cardOf(mine)).toContain(`aria-label="You are registered: ${event.title}"`);
  expect(cardOf(mine)).not.toContain("Register Now");
  expect(cardOf(await markup(await client.get("/")))).toContain("You are registered");

  const others = await markup(await request.get("/events"));
  expect(cardOf(others)).toContain("Register Now");
  expect(cardOf(others)).not.toContain("You are registered");
});
