import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { TestimonialDialog } from "./__content-ui";
import { TESTIMONIAL_LIST } from "./__content-paths";
import { editTestimonialLoader, saveTestimonialAction } from "./__content.server";

// 'Edit Testimonial', prefilled, a dialog over the full testimonials list.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Edit Testimonial",
    description: "Admin panel.",
    path: TESTIMONIAL_LIST,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => editTestimonialLoader(args, TESTIMONIAL_LIST);
export const action = (args: ActionFunctionArgs) => saveTestimonialAction(args, TESTIMONIAL_LIST);

export default function EditTestimonialRoute() {
  const { backTo, testimonial } = useLoaderData<typeof loader>();
  // A key per item: going from one item's dialog to another's starts a fresh form.
  return <TestimonialDialog key={testimonial.id} backTo={backTo} testimonial={testimonial} />;
}
