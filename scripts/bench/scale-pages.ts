// Every page of the site, timed on the demo database and on the scale
// database in the same run: the admin panel's pages (lists, a search on each,
// a deep page of each, one of each item), a signed-in student's pages and the
// public pages, anonymous ones with the page cache on and off.
import { timedRequest } from "./http";
import type { Fixtures } from "./scale-fixtures";

export type Who = "admin" | "student" | "anonymous";
export type Cache = "on" | "off";
export type Side = "demo" | "scale";

export interface PageSpec {
  /** The page as the table names it, e.g. "/admin/courses/:id". */
  page: string;
  who: Who;
  /** Its address on one database, or null when that database has nothing to show there. */
  path: (fixtures: Fixtures, side: Side) => string | null;
}

const at = (template: string, ...values: (number | string | null)[]) =>
  values.some((value) => value === null)
    ? null
    : values.reduce<string>((path, value) => path.replace(/:\w+/, encodeURIComponent(String(value))), template);

function fixed(page: string, who: Who): PageSpec {
  return { page, who, path: () => page };
}

/**
 * The pages, from the route files under app/routes. Lists are searched for
 * `nameSearch` (a surname about one student in a hundred has); the users list
 * also for `userSearch` (one student's address).
 */
export function pageCatalogue({ nameSearch, userSearch }: { nameSearch: string; userSearch: string }): PageSpec[] {
  const q = `q=${encodeURIComponent(nameSearch)}`;
  const admin = (page: string, path: PageSpec["path"] = () => page): PageSpec => ({ page, who: "admin", path });
  const student = (page: string, path: PageSpec["path"] = () => page): PageSpec => ({ page, who: "student", path });
  return [
    admin("/admin"),
    admin("/admin/analytics"),
    admin("/admin/courses"),
    admin(`/admin/courses?q=`, () => `/admin/courses?${q}`),
    admin("/admin/courses/new"),
    admin("/admin/courses/:id", (f) => at("/admin/courses/:id", f.adminCourse)),
    admin("/admin/courses/:id/curriculum", (f) => at("/admin/courses/:id/curriculum", f.adminCourse)),
    admin("/admin/courses/:id/curriculum/:lessonId", (f) => at("/admin/courses/:id/curriculum/:lessonId", f.adminCourse, f.adminLesson)),
    admin("/admin/courses/:id/curriculum/sections/:sectionId", (f) =>
      at("/admin/courses/:id/curriculum/sections/:sectionId", f.adminCourse, f.adminSection),
    ),
    admin("/admin/courses/:id/curriculum/new?section=", (f) =>
      f.adminSection === null ? null : `${at("/admin/courses/:id/curriculum/new", f.adminCourse)}?section=${f.adminSection}`,
    ),
    admin("/admin/courses/:id/batches", (f) => at("/admin/courses/:id/batches", f.adminCourse)),
    admin("/admin/courses/:id/lab", (f) => at("/admin/courses/:id/lab", f.adminCourse)),
    admin("/admin/courses/:id/batches/new", (f) => at("/admin/courses/:id/batches/new", f.adminCourse)),
    admin("/admin/courses/:id/batches/:batchId", (f) => at("/admin/courses/:id/batches/:batchId", f.adminCourse, f.adminBatch)),
    admin("/admin/courses/:id/batches/:batchId/timetable", (f) =>
      at("/admin/courses/:id/batches/:batchId/timetable", f.adminCourse, f.adminBatch),
    ),
    admin("/admin/courses/:id/batches/:batchId/timetable/new", (f) =>
      at("/admin/courses/:id/batches/:batchId/timetable/new", f.adminCourse, f.adminBatch),
    ),
    admin("/admin/courses/:id/batches/:batchId/timetable/:sessionId", (f) =>
      at("/admin/courses/:id/batches/:batchId/timetable/:sessionId", f.adminCourse, f.adminBatch, f.adminBatchSession),
    ),
    admin("/admin/courses/:id/batches/:batchId/timetable/:sessionId/recording", (f) =>
      at("/admin/courses/:id/batches/:batchId/timetable/:sessionId/recording", f.adminCourse, f.adminBatch, f.adminBatchSession),
    ),
    admin("/admin/courses/:id/batches/:batchId/cancel", (f) =>
      at("/admin/courses/:id/batches/:batchId/cancel", f.adminCourse, f.adminBatch),
    ),
    // The Teaching tab, as the admin sees it (every batch); a mentor's sees fewer.
    admin("/admin/teaching"),
    admin("/admin/teaching/:batchId", (f) => at("/admin/teaching/:batchId", f.adminBatch)),
    admin("/admin/teaching/:batchId/journals", (f) => at("/admin/teaching/:batchId/journals", f.adminBatch)),
    admin("/admin/teaching/:batchId/sessions/:sessionId", (f) =>
      at("/admin/teaching/:batchId/sessions/:sessionId", f.adminBatch, f.adminBatchSession),
    ),
    admin("/admin/events"),
    admin("/admin/events?q=", () => `/admin/events?${q}`),
    admin("/admin/events/new"),
    admin("/admin/events/:id", (f) => at("/admin/events/:id", f.adminEvent)),
    admin("/admin/events/:id/registrations", (f) => at("/admin/events/:id/registrations", f.adminEvent)),
    admin("/admin/users"),
    admin("/admin/users?q=", () => `/admin/users?${q}`),
    admin("/admin/users?q= (one address)", () => `/admin/users?q=${encodeURIComponent(userSearch)}`),
    admin("/admin/users/registrations"),
    admin("/admin/users/registrations?q=", () => `/admin/users/registrations?${q}`),
    admin("/admin/users/enrollments"),
    admin("/admin/users/enrollments?q=", () => `/admin/users/enrollments?${q}`),
    admin("/admin/users/enrollment-forms"),
    admin("/admin/users/enrollment-forms?q=", () => `/admin/users/enrollment-forms?${q}`),
    admin("/admin/users/:id", (f) => at("/admin/users/:id", f.adminStudent)),
    admin("/admin/coupons"),
    admin("/admin/coupons/new"),
    admin("/admin/coupons/:id", (f) => at("/admin/coupons/:id", f.coupon)),
    admin("/admin/content"),
    admin("/admin/blog"),
    admin("/admin/blog?q=", () => `/admin/blog?${q}`),
    admin("/admin/blog/new"),
    admin("/admin/blog/:id", (f) => at("/admin/blog/:id", f.blogPost)),
    admin("/admin/testimonials"),
    admin("/admin/testimonials?q=", () => `/admin/testimonials?${q}`),
    admin("/admin/testimonials/new"),
    admin("/admin/testimonials/:id", (f) => at("/admin/testimonials/:id", f.testimonial)),
    admin("/admin/mentors"),
    admin("/admin/mentors/new"),
    admin("/admin/mentors/:id", (f) => at("/admin/mentors/:id", f.mentor)),
    admin("/admin/reviews"),
    admin("/admin/inbox"),
    admin("/admin/outbox"),
    admin("/admin/outbox?q=", () => `/admin/outbox?${q}`),
    admin("/admin/outbox/:id", (f) => at("/admin/outbox/:id", f.outboxMessage)),
    // /admin/settings/certificate and /admin/settings/invoice-register take posts; a GET only redirects to /admin/settings.
    admin("/admin/settings"),
    admin("/admin/breach"),
    admin("/admin/lab"),

    student("/account"),
    student("/account/orders"),
    student("/account/events"),
    student("/account/privacy"),
    student("/learn"),
    student("/learn/journal"),
    student("/learn/:courseId", (f) => at("/learn/:courseId", f.learnCourse)),
    student("/learn/:courseId/:lessonId", (f) => at("/learn/:courseId/:lessonId", f.learnCourse, f.learnLesson)),
    student("/learn/:courseId/sessions/:sessionId", (f) =>
      at("/learn/:courseId/sessions/:sessionId", f.liveClass?.courseId ?? null, f.liveClass?.sessionId ?? null),
    ),
    // Without saved enrolment details the checkout's first address sends the student to this step.
    student("/checkout/information?courseId=", (f) =>
      f.checkoutCourse === null ? null : `/checkout/information?courseId=${f.checkoutCourse}`,
    ),
    student("/events/:id/register", (f) => at("/events/:id/register", f.upcomingEvent)),
    student("/courses/:id", (f) => at("/courses/:id", f.learnCourse)),
    student("/enrollment-form"),

    ...[
      "/",
      "/courses",
      "/events",
      "/blog",
      "/about",
      "/testimonials",
      "/gallery",
      "/study-materials",
      "/contact",
      "/login",
      "/signup",
      "/forgot-password",
      "/chat",
      "/privacy",
      "/terms",
      "/disclaimer",
      "/refund-policy",
      "/grievances",
      "/sitemap.xml",
    ].map((page) => fixed(page, "anonymous")),
    { page: "/courses/:id", who: "anonymous", path: (f) => at("/courses/:id", f.adminCourse) },
    { page: "/blog/:slug", who: "anonymous", path: (f) => at("/blog/:slug", f.blogSlug) },
    { page: "/certificates/:number", who: "anonymous", path: (f) => at("/certificates/:number", f.certificate) },
  ];
}

