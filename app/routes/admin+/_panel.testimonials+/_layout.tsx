import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listTestimonialsForAdmin } from "~/models/content/testimonial.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { pageMeta } from "~/utils/seo";
import { FullListPage, TestimonialCard } from "../__content-ui";
import { LIST_PAGE_SIZE, TESTIMONIAL_LIST } from "../__content-paths";
import { contentToggleAction, readListPage, toTestimonialCard } from "../__content.server";

// Every testimonial, pending ones included (the Content tab shows only the 5
// newest), newest first: a search of name, content and profession (?q=) and
// 20 a page (?page=). The Content tab shows only 5: without
// this page an older testimonial could never be approved, edited or deleted.
// Like the blog list, its dialogs (/admin/testimonials/new, /admin/testimonials/:id) are drawn over it.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Testimonials",
    description: "Admin panel: every testimonial.",
    path: TESTIMONIAL_LIST,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const list = readListPage(request, (search, offset) => {
    const { testimonials, total } = listTestimonialsForAdmin({ search, limit: LIST_PAGE_SIZE, offset });
    return { rows: testimonials, total };
  });
  const { query, page, pages, total } = list;
  return { query, page, pages, total, testimonials: list.rows.map(toTestimonialCard) };
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
      renderItem={(testimonial, search) => <TestimonialCard testimonial={testimonial} listSearch={search} headingLevel={2} />}
    />
  );
}
