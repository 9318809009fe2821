import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { TestimonialDialog } from "./__content-ui";
import { TESTIMONIAL_LIST } from "./__content-paths";
import { newTestimonialLoader, saveTestimonialAction } from "./__content.server";

// 'Add Testimonial', a dialog over the full testimonials list.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Add Testimonial",
    description: "Admin panel.",
    path: TESTIMONIAL_LIST,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => newTestimonialLoader(args, TESTIMONIAL_LIST);
export const action = (args: ActionFunctionArgs) => saveTestimonialAction(args, TESTIMONIAL_LIST);

export default function NewTestimonialRoute() {
  const { backTo } = useLoaderData<typeof loader>();
  return <TestimonialDialog backTo={backTo} />;
}
