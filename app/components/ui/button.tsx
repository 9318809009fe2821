const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants = {
  primary: "bg-gold-500 text-navy-950 hover:bg-gold-400",
  secondary: "bg-navy-900 text-white hover:bg-navy-800",
  outline: "border border-navy-900 text-navy-900 hover:bg-navy-900 hover:text-white",
  ghost: "text-navy-900 hover:bg-slate-200",
  onDark: "border border-white/70 text-white hover:bg-white hover:text-navy-900",
} as const;

export type ButtonVariant = keyof typeof variants;

/** Class names for anything that should look like a button: <button>, <Link>, <a>. */
export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
