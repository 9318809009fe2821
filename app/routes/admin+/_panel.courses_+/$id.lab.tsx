import { parseWithZod } from "@conform-to/zod";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/admin/admin-dialog";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { listCurriculum } from "~/models/classroom/curriculum.server";
import {
  createExercise,
  createTradeSetup,
  deleteExercise,
  deleteTradeSetup,
  exerciseStarts,
  listCourseExercises,
  listCourseSessions,
  listTradeSetups,
} from "~/models/lab/exercise.server";
import { candleSeqAt, listDatasets } from "~/models/lab/market-data.server";
import { ExerciseSchema, LAB_ADMIN_INTENTS, RowIdSchema, TradeSetupSchema } from "~/schemas/lab";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminAction } from "~/models/site/audit-log.server";
import { formatIndiaDateTime, indiaDateTimeToUtc } from "~/utils/dates";
import { readItemForm } from "~/utils/form-intent.server";
import { labPath } from "~/utils/lab-paths";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { courseOr404 } from "./__curriculum.server";

// A course's practice lab (docs/decisions/0064-the-practice-lab.md): the
// setups its students' trades name, and its replay exercises — a dataset
// from a chosen candle, blind or open, for the whole course, one lesson (its
// drip release applies) or one live class (its batch alone). Plain forms.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const datasets = listDatasets();
  const starts = new Map(exerciseStarts(course.id).map((row) => [row.id, row.openAt]));
  const lessons = listCurriculum(course.id, "every-batch").flatMap((section) => section.lessons);
  const sessions = listCourseSessions(course.id);
  const label = (dataset: (typeof datasets)[number]) =>
    `${dataset.exchange}:${dataset.symbol}, ${dataset.candleCount.toLocaleString("en-IN")} candles from ${formatIndiaDateTime(dataset.firstOpenAt)}${dataset.isGenerated ? " (generated)" : ""}`;
  return {
    course: { id: course.id, title: course.title },
    setups: listTradeSetups(course.id),
    exercises: listCourseExercises(course.id).map((exercise) => ({
      id: exercise.id,
      title: exercise.title,
      blind: exercise.isBlind,
      data: label(datasets.find((dataset) => dataset.id === exercise.datasetId)!),
      start: starts.has(exercise.id) ? formatIndiaDateTime(starts.get(exercise.id)!) : "",
      where:
        exercise.lessonId !== null
          ? `Lesson: ${lessons.find((lesson) => lesson.id === exercise.lessonId)?.title ?? ""}`
          : exercise.batchSessionId !== null
            ? `Live class: ${sessions.find((session) => session.id === exercise.batchSessionId)?.title ?? ""}`
            : "The whole course",
      href: labPath(course.id, exercise.id),
    })),
    datasets: datasets.map((dataset) => ({ value: String(dataset.id), label: label(dataset) })),
    lessons: lessons.map((lesson) => ({ value: String(lesson.id), label: lesson.title })),
    sessions: sessions.map((session) => ({
      value: String(session.id),
      label: `${session.batchName}: ${session.title}, ${formatIndiaDateTime(session.startsAt)}`,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Practice lab: ${loaded.course.title}` : "Practice lab",
    description: "Admin panel: a course's practice lab.",
    path: "/admin/courses",
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const here = `/admin/courses/${course.id}/lab`;
  const { formData, intent } = await readItemForm(request, LAB_ADMIN_INTENTS);
  const refuse = (form: "setup" | "exercise", result: SubmissionResult<string[]>) => data({ form, result }, { status: 400 });
  switch (intent) {
    case "add-setup": {
      const submission = parseWithZod(formData, { schema: TradeSetupSchema });
      if (submission.status !== "success") return refuse("setup", submission.reply());
      const id = createTradeSetup(course.id, { name: submission.value.name, description: submission.value.description ?? "" });
      recordAdminAction(admin, "trade_setup_created", { type: "trade_setup", id });
      return redirectWithToast(here, { title: "Setup added", description: `“${submission.value.name}” can be named by trades.` });
    }
    case "delete-setup": {
      const row = RowIdSchema.safeParse(Object.fromEntries(formData));
      if (!row.success || !deleteTradeSetup(course.id, row.data.id)) throw new Response("Not Found", { status: 404 });
      recordAdminAction(admin, "trade_setup_deleted", { type: "trade_setup", id: row.data.id });
      return redirectWithToast(here, { title: "Setup removed", description: "Trades that named it keep their other facts." });
    }
    case "add-exercise": {
      const submission = parseWithZod(formData, { schema: ExerciseSchema });
      if (submission.status !== "success") return refuse("exercise", submission.reply());
      const value = submission.value;
      const [day = "", time = ""] = value.start.split(/[ T]/);
      const at = indiaDateTimeToUtc(day, time);
      const startSeq = at && candleSeqAt(value.datasetId, at);
      if (startSeq === null || startSeq === undefined)
        return refuse("exercise", submission.reply({ fieldErrors: { start: ["The market data has no candle at or after that time"] } }));
      const created = createExercise(course.id, {
        title: value.title,
        datasetId: value.datasetId,
        startSeq,
        historyCandles: value.historyCandles,
        isBlind: value.isBlind,
        lessonId: value.lessonId ?? null,
        batchSessionId: value.batchSessionId ?? null,
      });
      if (!created.ok)
        return refuse(
          "exercise",
          submission.reply({
            fieldErrors: { [created.reason === "lesson" ? "lessonId" : "batchSessionId"]: ["Choose one of this course's"] },
          }),
        );
      recordAdminAction(admin, "replay_exercise_created", { type: "replay_exercise", id: created.id });
      return redirectWithToast(here, { title: "Replay added", description: `“${value.title}” is open to the course's students.` });
    }
    case "delete-exercise": {
      const row = RowIdSchema.safeParse(Object.fromEntries(formData));
      const outcome = row.success ? deleteExercise(course.id, row.data.id) : "not-found";
      if (outcome === "not-found") throw new Response("Not Found", { status: 404 });
      if (outcome === "replayed")
        return redirectWithToast(here, {
          type: "destructive",
          title: "Not deleted",
          description: "Students have replayed it: their trades are in their journals.",
        });
      recordAdminAction(admin, "replay_exercise_deleted", { type: "replay_exercise", id: row.data!.id });
      return redirectWithToast(here, { title: "Replay deleted", description: "Nobody had replayed it." });
    }
  }
}

/** A one-button form acting on one row of a list; the button names the row for screen readers. */
function RowButton({ intent, id, label, name }: { intent: string; id: number; label: string; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={buttonClass("outline")}>
        {label}
        <span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
}

export default function CourseLab() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [setupForm, setupFields] = useSchemaForm(TradeSetupSchema, {
    id: "add-setup",
    lastResult: actionData?.form === "setup" ? actionData.result : undefined,
  });
  const [exerciseForm, exerciseFields] = useSchemaForm(ExerciseSchema, {
    id: "add-exercise",
    lastResult: actionData?.form === "exercise" ? actionData.result : undefined,
    defaultValue: { historyCandles: "60", isBlind: "on" },
  });
  return (
    <div className="grid max-w-4xl gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/admin/courses/${page.course.id}`} className="font-medium text-teal-800 underline">
          ← {page.course.title}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-navy-900">Practice lab: {page.course.title}</h1>
      <p className="text-slate-700">
        Replays of market data at least 30 days old (SEBI), with paper trades. Upload market data on the{" "}
        <Link to="/admin/lab" className="underline">
          Practice lab tab
        </Link>
        .
      </p>

      <section aria-labelledby="exercises-heading" className="grid gap-3">
        <h2 id="exercises-heading" className="text-lg font-bold text-navy-900">
          Replays
        </h2>
        {page.exercises.length === 0 ? <p className="text-slate-700">No replays yet.</p> : null}
        <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {page.exercises.map((exercise) => (
            <li key={exercise.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                <Link to={exercise.href} className="font-semibold text-navy-900 underline">
                  {exercise.title}
                </Link>
                <span className="block text-sm text-slate-600">
                  {exercise.blind ? "Blind" : "Open for teaching"} · {exercise.where} · {exercise.data} · starts {exercise.start}
                </span>
              </span>
              <RowButton intent="delete-exercise" id={exercise.id} label="Delete" name={exercise.title} />
            </li>
          ))}
        </ul>
        <Form
          method="post"
          {...getFormProps(exerciseForm)}
          className="grid gap-x-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
        >
          <h3 className="font-semibold text-navy-900 sm:col-span-2">Add a replay</h3>
          <FormErrors errors={exerciseForm.errors} id={exerciseForm.errorId} />
          <input type="hidden" name="intent" value="add-exercise" />
          <TextField field={exerciseFields.title} label="Title" required wide maxLength={200} />
          <SelectField
            field={exerciseFields.datasetId}
            label="Market data"
            required
            placeholder="Choose the market data"
            options={page.datasets}
          />
          <TextField field={exerciseFields.start} label="Starts at (India time, like 2026-03-02 10:30)" required />
          <TextField
            field={exerciseFields.historyCandles}
            label="Candles shown before the start"
            type="number"
            min={0}
            max={500}
            inputMode="numeric"
          />
          <CheckboxField
            field={exerciseFields.isBlind}
            label="Blind"
            hint="Hide the instrument and dates until the student ends the replay."
          />
          <SelectField
            field={exerciseFields.lessonId}
            label="For one lesson (optional)"
            placeholder="The whole course"
            options={page.lessons}
          />
          <SelectField
            field={exerciseFields.batchSessionId}
            label="For one live class (optional)"
            placeholder="No live class"
            options={page.sessions}
          />
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass("primary")}>
              Add Replay
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="setups-heading" className="grid gap-3">
        <h2 id="setups-heading" className="text-lg font-bold text-navy-900">
          Setups the course teaches
        </h2>
        <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {page.setups.map((setup) => (
            <li key={setup.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                <span className="font-semibold">{setup.name}</span>
                {setup.description ? <span className="block text-sm text-slate-600">{setup.description}</span> : null}
              </span>
              <RowButton intent="delete-setup" id={setup.id} label="Remove" name={setup.name} />
            </li>
          ))}
        </ul>
        <Form method="post" {...getFormProps(setupForm)} className="grid gap-x-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <FormErrors errors={setupForm.errors} id={setupForm.errorId} />
          <input type="hidden" name="intent" value="add-setup" />
          <TextField field={setupFields.name} label="Setup name" required maxLength={100} />
          <TextareaField field={setupFields.description} label="Description" rows={2} />
          <button type="submit" className={buttonClass("primary", "justify-self-start")}>
            Add Setup
          </button>
        </Form>
      </section>
    </div>
  );
}
