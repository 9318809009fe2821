import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClass } from "~/components/ui/button";

// "Play": with JavaScript, the replay steps one candle at a time at the chosen
// speed, by posting the same step form the page's buttons post (the server
// decides every step, as always). It stops when a step does not move the
// replay on: the data's end, a candle not 30 days old yet, or another tab.

const SPEEDS = [
  { ms: 2000, label: "Slow" },
  { ms: 1000, label: "Normal" },
  { ms: 400, label: "Fast" },
];

export function PlayControls({ atSeq }: { atSeq: number }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1000);
  const askedFrom = useRef<number | null>(null);

  useEffect(() => {
    if (!playing || fetcher.state !== "idle") return;
    if (askedFrom.current === atSeq) {
      // The last step did not move the replay on: stop here.
      askedFrom.current = null;
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => {
      askedFrom.current = atSeq;
      fetcher.submit({ intent: "step", atSeq: String(atSeq), count: "1" }, { method: "post" });
    }, speed);
    return () => clearTimeout(timer);
  }, [playing, fetcher, atSeq, speed]);

  if (!hydrated) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass(playing ? "secondary" : "outline")}
        aria-pressed={playing}
        onClick={() => {
          askedFrom.current = null;
          setPlaying(!playing);
        }}
      >
        {playing ? "Pause" : "Play"}
      </button>
      <label className="flex items-center gap-2 text-sm">
        Speed
        <select
          value={speed}
          onChange={(event) => setSpeed(Number(event.target.value))}
          className="min-h-11 rounded-lg border border-slate-300 px-2"
        >
          {SPEEDS.map((option) => (
            <option key={option.ms} value={option.ms}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
