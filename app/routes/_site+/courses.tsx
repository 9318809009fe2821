import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FilterSelect } from "~/components/filter-select";
import { HeroStats } from "~/components/hero-stats";
import { buttonClass } from "~/components/ui/button";
import { useFieldsFollowUrl } from "~/components/use-fields-follow-url";
import { COURSES_WHY_CHOOSE } from "~/content/about";
import { COURSE_SORTS, listActiveCourses, type CourseSort } from "~/models/courses/course.server";
import { countedFigures, figuresShown } from "./__institute-figures.server";
import { pageMeta } from "~/utils/seo";
import { oneOf } from "~/utils/validation";
import { CourseCard } from "./__course-card";
import { approvedRatingsFor } from "~/models/courses/course-review.server";
import { toCourseCards } from "./__course-card.server";
import { countOf } from "~/utils/plural";
import { useInstitute } from "~/utils/use-institute";

const LEVEL_FILTERS = ["all", "beginner", "intermediate", "advanced"] as const;
type LevelFilter = (typeof LEVEL_FILTERS)[number];

const LEVEL_LABELS: Record<LevelFilter, string> = {
  all: "All Levels",
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};
const SORT_LABELS: Record<CourseSort, string> = {
  level: "Level",
  title: "Title A-Z",
  "price-asc": "Price: Low to High",
  "price-desc": "Price: High to Low",
};
const MAX_SEARCH_LENGTH = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    level: oneOf(params.get("level"), LEVEL_FILTERS, "all"),
    sort: oneOf(params.get("sort"), COURSE_SORTS, "level"),
  };
  const courses = listActiveCourses({ search: filters.q, level: filters.level, sort: filters.sort });
  // One query for every card's approved rating.
  const ratings = approvedRatingsFor(courses.map((course) => course.id));
  return {
    filters,
    courses: toCourseCards(courses, ratings),
    figures: courseListFigures(),
    sortOptions: COURSE_SORTS.map((value) => ({ value, label: SORT_LABELS[value] })),
  };
}

function courseListFigures() {
  const counted = countedFigures();
  return figuresShown([
    { ...counted.courses, label: "Total Courses" },
    { ...counted.studentsEnrolled, label: "Students Enrolled" },
    { ...counted.eventsHeld, label: "Events Held" },
  ]);
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Trading Courses",
    description:
      "Currency trading, personal mentorship, SMC & ICT and live classes on replayed markets: practical courses in English and Hindi, from beginner to advanced.",
    path: "/courses",
  });

type Filters = { q: string; level: LevelFilter; sort: CourseSort };

export default function CoursesPage() {
  const { filters, courses, figures, sortOptions } = useLoaderData<typeof loader>();
  const institute = useInstitute();

  return (
    <>
      <section aria-labelledby="courses-heading" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-14 text-center sm:py-20">
          <h1 id="courses-heading" className="text-4xl font-extrabold sm:text-5xl">
            Our Trading Courses
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            Structured programmes taught by practising traders, from your first chart to advanced Smart Money Concepts.
          </p>
          <HeroStats stats={figures} />
        </div>
      </section>

      <div className="mx-auto w-full max-w-7xl px-4 py-10">
        <CourseFilters filters={filters} sortOptions={sortOptions} />

        <p className="mt-6 font-medium text-slate-700" aria-live="polite">
          {countOf(courses.length, "course")} found
        </p>

        <h2 id="course-list-heading" className="sr-only">
          Courses
        </h2>
        {courses.length > 0 ? (
          <ul aria-labelledby="course-list-heading" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course, index) => (
              <li key={course.id}>
                <CourseCard course={course} priority={index === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-2xl bg-white px-6 py-16 text-center ring-1 ring-slate-200">
            <p className="text-xl font-semibold text-navy-900">No courses found</p>
            <p className="mt-2 text-slate-600">Try a different search or level.</p>
          </div>
        )}
      </div>

      <section aria-labelledby="why-choose-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="why-choose-heading" className="text-center text-3xl font-bold text-navy-900">
            Why Choose {institute.name}?
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {COURSES_WHY_CHOOSE.map((item) => (
              <li key={item.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
                <h3 className="text-lg font-bold text-navy-900">{item.title}</h3>
                <p className="mt-2 text-slate-600">{item.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

type CourseFiltersProps = { filters: Filters; sortOptions: { value: CourseSort; label: string }[] };

function CourseFilters({ filters, sortOptions }: CourseFiltersProps) {
  const formRef = useFieldsFollowUrl(filters);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/courses"
      preventScrollReset
      role="search"
      aria-label="Filter courses"
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      <div>
        <label htmlFor="course-search" className="mb-1 block text-sm font-medium text-slate-700">
          Search courses
        </label>
        <input
          id="course-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Course name or topic"
          className="block min-h-11 w-full rounded-lg border border-slate-400 px-3"
        />
      </div>
      <FilterSelect
        id="course-level"
        name="level"
        label="Level"
        value={filters.level}
        options={LEVEL_FILTERS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
      />
      <FilterSelect id="course-sort" name="sort" label="Sort by" value={filters.sort} options={sortOptions} />
      <button type="submit" className={buttonClass("secondary")}>
        Apply
      </button>
    </Form>
  );
}
