import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { TestimonialDialog } from "../__content-ui";
import { TESTIMONIAL_LIST } from "../__content-paths";
import { newTestimonialLoader, testimonialAction } from "../__content.server";

// 'Add Testimonial', a dialog over the testimonials list.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Add Testimonial", description: "Admin panel.", path: `${TESTIMONIAL_LIST}/new`, noindex: true });

export const loader = (args: LoaderFunctionArgs) => newTestimonialLoader(args);
export const action = testimonialAction;

export default function NewTestimonialRoute() {
  const { backTo } = useLoaderData<typeof loader>();
  return <TestimonialDialog backTo={backTo} />;
}
