import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import { listPostsForAdmin } from "~/models/content/blog.server";
import { listTestimonialsForAdmin } from "~/models/content/testimonial.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { pageMeta } from "~/utils/seo";
import { BlogPostCard, TestimonialCard } from "./__content-ui";
import { BLOG_LIST, CONTENT_TAB, TESTIMONIAL_LIST } from "./__content-paths";
import { contentToggleAction, toBlogPostCard, toTestimonialCard } from "./__content.server";

// The Content tab: the 5 newest blog posts (Published or
// Draft) and the 5 newest testimonials (rating out of 5, name, the first 50
// characters). Every button works here: add, edit, publish/approve, delete.
// Add, Edit and Delete open the resource's own pages (/admin/blog/new,
// /admin/blog/:id, the same under /admin/testimonials), drawn over its full list.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Content",
    description: "Admin panel: blog posts and testimonials.",
    path: CONTENT_TAB,
    noindex: true,
  });

const ROWS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const blog = listPostsForAdmin({ limit: ROWS, offset: 0 });
  const testimonials = listTestimonialsForAdmin({ limit: ROWS, offset: 0 });
  return {
    posts: blog.posts.map(toBlogPostCard),
    totalPosts: blog.total,
    testimonials: testimonials.testimonials.map(toTestimonialCard),
    totalTestimonials: testimonials.total,
  };
}

/** The cards' Publish/Unpublish and Approve/Unapprove forms. */
export async function action({ request }: ActionFunctionArgs) {
  return contentToggleAction(request, CONTENT_TAB, {
    posts: true,
    testimonials: true,
  });
}

export default function ContentTab() {
  const { posts, totalPosts, testimonials, totalTestimonials } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-10">
      <h1 className="text-2xl font-bold text-navy-900">Content</h1>

      <section aria-labelledby="blog-posts-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="blog-posts-heading" className="text-xl font-bold text-navy-900">
            Blog Posts
          </h2>
          <Link to={`${BLOG_LIST}/new`} preventScrollReset className={buttonClass("primary")}>
            Add Blog Post
          </Link>
        </div>
        {posts.length === 0 ? (
          <EmptyState title="No blog posts yet" hint="Add a post; it stays a draft until you publish it." />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <BlogPostCard post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={BLOG_LIST} className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline">
            View all posts ({totalPosts})
          </Link>
        </p>
      </section>

      <section aria-labelledby="testimonials-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="testimonials-heading" className="text-xl font-bold text-navy-900">
            Testimonials
          </h2>
          <Link to={`${TESTIMONIAL_LIST}/new`} preventScrollReset className={buttonClass("primary")}>
            Add Testimonial
          </Link>
        </div>
        {testimonials.length === 0 ? (
          <EmptyState title="No testimonials yet" hint="Add one; it shows on the site once approved." />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <TestimonialCard testimonial={testimonial} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={TESTIMONIAL_LIST} className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline">
            View all testimonials ({totalTestimonials})
          </Link>
        </p>
      </section>
    </div>
  );
}
