import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { TestimonialDialog } from "./__content-ui";
import { CONTENT_TAB } from "./__content-paths";
import { editTestimonialLoader, saveTestimonialAction } from "./__content.server";

// 'Edit Testimonial', prefilled, a dialog over the Content tab.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Edit Testimonial",
    description: "Admin panel.",
    path: CONTENT_TAB,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => editTestimonialLoader(args, CONTENT_TAB);
export const action = (args: ActionFunctionArgs) => saveTestimonialAction(args, CONTENT_TAB);

export default function EditTestimonialRoute() {
  const { backTo, testimonial } = useLoaderData<typeof loader>();
  // A key per item: going from one item's dialog to another's starts a fresh form.
  return <TestimonialDialog key={testimonial.id} backTo={backTo} testimonial={testimonial} />;
}
