import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { checkoutPath } from "~/utils/checkout-path";

// A course's upcoming batches on its page: when each runs (India's calendar),
// where it is taught, the seats left and its price, and the way to choose one
// (checkout with the batch named). Plain links: nothing here needs JavaScript.

export type UpcomingBatchView = {
  id: number;
  name: string;
  days: string;
  where: string;
  seats: string;
  full: boolean;
  priceLabel: string;
  /** The student's place on the batch's waitlist, said; null when they have none. */
  waitlist: string | null;
  /** A freed seat is kept for them: they may choose the batch although it shows full. */
  offered: boolean;
};

export function UpcomingBatches({
  courseId,
  batches,
  enrolled,
  signedIn,
}: {
  courseId: number;
  batches: UpcomingBatchView[];
  enrolled: boolean;
  signedIn: boolean;
}) {
  return (
    <section id="batches" aria-labelledby="batches-heading">
      <h2 id="batches-heading" className="text-2xl font-bold text-navy-900">
        Upcoming Batches
      </h2>
      <p className="mt-2 text-slate-600">Live classes with a mentor on a timetable, in India time.</p>
      {batches.length === 0 ? (
        <p className="mt-4 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">No batch is open for booking right now.</p>
      ) : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {batches.map((batch) => (
          <li key={batch.id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <h3 className="font-bold text-navy-900">{batch.name}</h3>
            <p className="mt-1 text-sm text-slate-700">{batch.days}</p>
            <p className="text-sm text-slate-700">{batch.where}</p>
            <p className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
              <span className={batch.full ? "text-sm font-semibold text-red-800" : "text-sm font-semibold text-teal-800"}>
                {batch.seats}
              </span>
              <span className="text-lg font-bold text-navy-900">{batch.priceLabel}</span>
            </p>
            {batch.waitlist ? (
              <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-900">{batch.waitlist}</p>
            ) : null}
            <BatchAction courseId={courseId} batch={batch} enrolled={enrolled} signedIn={signedIn} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a student can do with a batch: choose it, join its waitlist when it is full, or sign in first. */
function BatchAction({
  courseId,
  batch,
  enrolled,
  signedIn,
}: {
  courseId: number;
  batch: UpcomingBatchView;
  enrolled: boolean;
  signedIn: boolean;
}) {
  if (enrolled) return null;
  if (!signedIn)
    return (
      // Login is a full-page navigation to /api/login, so a plain link rather than <Link>.
      <a href={`/api/login?redirectTo=/courses/${courseId}`} className={buttonClass("outline", "mt-3 w-full")}>
        Login to choose
      </a>
    );
  if (!batch.full || batch.offered)
    return (
      <Link
        to={checkoutPath({ item: { type: "course", id: courseId, batchId: batch.id } })}
        className={buttonClass("primary", "mt-3 w-full")}
        aria-label={`Choose ${batch.name}`}
      >
        Choose this batch
      </Link>
    );
  if (batch.waitlist) return null;
  return (
    <Form method="post" action={`/courses/${courseId}/batches/${batch.id}/waitlist`} className="mt-3">
      <button type="submit" className={buttonClass("outline", "w-full")} aria-label={`Join the waitlist of ${batch.name}`}>
        Join the waitlist
      </button>
    </Form>
  );
}