/** The admin lists that page, for the deep page of each: its address (before ?page=). */
export const PAGED_LISTS = [
  "/admin/users",
  "/admin/users/registrations",
  "/admin/users/enrollments",
  "/admin/users/enrollment-forms",
  "/admin/outbox",
  "/admin/inbox",
  "/admin/reviews",
  "/admin/blog",
  "/admin/testimonials",
];

/** "Page 1 of 4012" on a list's first page (React's text separators taken out): its number of pages, or 1. */
export function pageCount(html: string): number {
  const match = /Page\s+\d+\s+of\s+(\d+)/.exec(html.replaceAll("<!-- -->", ""));
  return match ? Number(match[1]) : 1;
}

/**
 * The catalogue with the deep page of each paged list after the list's own
 * rows: its last page on the scale database, asked of both (a shorter list
 * shows its last page).
 */
export async function withDeepPages(specs: PageSpec[], scaleUrl: string, cookie: string): Promise<PageSpec[]> {
  const all = [...specs];
  for (const list of PAGED_LISTS) {
    const first = await timedRequest(new URL(list, scaleUrl).href, { headers: { cookie, "accept-encoding": "gzip" } });
    const last = first.status === 200 ? pageCount(first.text) : 1;
    const deep: PageSpec = { page: `${list}?page=${last} (last)`, who: "admin", path: () => `${list}?page=${last}` };
    const ownRows = all.flatMap((spec, index) => (spec.page === list || spec.page.startsWith(`${list}?`) ? [index] : []));
    all.splice((ownRows.at(-1) ?? all.length - 1) + 1, 0, deep);
  }
  return all;
}
