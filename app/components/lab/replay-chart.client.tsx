import {
  CandlestickSeries,
  createChart,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type IPriceLine,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { ChartCandle } from "./candle-chart";

// The replay's interactive chart, in the browser only (a .client module: the
// server never loads it, and only the lab page's script imports it). It draws
// TradingView's open-source Lightweight Charts (Apache-2.0), whose logo links
// to its makers as the licence's attribution asks. It is given only the
// candles the student has been shown; the time axis stays hidden, so a blind
// replay tells no dates. Without JavaScript the page's server-drawn SVG stands.

const UNITS_PER_RUPEE = 10_000;

export function ReplayChart({
  candles,
  tickUnits,
  marks,
  label,
}: {
  candles: ChartCandle[];
  tickUnits: number;
  marks: { price: number; label: string; tone: "entry" | "stop" | "target" }[];
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<{ api: IChartApi; series: ISeriesApi<"Candlestick">; lines: IPriceLine[] } | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const api = createChart(container.current, {
      autoSize: true,
      height: 320,
      layout: { attributionLogo: true, textColor: "#334155", background: { color: "#ffffff" } },
      timeScale: { visible: false },
      grid: { vertLines: { visible: false } },
    });
    const series = api.addSeries(CandlestickSeries, {
      upColor: "#15803d",
      downColor: "#b91c1c",
      borderVisible: false,
      wickUpColor: "#15803d",
      wickDownColor: "#b91c1c",
      priceFormat: { type: "price", precision: tickUnits % 100 === 0 ? 2 : 4, minMove: tickUnits / UNITS_PER_RUPEE },
    });
    chart.current = { api, series, lines: [] };
    return () => {
      api.remove();
      chart.current = null;
    };
  }, [tickUnits]);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    // A candle's number stands in for its time: the axis is hidden, and the order is all a replay needs.
    current.series.setData(
      candles.map((candle) => ({
        time: (candle.seq * 60) as UTCTimestamp,
        open: candle.open / UNITS_PER_RUPEE,
        high: candle.high / UNITS_PER_RUPEE,
        low: candle.low / UNITS_PER_RUPEE,
        close: candle.close / UNITS_PER_RUPEE,
      })),
    );
    for (const line of current.lines) current.series.removePriceLine(line);
    const colours = { entry: "#1e3a8a", stop: "#b91c1c", target: "#15803d" };
    current.lines = marks.map((mark) =>
      current.series.createPriceLine({
        price: mark.price / UNITS_PER_RUPEE,
        color: colours[mark.tone],
        lineStyle: LineStyle.Dashed,
        title: mark.label,
        lineWidth: 1,
      }),
    );
    current.api.timeScale().scrollToRealTime();
  }, [candles, marks]);

  // A named group, not an image: the chart holds a link (the library's attribution), and an image may hold no control.
  return (
    <div role="group" aria-label={label}>
      <div ref={container} className="h-80 w-full overflow-hidden rounded-xl bg-white ring-1 ring-slate-200" />
    </div>
  );
}
