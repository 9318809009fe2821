/** A 1–5 star rating that reads as "Rated 4 out of 5" (or `label`, e.g. an average with its count). */
export function StarRating({ rating, label }: { rating: number; label?: string }) {
  const stars = Math.min(5, Math.max(1, Math.round(rating)));
  return (
    <span role="img" aria-label={label ?? `Rated ${stars} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          className={n <= stars ? "text-amber-500" : "text-slate-300"}
          fill="currentColor"
        >
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </span>
  );
}
