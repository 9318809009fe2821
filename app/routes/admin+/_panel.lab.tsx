import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/admin/admin-dialog";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { FileField, FormNotice, SelectField, TextareaField, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { listDatasets, saveDataset } from "~/models/lab/market-data.server";
import { CANDLE_FILE, INSTRUMENT_KIND_LABELS, MarketDataUploadSchema, TIMEFRAMES } from "~/schemas/market-data";
import { readCandleFile } from "~/services/market-data/candle-file.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { MARKET_DATA_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { formatIndiaDateTime } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { oldEnoughToShow } from "~/utils/market-age";
import { formatMarketPrice } from "~/utils/price-units";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { EXCHANGES, INSTRUMENT_KINDS } from "../../../db/enums";

// The practice lab's market data: every dataset with its source, and the
// upload of a new one. A file is checked row by row before anything is stored;
// a refused file stores nothing and lists its bad rows. Students are shown a
// candle only 30 days after it closed (app/utils/market-age.ts).

export const handle: BodyLimitsHandle = { bodyLimits: MARKET_DATA_BODY_LIMITS };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Practice lab",
    description: "Admin panel: the practice lab's market data.",
    path: "/admin/lab",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const now = new Date();
  return {
    datasets: listDatasets().map((dataset) => ({
      id: dataset.id,
      instrument: `${dataset.exchange}:${dataset.symbol}`,
      name: dataset.name,
      timeframe: TIMEFRAMES[String(dataset.timeframeMinutes) as keyof typeof TIMEFRAMES] ?? `${dataset.timeframeMinutes} minutes`,
      tick: formatMarketPrice(dataset.tickUnits, dataset.tickUnits),
      candles: dataset.candleCount.toLocaleString("en-IN"),
      from: formatIndiaDateTime(dataset.firstOpenAt),
      to: formatIndiaDateTime(dataset.lastCloseAt),
      allShown: oldEnoughToShow(dataset.lastCloseAt, now),
      source: dataset.source,
      isGenerated: dataset.isGenerated,
      uploaded: `${formatIndiaDateTime(dataset.createdAt)} by ${dataset.uploadedBy}`,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const submission = parseWithZod(await readFormData(request), { schema: MarketDataUploadSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), problems: [] as string[], more: 0 }, { status: 400 });
  const { file, timeframe, source, ...instrument } = submission.value;
  const instrumentInput = { ...instrument, tickUnits: instrument.tick };
  const read = await readCandleFile(await file.text(), instrumentInput, Number(timeframe));
  if (!read.ok)
    return data(
      {
        result: submission.reply({ fieldErrors: { file: ["This file was not stored: fix the rows below and upload it again."] } }),
        ...read,
      },
      { status: 400 },
    );
  const { tick: _tick, ...named } = instrumentInput;
  const id = saveDataset(
    { instrument: named, timeframeMinutes: Number(timeframe), source, filename: file.name, candles: read.candles },
    admin,
  );
  return redirectWithToast("/admin/lab", {
    title: "Market data stored",
    description: `${read.candles.length.toLocaleString("en-IN")} candles of ${instrument.exchange}:${instrument.symbol} (dataset ${id}). Students see each candle 30 days after it closed.`,
  });
}

export default function PracticeLabData() {
  const { datasets } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(MarketDataUploadSchema, {
    id: "market-data-upload",
    lastResult: actionData?.result,
    defaultValue: { exchange: "NSE", kind: "equity", tick: "0.05", timeframe: "5" },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Practice lab" />
      <p className="max-w-3xl text-slate-700">
        Historical candles for the practice lab's replays. SEBI lets an educator who is not registered teach only on prices at least 30 days
        old: a student is shown a candle only 30 days after it closed, counted at each request.
      </p>

      <section aria-labelledby="datasets-heading" className="grid gap-3">
        <h2 id="datasets-heading" className="text-lg font-bold text-navy-900">
          Market data
        </h2>
        {datasets.length === 0 ? (
          <EmptyState title="No market data yet" hint="Upload a CSV of candles below." />
        ) : (
          <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {["Instrument", "Candles", "From – to (IST)", "Source", "Uploaded"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {datasets.map((dataset) => (
                  <tr key={dataset.id}>
                    <th scope="row" className="px-3 py-2 font-medium text-navy-900">
                      {dataset.instrument}
                      <span className="block font-normal text-slate-600">
                        {dataset.name} · tick ₹{dataset.tick}
                      </span>
                    </th>
                    <td className="px-3 py-2">
                      {dataset.candles} × {dataset.timeframe}
                    </td>
                    <td className="px-3 py-2">
                      {dataset.from} – {dataset.to}
                      {dataset.allShown ? null : <span className="block text-amber-900">The newest candles are not 30 days old yet.</span>}
                    </td>
                    <td className="px-3 py-2">
                      {dataset.isGenerated ? <span className="font-semibold">Generated for the demo, not market prices. </span> : null}
                      {dataset.source}
                    </td>
                    <td className="px-3 py-2">{dataset.uploaded}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="upload-heading" className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="upload-heading" className="text-lg font-bold text-navy-900">
          Upload candles
        </h2>
        <p className="text-sm text-slate-700">
          A CSV whose first row names <code>timestamp,open,high,low,close,volume</code>, one candle a row, oldest first, times in India time
          (<code>2026-03-02 09:15</code>, or a day alone for daily candles). Every row is checked; a file with any problem is not stored.
        </p>
        {actionData && actionData.problems.length > 0 ? (
          <FormNotice title="The file was not stored">
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {actionData.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
            {actionData.more > 0 ? <p className="mt-2">…and {actionData.more} more rows with problems.</p> : null}
          </FormNotice>
        ) : null}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-x-4 sm:grid-cols-2">
          <FormErrors errors={form.errors} id={form.errorId} />
          <SelectField
            field={fields.exchange}
            label="Exchange"
            required
            placeholder="Choose the exchange"
            options={EXCHANGES.map((value) => ({ value, label: value }))}
          />
          <TextField field={fields.symbol} label="Symbol" required maxLength={20} />
          <TextField field={fields.name} label="Name" required maxLength={100} />
          <SelectField
            field={fields.kind}
            label="What it is"
            required
            placeholder="Choose one"
            options={INSTRUMENT_KINDS.map((value) => ({ value, label: INSTRUMENT_KIND_LABELS[value] }))}
          />
          <TextField field={fields.tick} label="Tick size (₹)" required inputMode="decimal" />
          <SelectField
            field={fields.timeframe}
            label="Each candle"
            required
            placeholder="Choose the timeframe"
            options={Object.entries(TIMEFRAMES).map(([value, label]) => ({ value, label }))}
          />
          <div className="sm:col-span-2">
            <TextareaField field={fields.source} label="Source: who supplied these prices, and on what terms" required wide rows={3} />
          </div>
          <div className="sm:col-span-2">
            <FileField field={fields.file} label="CSV file" accept={CANDLE_FILE.accept} hint="Up to 20 MB and 200,000 candles." />
          </div>
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              {busy ? "Checking the file..." : "Upload Market Data"}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
