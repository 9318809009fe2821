import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { ClientOnly } from "remix-utils/client-only";
import { CandleChart } from "~/components/lab/candle-chart";
import { PlayControls } from "~/components/lab/play-controls";
import { ReplayChart } from "~/components/lab/replay-chart.client";
import { FormErrors } from "~/components/admin/admin-dialog";
import { SelectField, TextareaField, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { closeOwnTrade, placeTrade } from "~/models/lab/paper-trade.server";
import { currentReplay, endReplay, instrumentOfExercise, startReplay, stepReplay } from "~/models/lab/replay.server";
import { CloseTradeSchema, LAB_INTENTS, StepSchema, TradeSchema } from "~/schemas/lab";
import { itemIntentOf } from "~/utils/form-intent.server";
import { readFormData } from "~/utils/form-data.server";
import { formatMarketPrice } from "~/utils/price-units";
import { instituteFrom } from "~/utils/seo";
import { redirectWithToast, type Toast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { labDoor, labPageData } from "./__lab.server";
import { labPath } from "~/utils/lab-paths";

// A replay in the practice lab (docs/decisions/0064-the-practice-lab.md): the
// candles the student has been shown, drawn on the server, and plain forms to
// step forward, place a paper trade at the last candle's close, close one, or
// end the replay. The server keeps every later candle; a step reveals the next
// only when it closed at least 30 days ago (SEBI).

export async function loader({ request, params }: LoaderFunctionArgs) {
  return labPageData(await labDoor(request, params));
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? `${data.exercise.title} · Practice lab` : "Practice lab"} | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

const STEP_REFUSALS = {
  "not-found": "This replay is not yours.",
  ended: "This replay has ended.",
  "moved-on": "This replay moved on in another tab: here is where it stands now.",
  "end-of-data": "That was the last candle of this replay. End it to see the whole chart and your results.",
  "not-old-enough": "The next candle closed less than 30 days ago, so it cannot be shown yet (SEBI's rule for education).",
} as const;

const refused = (path: string, description: string): Promise<Response> =>
  redirectWithToast(path, { type: "destructive", title: "Not done", description } satisfies Toast);

export async function action({ request, params }: ActionFunctionArgs) {
  const lab = await labDoor(request, params);
  const here = labPath(lab.course.id, lab.exercise.id);
  const userId = lab.door.access === "enrolled" ? lab.door.userId : null;
  if (!userId)
    return redirectWithToast(here, {
      title: "Preview as student",
      description: "Replays are kept for students: nothing is recorded while you preview.",
    });
  const formData = await readFormData(request);
  const intent = itemIntentOf(formData, LAB_INTENTS);
  const now = new Date();
  // Only what the action needs: the student's replay, and the instrument's tick for a trade's prices.
  const replay = currentReplay(lab.exercise.id, userId);
  switch (intent) {
    case "start": {
      const started = startReplay(lab.exercise.id, userId, now);
      if (!started.ok)
        return refused(here, started.reason === "not-old-enough" ? STEP_REFUSALS["not-old-enough"] : STEP_REFUSALS["not-found"]);
      return redirectWithToast(here, { title: "Replay started", description: "Step forward a candle at a time; trade at the last close." });
    }
    case "step": {
      const step = StepSchema.safeParse(Object.fromEntries(formData));
      if (!step.success || !replay) return refused(here, "That step could not be read. Reload the page and try again.");
      const outcome = stepReplay(replay.id, userId, step.data.atSeq, step.data.count, now);
      if (!outcome.ok) return refused(here, STEP_REFUSALS[outcome.reason]);
      // A quiet redirect: stepping is what the page is for, and a toast per candle would be noise.
      if (outcome.closedTrades.length === 0) return redirect(here);
      return redirectWithToast(here, { title: "A trade closed", description: "Its stop-loss or target was reached: see Your trades." });
    }
    case "trade": {
      const submission = parseWithZod(formData, { schema: TradeSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      if (!replay) return refused(here, STEP_REFUSALS["not-found"]);
      const value = submission.value;
      const tickUnits = instrumentOfExercise(lab.exercise)?.tickUnits ?? 1;
      const offTick = (["stopLoss", "target"] as const).find((field) => value[field] !== null && value[field] % tickUnits !== 0);
      if (offTick)
        return data(
          {
            result: submission.reply({
              fieldErrors: { [offTick]: [`Prices move in steps of ₹${formatMarketPrice(tickUnits, tickUnits)}`] },
            }),
          },
          { status: 400 },
        );
      const placed = placeTrade(replay.id, userId, value.atSeq, { ...value, setupId: value.setupId ?? null }, now);
      if (!placed.ok) {
        if (placed.reason === "bracket")
          return data({ result: submission.reply({ fieldErrors: { stopLoss: [placed.message] } }) }, { status: 400 });
        if (placed.reason === "setup")
          return data({ result: submission.reply({ fieldErrors: { setupId: ["Choose one of this course's setups"] } }) }, { status: 400 });
        return refused(
          here,
          placed.reason === "moved-on"
            ? STEP_REFUSALS["moved-on"]
            : placed.reason === "ended"
              ? STEP_REFUSALS.ended
              : STEP_REFUSALS["not-found"],
        );
      }
      return redirectWithToast(here, {
        title: "Trade placed",
        description: `${value.side === "buy" ? "Bought" : "Sold"} ${value.quantity} at the last close.`,
      });
    }
    case "close": {
      const close = CloseTradeSchema.safeParse(Object.fromEntries(formData));
      if (!close.success) return refused(here, "That could not be read. Reload the page and try again.");
      const outcome = closeOwnTrade(close.data.tradeId, userId, close.data.atSeq, now);
      if (outcome !== "closed")
        return refused(
          here,
          outcome === "already" ? "That trade was already closed." : STEP_REFUSALS[outcome === "moved-on" ? "moved-on" : "not-found"],
        );
      return redirectWithToast(here, { title: "Trade closed", description: "Closed at the last candle's close." });
    }
    case "end": {
      if (!replay || endReplay(replay.id, userId, now) === "not-found") return refused(here, STEP_REFUSALS["not-found"]);
      return redirectWithToast(here, {
        title: "Replay ended",
        description: "Open trades closed at the last close. Your trades are in your journal.",
      });
    }
  }
}

const EXITS = {
  stop: "stop-loss reached",
  target: "target reached",
  closed: "closed by you",
  "replay-end": "closed when the replay ended",
} as const;

export default function PracticeLabReplay() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { replay, instrument } = page;
  const price = (units: number) => `₹${formatMarketPrice(units, page.tickUnits)}`;
  const [form, fields] = useSchemaForm(TradeSchema, {
    id: "paper-trade",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { side: "buy", quantity: "1" },
  });
  const openMarks = page.trades.filter((trade) => trade.open).flatMap((trade) => trade.marks);
  return (
    <article className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/learn/${page.course.id}`} className="font-medium text-teal-800 underline-offset-4 hover:underline">
          <span aria-hidden="true">← </span>
          {page.course.title}
        </Link>
      </nav>
      <p className="mt-4 text-sm text-slate-600">Practice lab · prices at least 30 days old · paper trades only</p>
      <h1 className="mt-1 text-2xl font-bold text-navy-900 sm:text-3xl">{page.exercise.title}</h1>
      <p className="mt-2 text-slate-700">
        {instrument ? (
          <>
            {instrument.label}
            {instrument.generated ? <strong className="ml-2">Generated for the demo, not market prices.</strong> : null}
          </>
        ) : (
          "A blind replay: the instrument and the dates show when you end it."
        )}
      </p>

      {page.isPreview ? (
        <p className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          Preview as student: replays are kept for students.
        </p>
      ) : !replay || replay.ended ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="start" />
          {replay?.ended ? (
            <p className="mb-3 text-slate-700">Your last replay of this exercise has ended; its trades are in your journal.</p>
          ) : null}
          <button type="submit" className={buttonClass("primary")}>
            {replay?.ended ? "Replay it again" : "Start the replay"}
          </button>
        </Form>
      ) : null}

      {page.candles.length > 0 ? (
        <section aria-labelledby="chart-heading" className="mt-6">
          <h2 id="chart-heading" className="sr-only">
            Chart
          </h2>
          {/* The server's SVG without JavaScript; the interactive chart once the page's script runs. */}
          <ClientOnly
            fallback={
              <CandleChart
                candles={page.candles}
                label={`Candles shown so far: ${page.candles.length}. Last close ${replay?.lastClose ?? ""}.`}
                priceLabel={price}
                marks={openMarks}
              />
            }
          >
            {() => (
              <ReplayChart
                candles={page.candles}
                tickUnits={page.tickUnits}
                marks={openMarks}
                label={`Candles shown so far: ${page.candles.length}. Last close ${replay?.lastClose ?? ""}.`}
              />
            )}
          </ClientOnly>
          {replay ? (
            <p className="mt-2 text-sm text-slate-700">
              Last close <strong>{replay.lastClose}</strong>
              {replay.lastTime ? ` · ${replay.lastTime}` : ""}
            </p>
          ) : null}
        </section>
      ) : null}

      {replay && !replay.ended ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {[1, 5, 20].map((count) => (
            <Form method="post" key={count}>
              <input type="hidden" name="intent" value="step" />
              <input type="hidden" name="atSeq" value={replay.atSeq} />
              <input type="hidden" name="count" value={count} />
              <button type="submit" className={buttonClass(count === 1 ? "primary" : "outline")}>
                {count === 1 ? "Next candle" : `Next ${count} candles`}
              </button>
            </Form>
          ))}
          <PlayControls atSeq={replay.atSeq} />
          <Form method="post">
            <input type="hidden" name="intent" value="end" />
            <button type="submit" className={buttonClass("outline")}>
              End the replay
            </button>
          </Form>
        </div>
      ) : null}

      {replay && !replay.ended ? (
        <section aria-labelledby="trade-heading" className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="trade-heading" className="text-lg font-bold text-navy-900">
            Place a paper trade at {replay.lastClose}
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-x-4 sm:grid-cols-2">
            <FormErrors errors={form.errors} id={form.errorId} />
            <input type="hidden" name="intent" value="trade" />
            <input type="hidden" name="atSeq" value={replay.atSeq} />
            <SelectField
              field={fields.side}
              label="Buy or sell"
              required
              placeholder="Choose one"
              options={[
                { value: "buy", label: "Buy" },
                { value: "sell", label: "Sell" },
              ]}
            />
            <TextField field={fields.quantity} label="Quantity" type="number" min={1} max={1000000} inputMode="numeric" required />
            <TextField field={fields.stopLoss} label="Stop-loss (₹, optional)" inputMode="decimal" />
            <TextField field={fields.target} label="Target (₹, optional)" inputMode="decimal" />
            {page.setups.length > 0 ? (
              <SelectField field={fields.setupId} label="Setup" placeholder="Choose the setup you followed" options={page.setups} />
            ) : null}
            <div className="sm:col-span-2">
              <TextareaField field={fields.reason} label="Why this trade" required wide rows={3} />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass("primary")}>
                Place trade
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      {page.trades.length > 0 ? (
        <section aria-labelledby="trades-heading" className="mt-8">
          <h2 id="trades-heading" className="text-lg font-bold text-navy-900">
            Your trades
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
            {page.trades.map((trade) => (
              <li key={trade.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span>
                  <strong>{trade.side === "buy" ? "Buy" : "Sell"}</strong> {trade.quantity} at {trade.entry}
                  {trade.stopLoss ? ` · stop-loss ${trade.stopLoss}` : ""}
                  {trade.target ? ` · target ${trade.target}` : ""}
                  {trade.exit && trade.exitReason ? (
                    <span className="block text-sm text-slate-700">
                      Exit {trade.exit}, {EXITS[trade.exitReason]} · <strong>{trade.profit}</strong>
                    </span>
                  ) : null}
                </span>
                {trade.open && replay && !replay.ended ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="close" />
                    <input type="hidden" name="atSeq" value={replay.atSeq} />
                    <input type="hidden" name="tradeId" value={trade.id} />
                    <button type="submit" className={buttonClass("outline")}>
                      Close at {replay.lastClose}
                    </button>
                  </Form>
                ) : (
                  <Link to={`/learn/journal/${trade.id}`} className="font-semibold text-teal-800 underline underline-offset-4">
                    In your journal
                  </Link>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-600">Your results are yours and your mentors' alone: there are no rankings or prizes.</p>
        </section>
      ) : null}
    </article>
  );
}
