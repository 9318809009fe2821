// The Google Analytics status card: Connected with the
// tracking ID, or Not Connected. Shown on the Dashboard and the Analytics tab;
// the loaders pass `getEnv().GA_TRACKING_ID ?? null`.

export function GoogleAnalyticsCard({ trackingId }: { trackingId: string | null }) {
  return (
    <section aria-labelledby="ga-status" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="ga-status" className="text-xl font-bold text-navy-900">
        Google Analytics
      </h2>
      {trackingId ? (
        <p className="mt-2 text-slate-700">
          <span className="font-semibold text-emerald-800">Connected</span> · Tracking ID <span className="font-mono">{trackingId}</span>
        </p>
      ) : (
        <p className="mt-2 font-semibold text-slate-700">Not Connected</p>
      )}
    </section>
  );
}
