import type { ReactNode } from "react";

const tones = {
  green: "bg-green-100 text-green-900",
  orange: "bg-orange-100 text-orange-900",
  purple: "bg-purple-100 text-purple-900",
  blue: "bg-blue-100 text-blue-900",
  red: "bg-red-100 text-red-900",
  gold: "bg-amber-100 text-amber-900",
  slate: "bg-slate-200 text-slate-800",
  teal: "bg-teal-100 text-teal-900",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = "slate", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** The level colours: beginner green, intermediate orange, advanced purple. */
const levelTones: Record<string, BadgeTone> = { beginner: "green", intermediate: "orange", advanced: "purple" };
export function levelTone(level: string): BadgeTone {
  return levelTones[level] ?? "slate";
}

/** Fixed colours for the four blog categories. */
export function categoryTone(category: string): BadgeTone {
  const tonesByCategory: Record<string, BadgeTone> = {
    education: "blue",
    psychology: "purple",
    "risk management": "red",
    strategy: "green",
  };
  return tonesByCategory[category.toLowerCase()] ?? "slate";
}
