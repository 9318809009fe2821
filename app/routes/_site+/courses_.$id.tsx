import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DisclaimerNote } from "~/components/disclaimer-note";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge, levelTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { SummaryRow } from "~/components/ui/summary-row";
import { courseStudentCount } from "~/models/courses/course-figures.server";
import { CurriculumOutline, formatMinutes, toOutlineSections } from "~/components/curriculum-outline";
import { courseDescriptionParts, findActiveCourse, syllabusLines } from "~/models/courses/course.server";
import { listCourseMentors } from "~/models/courses/course-mentors.server";
import { mentorBioPoints } from "~/models/content/mentor.server";
import { mentorPhotos } from "./__mentor-photos.server";
import { lessonsInOrder, listCurriculum } from "~/models/classroom/curriculum.server";
import { isEnrolled } from "~/models/orders/order.server";
import { pricesIncludeGst } from "~/models/site/site-settings.server";
import { getUserId } from "~/services/accounts/sessions/student-session.server";
import { discountPercent, formatPrice, GST_INCLUDED_NOTE, paiseToDecimalString } from "~/utils/money";
import { instituteFrom, jsonLd, pageMeta, socialCardPath } from "~/utils/seo";
import { useSiteUser } from "~/utils/use-site-user";
import { publicOrigin } from "~/utils/env.server";
import { CourseRatingLine, CourseReviews } from "./__course-reviews";
import { courseReviewsFor, reviewAction } from "./__course-reviews.server";
import { COURSE_COVER_BOX } from "./__course-card";
import { courseCoverUrl } from "./__course-card.server";
import { findReadyImages } from "~/models/content/image-asset.server";
import { imageSource } from "~/utils/image-variants";
import { ResponsiveImage } from "~/components/responsive-image";
import { CourseBuyButton, CoursePrice, PhoneBuyBlock, StickyBuyBar, type CourseOffer } from "./__course-buy";
import { countOf } from "~/utils/plural";
import { batchPlaceText } from "~/utils/batch-place";
import { upcomingBatches } from "~/models/batches/batch.server";
import { formatShortCalendarDay } from "~/utils/dates";
import { UpcomingBatches } from "./__course-batches";
import { batchWaitlistPlaces } from "~/models/batches/batch-waitlist.server";
import type { WaitlistPlace } from "~/models/seats/seats.server";
import { WAITLIST_MESSAGES } from "~/content/messages/events";
import { formatEventWhen } from "~/utils/dates";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const course = findActiveCourse(params.id ?? "");
  if (!course) throw new Response("Not Found", { status: 404 });
  const origin = publicOrigin();
  const cover = courseCoverUrl(course);
  const image = imageSource(cover, findReadyImages([cover]), COURSE_COVER_BOX);
  const original = course.originalPricePaise;
  // Rendered once per student (a page of their own, decision 0017): the button depends on their enrollment.
  const userId = await getUserId(request);
  const enrolled = userId !== null && isEnrolled(userId, course.id);
  const curriculum = listCurriculum(course.id);
  const allLessons = lessonsInOrder(curriculum);
  const lessonCount = allLessons.length;
  const totalMinutes = allLessons.reduce((sum, lesson) => sum + lesson.durationMinutes, 0);
  const studentCount = courseStudentCount(course.id);
  const { rating, ...reviewSection } = courseReviewsFor(course.id, enrolled ? userId : null);
  const batches = course.pacing === "self_paced" ? [] : upcomingBatches(course.id);
  const waitlistPlaces =
    userId && !enrolled
      ? batchWaitlistPlaces(
          batches.map((batch) => batch.id),
          userId,
        )
      : new Map();
  return {
    batches: batches.map((batch) => ({
      waitlist: waitlistText(waitlistPlaces.get(batch.id)),
      offered: waitlistPlaces.get(batch.id)?.status === "offered",
      id: batch.id,
      name: batch.name,
      days: `${formatShortCalendarDay(batch.startsOn)} – ${formatShortCalendarDay(batch.endsOn)}`,
      where: batchPlaceText(batch),
      seats: batch.seatsLeft === null ? "Seats open" : batch.seatsLeft === 0 ? "Full" : `${countOf(batch.seatsLeft, "seat")} left`,
      full: batch.seatsLeft === 0,
      priceLabel: formatPrice(batch.pricePaise),
    })),
    enrolled,
    reviewSection,
    // Stars and a count only from approved reviews; none approved, none shown (decision 0035).
    rating,
    lessonsSummary:
      lessonCount > 0
        ? `${countOf(curriculum.length, "section")} · ${countOf(lessonCount, "lesson")} · ${formatMinutes(totalMinutes)}`
        : null,
    // A free preview plays for anyone; an enrolled student opens every lesson.
    lessonSections: toOutlineSections(curriculum, (lesson) => ({
      href: enrolled || lesson.isFreePreview ? `/learn/${course.id}/${lesson.id}` : null,
    })),
    course: {
      id: course.id,
      title: course.title,
      shortDescription: course.shortDescription,
      level: course.level,
      image,
      duration: course.duration,
      brochureUrl: course.brochurePdfUrl,
      ...courseDescriptionParts(course.description),
      features: course.features,
      curriculum: syllabusLines(course.syllabus),
      priceLabel: formatPrice(course.pricePaise),
      originalPriceLabel: original !== null && original > course.pricePaise ? formatPrice(original) : null,
      discount: discountPercent(course.pricePaise, original),
      taxNote: course.pricePaise > 0 && pricesIncludeGst() ? GST_INCLUDED_NOTE : null,
      batchesOnly: course.pacing === "batch",
      taughtInBatches: course.pacing !== "self_paced",
    },
    // The students this course has had, counted now; none yet is not shown.
    studentsLabel: studentCount > 0 ? studentCount.toLocaleString("en-IN") : null,
    mentors: mentorPhotos(listCourseMentors(course.id), 64).map((mentor) => ({
      id: mentor.id,
      name: mentor.name,
      title: mentor.title,
      summary: mentorBioPoints(mentor.bio)[0] ?? null,
      image: mentor.image,
    })),
    studentCount,
    structuredData: {
      url: `${origin}/courses/${course.id}`,
      image: new URL(cover, origin).href,
      origin,
      price: paiseToDecimalString(course.pricePaise),
    },
  };
}

