import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";

/** What the page needs to offer the course: its price texts and the visitor's standing. */
export type CourseOffer = {
  courseId: number;
  priceLabel: string;
  originalPriceLabel: string | null;
  discount: number | null;
  /** "incl. GST" when the institute is GST-registered. */
  taxNote: string | null;
  enrolled: boolean;
  signedIn: boolean;
  /** Sold only with a batch: the button leads to the batches to choose from. */
  batchesOnly: boolean;
};

/** The id of the first-screen buy block on a phone; the bottom bar appears once it has scrolled away. */
const PHONE_BUY_BLOCK_ID = "course-buy";

/** The one way to buy (or open) the course, wherever the page shows it. */
export function CourseBuyButton({ offer, className = "" }: { offer: CourseOffer; className?: string }) {
  if (offer.enrolled) {
    return (
      <Link to={`/learn/${offer.courseId}`} className={buttonClass("primary", className)}>
        Go to course
      </Link>
    );
  }
  if (offer.batchesOnly) {
    return (
      <a href="#batches" className={buttonClass("primary", className)}>
        Choose a Batch
      </a>
    );
  }
  if (offer.signedIn) {
    return (
      <Link to={`/checkout?courseId=${offer.courseId}`} className={buttonClass("primary", className)}>
        Enroll Now
      </Link>
    );
  }
  // Login is a full-page navigation to /api/login, so a plain link rather than <Link>.
  return (
    <a href={`/api/login?redirectTo=/courses/${offer.courseId}`} className={buttonClass("primary", className)}>
      Login to Enroll
    </a>
  );
}

/** "₹4,999 ₹7,999 38% off": the price, the struck-out original and the saving. */
export function CoursePrice({ offer, size = "large" }: { offer: CourseOffer; size?: "large" | "compact" }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className={`font-extrabold ${size === "large" ? "text-3xl text-navy-900" : "text-2xl"}`}>{offer.priceLabel}</span>
      {offer.taxNote ? <span className="text-sm">{offer.taxNote}</span> : null}
      {offer.originalPriceLabel ? (
        <del className={size === "large" ? "text-lg text-slate-600" : "text-base opacity-80"}>
          <span className="sr-only">Original price </span>
          {offer.originalPriceLabel}
        </del>
      ) : null}
      {offer.discount !== null ? (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">{`${offer.discount}% off`}</span>
      ) : null}
    </p>
  );
}

/** The price and the buy button right under the course's title on a phone, inside the first screen. */
export function PhoneBuyBlock({ offer }: { offer: CourseOffer }) {
  return (
    <div id={PHONE_BUY_BLOCK_ID} className="mt-6 flex flex-wrap items-center justify-between gap-4 lg:hidden">
      <CoursePrice offer={offer} size="compact" />
      <CourseBuyButton offer={offer} className="min-w-40" />
    </div>
  );
}

/**
 * A bar at the bottom of a phone's screen with the price and the buy button, shown once the
 * first-screen buy block has scrolled out of view (IntersectionObserver). Without JavaScript
 * it is `position: sticky` at the bottom of the page's content, so it is simply always there:
 * a duplicate of the block above on the first screen, but never a way to buy that is missing.
 * Its right end leaves room for the floating chat button.
 */
export function StickyBuyBar({ offer }: { offer: CourseOffer }) {
  const away = useScrolledAway(PHONE_BUY_BLOCK_ID);
  return (
    <div
      data-testid="sticky-buy-bar"
      // Invisible rather than removed, so the page's height never jumps as it comes and goes.
      className={`${away === false ? "invisible" : ""} sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 py-3 pl-4 pr-20 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden`}
    >
      <div className="flex items-center justify-between gap-3 text-navy-900">
        <CoursePrice offer={offer} size="compact" />
        <CourseBuyButton offer={offer} className="shrink-0" />
      </div>
    </div>
  );
}

/** Whether the element has scrolled up out of view; null until measured (and without JavaScript). */
function useScrolledAway(elementId: string): boolean | null {
  const [away, setAway] = useState<boolean | null>(null);
  useEffect(() => {
    const element = document.getElementById(elementId);
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setAway(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [elementId]);
  return away;
}
