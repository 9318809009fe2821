// A replay's candles as an SVG drawn on the server: what the page shows
// without JavaScript (and before the interactive chart loads). Only the
// candles the student has been shown are ever passed in.

export type ChartCandle = { seq: number; open: number; high: number; low: number; close: number };

const WIDTH = 800;
const HEIGHT = 320;
const PAD = { top: 12, right: 72, bottom: 12, left: 8 };

export function CandleChart({
  candles,
  label,
  priceLabel,
  marks = [],
}: {
  candles: ChartCandle[];
  label: string;
  priceLabel: (units: number) => string;
  /** Horizontal lines: a trade's entry, stop-loss or target. */
  marks?: { price: number; label: string; tone: "entry" | "stop" | "target" }[];
}) {
  if (candles.length === 0) return null;
  const prices = [...candles.flatMap((candle) => [candle.high, candle.low]), ...marks.map((mark) => mark.price)];
  const max = Math.max(...prices);
  const min = Math.min(...prices);
  const span = max - min || 1;
  const y = (price: number) => PAD.top + ((max - price) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(candles.length, 40);
  const body = Math.max(1, slot * 0.6);
  const tones = { entry: "#1e3a8a", stop: "#b91c1c", target: "#15803d" };
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="h-auto w-full rounded-xl bg-white ring-1 ring-slate-200"
    >
      {[max, (max + min) / 2, min].map((price) => (
        <text key={price} x={WIDTH - PAD.right + 6} y={y(price) + 4} fontSize="12" fill="#334155">
          {priceLabel(price)}
        </text>
      ))}
      {candles.map((candle, index) => {
        const x = PAD.left + index * slot + slot / 2;
        const up = candle.close >= candle.open;
        const colour = up ? "#15803d" : "#b91c1c";
        const top = y(Math.max(candle.open, candle.close));
        return (
          <g key={candle.seq}>
            <line x1={x} x2={x} y1={y(candle.high)} y2={y(candle.low)} stroke={colour} strokeWidth="1" />
            <rect x={x - body / 2} y={top} width={body} height={Math.max(1, y(Math.min(candle.open, candle.close)) - top)} fill={colour} />
          </g>
        );
      })}
      {marks.map((mark) => (
        <g key={`${mark.tone}-${mark.price}`}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(mark.price)}
            y2={y(mark.price)}
            stroke={tones[mark.tone]}
            strokeDasharray="6 4"
          />
          <text x={PAD.left + 4} y={y(mark.price) - 4} fontSize="12" fill={tones[mark.tone]}>
            {mark.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