/** What a batch's card says of the student's place on its waitlist; null when they have none. */
function waitlistText(place: WaitlistPlace | undefined): string | null {
  if (!place) return null;
  return place.status === "waiting"
    ? WAITLIST_MESSAGES.place(place.position)
    : WAITLIST_MESSAGES.keptInBatch(formatEventWhen(place.expiresAt));
}

/** The "Review this course" form's post. */
export async function action({ request, params }: ActionFunctionArgs) {
  const course = findActiveCourse(params.id ?? "");
  if (!course) throw new Response("Not Found", { status: 404 });
  return reviewAction(request, course.id);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const instituteName = instituteFrom(matches).name;
  if (!data) return [{ title: `Course Not Found | ${instituteName}` }, { name: "robots", content: "noindex" }];
  const { course, structuredData, rating } = data;
  return [
    ...pageMeta(matches, {
      title: course.title,
      description: course.shortDescription,
      path: `/courses/${course.id}`,
      socialCard: socialCardPath("course", course.id),
    }),
    jsonLd({
      "@type": "Course",
      name: course.title,
      description: course.shortDescription,
      url: structuredData.url,
      image: structuredData.image,
      inLanguage: ["en", "hi"],
      educationalLevel: course.level,
      provider: { "@type": "Organization", name: instituteName, sameAs: structuredData.origin },
      offers: {
        "@type": "Offer",
        category: "Paid",
        price: structuredData.price,
        priceCurrency: "INR",
        url: structuredData.url,
      },
      // Google's review snippets want a rating only where real reviews stand behind it.
      ...(rating
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: rating.average,
              ratingCount: rating.count,
              reviewCount: rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    }),
  ];
};

export default function CourseDetailPage() {
  const { course, studentsLabel, studentCount, enrolled, lessonSections, lessonsSummary, rating, reviewSection, mentors, batches } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const signedIn = useSiteUser() !== null;
  // The first-screen block on a phone, the summary on a wide screen and the bottom bar all buy the same way.
  const offer: CourseOffer = {
    courseId: course.id,
    priceLabel: course.priceLabel,
    originalPriceLabel: course.originalPriceLabel,
    discount: course.discount,
    taxNote: course.taxNote,
    enrolled,
    signedIn,
    batchesOnly: course.batchesOnly,
  };

  return (
    <>
      <section aria-labelledby="course-title" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:py-16">
          <Link to="/courses" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-gold-400 hover:underline">
            <span aria-hidden="true">←</span> Back to Courses
          </Link>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-200">
            <Badge tone={levelTone(course.level)}>{course.level}</Badge>
            {studentCount > 0 ? <span>{countOf(studentCount, "student")} enrolled</span> : null}
          </div>
          <h1 id="course-title" className="mt-4 max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">
            {course.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-200">{course.shortDescription}</p>
          <CourseRatingLine rating={rating} className="mt-4 text-slate-100" />
          <PhoneBuyBlock offer={offer} />
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-10">
          <section aria-labelledby="overview-heading">
            <h2 id="overview-heading" className="text-2xl font-bold text-navy-900">
              Course Overview
            </h2>
            <p className="mt-4 whitespace-pre-line leading-relaxed text-slate-700">{course.overview}</p>
          </section>

          {course.features.length > 0 ? (
            <section aria-labelledby="learn-heading" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h2 id="learn-heading" className="text-2xl font-bold text-navy-900">
                What You'll Learn
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {course.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-slate-700">
                    <CheckIcon />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {course.taughtInBatches ? (
            <UpcomingBatches courseId={course.id} batches={batches} enrolled={enrolled} signedIn={signedIn} />
          ) : null}

          {mentors.length > 0 ? (
            <section aria-labelledby="mentors-heading">
              <h2 id="mentors-heading" className="text-2xl font-bold text-navy-900">
                {mentors.length === 1 ? "Your Mentor" : "Your Mentors"}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {mentors.map((mentor) => (
                  <li key={mentor.id} className="flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
                    <ResponsiveImage
                      image={mentor.image}
                      alt=""
                      sizes="64px"
                      className="size-16 shrink-0 rounded-full bg-slate-200 object-cover"
                    />
                    <div className="min-w-0">
                      <h3 className="font-bold text-navy-900">{mentor.name}</h3>
                      <p className="text-sm font-medium text-teal-700">{mentor.title}</p>
                      {mentor.summary ? <p className="mt-1 text-sm text-slate-700">{mentor.summary}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {lessonSections.length > 0 ? (
            <section aria-labelledby="curriculum-heading">
              <h2 id="curriculum-heading" className="text-2xl font-bold text-navy-900">
                Curriculum
              </h2>
              {lessonsSummary ? <p className="mt-2 text-slate-600">{lessonsSummary}</p> : null}
              <div className="mt-4">
                <CurriculumOutline sections={lessonSections} />
              </div>
            </section>
          ) : course.curriculum.length > 0 ? (
            <section aria-labelledby="curriculum-heading">
              <h2 id="curriculum-heading" className="text-2xl font-bold text-navy-900">
                Curriculum
              </h2>
              <ol className="mt-4 space-y-2">
                {course.curriculum.map((line, index) => (
                  <li key={`${index}-${line}`} className="flex items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
                    <span
                      aria-hidden="true"
                      className="flex size-7 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-white"
                    >
                      {index + 1}
                    </span>
                    <span className="text-slate-800">{line}</span>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          {course.sections.length > 0 ? (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="text-2xl font-bold text-navy-900">
                Course Description
              </h2>
              <div className="mt-4 space-y-6">
                {course.sections.map((section) => (
                  <div key={section.heading}>
                    <h3 className="text-sm font-bold tracking-widest text-teal-700">{section.heading}</h3>
                    <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-700">{section.body}</p>
                  </div>
                ))}
              </div>
            </section>
          ) : null}

          <CourseReviews courseId={course.id} rating={rating} {...reviewSection} lastResult={actionData?.result} />

          <DisclaimerNote />
        </div>

        <aside aria-label="Course summary" className="lg:sticky lg:top-24 lg:self-start">
          <div className="overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200">
            <ResponsiveImage
              image={course.image}
              alt=""
              sizes="(min-width: 1024px) 380px, 100vw"
              priority
              className="aspect-video h-auto w-full bg-navy-900 object-cover"
            />
            <div className="space-y-5 p-6">
              <div>
                <CoursePrice offer={offer} />
                <p className="mt-1 text-sm text-slate-600">One-time payment</p>
              </div>
              <dl className="divide-y divide-slate-200 text-sm">
                <SummaryRow label="Duration" value={course.duration} />
                <SummaryRow label="Level" value={<span className="capitalize">{course.level}</span>} />
                {studentsLabel ? <SummaryRow label="Students" value={studentsLabel} /> : null}
                <SummaryRow label="Language" value="English, Hindi" />
                <SummaryRow label="Certificate" value="Yes" />
              </dl>
              <CourseBuyButton offer={offer} className="w-full" />
              {enrolled ? null : (
                <Link to={`/enrollment-form?course=${course.id}`} className={buttonClass("outline", "w-full")}>
                  Fill in the enrollment form
                </Link>
              )}
              {course.brochureUrl ? (
                <a href={course.brochureUrl} download className={buttonClass("ghost", "w-full")}>
                  Download Brochure (PDF)
                </a>
              ) : null}
            </div>
          </div>
        </aside>
      </div>
      <StickyBuyBar offer={offer} />
    </>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      className="mt-0.5 shrink-0 text-green-700"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

function CourseNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-navy-900">Course Not Found</h1>
      <p className="text-slate-600">The course you're looking for doesn't exist or is no longer available.</p>
      <Link to="/courses" className={buttonClass("primary")}>
        Back to Courses
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <CourseNotFound />;
  return <GeneralErrorBoundary />;
}
