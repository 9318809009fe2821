import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/forms";
import { completionsByLesson, courseFigures } from "~/models/courses/course-figures.server";
import { addSection, liveSessionTimes, moveLesson, moveSection, reorderCurriculum } from "~/models/classroom/curriculum-admin.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { listCurriculum } from "~/models/classroom/curriculum.server";
import { LESSON_TYPE_LABELS, MoveSchema, releaseSummary, ReorderSchema, SectionSchema } from "~/schemas/admin-curriculum";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { CurriculumDragOrder } from "./__curriculum-drag";
import { curriculumPath } from "../__curriculum-paths";
import { courseOr404 } from "./__curriculum.server";

// A course's curriculum: its sections and lessons in order, moved with Up and
// Down buttons (plain forms) or, with JavaScript, dragged; each lesson opens
// its editor over this page. Above them, how the course's students are doing.
// Content managers and admins may edit it (the "courses" area).

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const completions = completionsByLesson(course.id);
  const liveTimes = liveSessionTimes(course.id);
  const sections = listCurriculum(course.id, "every-batch").map((section) => ({
    ...section,
    lessons: section.lessons.map((lesson) => {
      const startsAt = liveTimes.get(lesson.id);
      return {
        ...lesson,
        completions: completions.get(lesson.id) ?? 0,
        startsAt: startsAt ? formatIndiaDateTime(startsAt) : null,
        opens: releaseSummary(lesson),
      };
    }),
  }));
  return { course: { id: course.id, title: course.title }, sections, figures: courseFigures(course.id) };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Curriculum: ${loaded.course.title}` : "Curriculum",
    description: "Admin panel: a course's sections and lessons.",
    path: "/admin/courses",
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const here = curriculumPath(course.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "move") {
    const move = MoveSchema.safeParse(Object.fromEntries(formData));
    if (!move.success) return data({ message: "That move could not be read. Reload the page and try again." }, { status: 400 });
    const { item, id, direction } = move.data;
    const moved = item === "section" ? moveSection(course.id, id, direction) : moveLesson(course.id, id, direction);
    if (!moved)
      return redirectWithToast(here, {
        title: "Nothing moved",
        description: `It is already at the ${direction === "up" ? "top" : "bottom"}.`,
      });
    return redirectAfterAdminChange(admin, { entity: item === "section" ? "course_section" : "lesson", verb: "moved", id }, here, {
      title: "Order saved",
      description: `Moved ${direction}.`,
    });
  }
  if (intent === "reorder") {
    const reorder = ReorderSchema.safeParse(Object.fromEntries(formData));
    if (!reorder.success || !reorderCurriculum(course.id, reorder.data.order))
      return data({ message: "The curriculum changed meanwhile, so nothing was moved. Reload the page and try again." }, { status: 400 });
    return redirectAfterAdminChange(admin, { entity: "course", verb: "reordered", id: course.id }, here, {
      title: "Order saved",
      description: "The new order is saved.",
    });
  }
  if (intent === "add-section") {
    const submission = parseWithZod(formData, { schema: SectionSchema });
    if (submission.status !== "success")
      return data({ message: submission.error?.title?.[0] ?? "Section title is required" }, { status: 400 });
    const section = addSection(course.id, submission.value.title);
    return redirectAfterAdminChange(admin, { entity: "course_section", verb: "created", id: section.id }, here, {
      title: "Section added",
      description: `“${section.title}” has been added.`,
    });
  }
  return data({ message: "This form asked for something this page does not do. Please reload the page and try again." }, { status: 400 });
}

type RowActionsProps = {
  item: "section" | "lesson";
  id: number;
  label: string;
  first: boolean;
  last: boolean;
  itemPath: string;
  renames?: boolean;
};

/** Up and Down (plain forms), then Rename (sections; a lesson's title is its edit link) and Delete, which asks first. */
function RowActions({ item, id, label, first, last, itemPath, renames }: RowActionsProps) {
  const small = buttonClass("outline", "min-h-9 px-3 text-xs");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post" className="flex gap-1" preventScrollReset>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="item" value={item} />
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="direction"
          value="up"
          disabled={first}
          aria-label={`Move ${label} up`}
          className={buttonClass("outline", "min-h-9 px-2 text-xs")}
        >
          Up
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          disabled={last}
          aria-label={`Move ${label} down`}
          className={buttonClass("outline", "min-h-9 px-2 text-xs")}
        >
          Down
        </button>
      </Form>
      {renames ? (
        <Link to={itemPath} preventScrollReset className={small}>
          Rename<span className="sr-only"> {label}</span>
        </Link>
      ) : null}
      <Link to={`${itemPath}?confirm=delete`} preventScrollReset className={small}>
        Delete<span className="sr-only"> {label}</span>
      </Link>
    </div>
  );
}

export default function CurriculumEditor() {
  const { course, sections, figures } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const here = curriculumPath(course.id);
  const allLessons = sections.flatMap((section) => section.lessons);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-navy-900">Curriculum: {course.title}</h1>
        <Link to={`/admin/courses/${course.id}`} className={buttonClass("outline")}>
          Edit course details
        </Link>
      </div>

      <section aria-labelledby="figures-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="figures-heading" className="text-lg font-semibold text-navy-900">
          Students
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ["Enrolled", figures.enrolled],
            ["Started", figures.started],
            ["Completed", figures.completed],
            ["Average progress", `${figures.averagePercent}%`],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-xl font-bold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {actionData?.message ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.message}
        </p>
      ) : null}

      {sections.length === 0 ? <p className="text-slate-700">No sections yet: add the first one below.</p> : null}
      <CurriculumDragOrder sections={sections}>
        {sections.map((section, sectionIndex) => (
          <section
            key={section.id}
            data-section-id={section.id}
            draggable
            aria-labelledby={`section-${section.id}-title`}
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id={`section-${section.id}-title`} className="text-lg font-semibold text-navy-900">
                {section.title}
              </h2>
              <RowActions
                item="section"
                id={section.id}
                label={`section ${section.title}`}
                first={sectionIndex === 0}
                last={sectionIndex === sections.length - 1}
                itemPath={`${here}/sections/${section.id}`}
                renames
              />
            </div>
            <ol className="mt-3 grid gap-2" data-lessons-of={section.id}>
              {section.lessons.map((lesson) => {
                const index = allLessons.findIndex((candidate) => candidate.id === lesson.id);
                return (
                  <li
                    key={lesson.id}
                    data-lesson-id={lesson.id}
                    draggable
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
                  >
                    <div>
                      <Link to={`${here}/${lesson.id}`} preventScrollReset className="font-medium text-navy-900 underline">
                        {lesson.title}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {LESSON_TYPE_LABELS[lesson.type]}
                        {lesson.startsAt ? ` on ${lesson.startsAt}` : ""} · {lesson.durationMinutes} min
                        {lesson.isFreePreview ? " · Free preview" : ""}
                        {lesson.isRequired ? "" : " · Optional"}
                        {lesson.opens ? ` · ${lesson.opens}` : ""}
                        {lesson.batchId !== null ? " · One batch only" : ""} · Completed by {lesson.completions}
                      </p>
                    </div>
                    <RowActions
                      item="lesson"
                      id={lesson.id}
                      label={`lesson ${lesson.title}`}
                      first={index === 0}
                      last={index === allLessons.length - 1}
                      itemPath={`${here}/${lesson.id}`}
                    />
                  </li>
                );
              })}
            </ol>
            <Link
              to={`${here}/new?section=${section.id}`}
              preventScrollReset
              className={buttonClass("secondary", "mt-3 min-h-9 px-3 text-sm")}
            >
              Add lesson<span className="sr-only"> to {section.title}</span>
            </Link>
          </section>
        ))}
      </CurriculumDragOrder>

      <Form method="post" className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <input type="hidden" name="intent" value="add-section" />
        <div className="min-w-56 flex-1">
          <label htmlFor="new-section-title" className="mb-1 block text-sm font-medium text-slate-700">
            New section title
          </label>
          <input id="new-section-title" name="title" required maxLength={200} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Add section
        </button>
      </Form>
      <Outlet />
    </div>
  );
}
