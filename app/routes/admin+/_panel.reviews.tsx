import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/admin/admin-page";
import { StarRating } from "~/components/star-rating";
import { buttonClass } from "~/components/ui/button";
import { decideReview, listReviewsForAdmin } from "~/models/courses/course-review.server";
import { ReviewDecisionSchema } from "~/schemas/course-review";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { listPathFor } from "~/utils/admin-routes";
import { formatIndiaDateTime } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { parseId } from "~/utils/validation";

// Course reviews written by enrolled students: pending ones first, so the
// oldest waiting is at the top. Approving puts a review (and its stars) on the
// course page; rejecting keeps it off. Part of the content area, beside the
// testimonials.

const LIST_PATH = "/admin/reviews";
const PAGE_SIZE = 20;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Course Reviews", description: "Admin panel: course reviews.", path: LIST_PATH, noindex: true });

const STATUS_LABELS = { pending: "Waiting for approval", approved: "Approved", rejected: "Rejected" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const requested = parseId(new URL(request.url).searchParams.get("page")) ?? 1;
  const read = (page: number) => listReviewsForAdmin({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  let list = read(requested);
  const pageCount = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  if (page !== requested) list = read(page);
  return {
    page,
    pageCount,
    pending: list.pending,
    reviews: list.reviews.map((review) => ({
      id: review.id,
      courseId: review.courseId,
      courseTitle: review.courseTitle,
      reviewer: review.reviewer,
      rating: review.rating,
      body: review.body,
      status: review.status,
      statusLabel: STATUS_LABELS[review.status],
      written: formatIndiaDateTime(review.writtenAt),
      decided: review.reviewedAt ? `${formatIndiaDateTime(review.reviewedAt)} by ${review.reviewedBy ?? "an admin"}` : null,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "content");
  const submission = parseWithZod(await readFormData(request), { schema: ReviewDecisionSchema });
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const { id, intent } = submission.value;
  const decision = intent === "approve" ? "approved" : "rejected";
  // The audit row is written with the change, inside the model's transaction.
  const decided = decideReview(id, decision, admin);
  if (!decided) throw new Response("Not Found", { status: 404 });
  return redirectWithToast(listPathFor(request, LIST_PATH), {
    title: decision === "approved" ? "Review approved" : "Review rejected",
    description:
      decision === "approved"
        ? `The review now shows on “${decided.courseTitle}” and counts in its rating.`
        : `The review stays off “${decided.courseTitle}” and does not count in its rating.`,
    analyticsEvent: `course_review_${decision}`,
  });
}

const DECISIONS = [
  { intent: "approve", label: "Approve", hiddenWhen: "approved", look: "primary" },
  { intent: "reject", label: "Reject", hiddenWhen: "rejected", look: "outline" },
] as const;

/** Approve and Reject, less the one the review's state already is. */
function DecisionButtons({ id, status, describedBy, busy }: { id: number; status: string; describedBy: string; busy: boolean }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap gap-3">
      <input type="hidden" name="id" value={id} />
      {DECISIONS.filter((decision) => decision.hiddenWhen !== status).map((decision) => (
        <button
          key={decision.intent}
          type="submit"
          name="intent"
          value={decision.intent}
          aria-describedby={describedBy}
          disabled={busy}
          className={buttonClass(decision.look, "min-h-11 px-4 py-2")}
        >
          {decision.label}
        </button>
      ))}
    </Form>
  );
}

const pageHref = (page: number) => (page > 1 ? `${LIST_PATH}?page=${page}` : LIST_PATH);

export default function AdminReviews() {
  const { page, pageCount, pending, reviews } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-navy-900">Course Reviews</h1>
        <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-navy-900 ring-1 ring-slate-300">
          {pending === 0 ? "Nothing waiting" : `${pending.toLocaleString("en-IN")} waiting for approval`}
        </p>
      </div>
      {reviews.length === 0 ? (
        <EmptyState title="No reviews yet" hint="Students who hold a course can review it from the course page." />
      ) : (
        <ul className="grid gap-4" aria-label="Reviews">
          {reviews.map((review) => {
            const headingId = `review-${review.id}-course`;
            return (
              <li key={review.id}>
                <article aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 id={headingId} className="text-lg font-bold text-navy-900">
                        {review.courseTitle}
                      </h2>
                      <p className="text-sm text-slate-700">
                        {review.reviewer} · {review.written}
                      </p>
                    </div>
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-900">
                      {review.statusLabel}
                    </span>
                  </div>
                  <div className="mt-3">
                    <StarRating rating={review.rating} />
                  </div>
                  <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</p>
                  {review.decided ? <p className="mt-2 text-sm text-slate-600">Decided {review.decided}</p> : null}
                  <DecisionButtons id={review.id} status={review.status} describedBy={headingId} busy={busyId === String(review.id)} />
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-4 text-sm text-slate-700">
          {page > 1 ? <Link to={pageHref(page - 1)}>Newer page</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={pageHref(page + 1)}>Older page</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
