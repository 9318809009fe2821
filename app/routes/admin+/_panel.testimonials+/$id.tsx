import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { pageMeta } from "~/utils/seo";
import { TestimonialDialog } from "../__content-ui";
import { TESTIMONIAL_LIST } from "../__content-paths";
import { testimonialAction, testimonialLoader } from "../__content.server";

// One testimonial, a dialog over the testimonials list: 'Edit Testimonial',
// prefilled; with ?confirm=delete the question before deleting.

export const loader = testimonialLoader;
export const action = testimonialAction;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.confirmDelete ? "Delete Testimonial" : "Edit Testimonial",
    description: "Admin panel.",
    path: data ? `${TESTIMONIAL_LIST}/${data.id}` : TESTIMONIAL_LIST,
    noindex: true,
  });

export default function TestimonialRoute() {
  const item = useLoaderData<typeof loader>();
  if (item.confirmDelete) return <ConfirmDeleteDialog id="delete-testimonial" backTo={item.backTo} {...item.confirmDelete} />;
  // A key per item: going from one item's dialog to another's starts a fresh form.
  return <TestimonialDialog key={item.id} backTo={item.backTo} testimonial={item.testimonial} />;
}
