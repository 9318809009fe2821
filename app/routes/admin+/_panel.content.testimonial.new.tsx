import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { TestimonialDialog } from "./__content-ui";
import { CONTENT_TAB } from "./__content-paths";
import { newTestimonialLoader, saveTestimonialAction } from "./__content.server";

// 'Add Testimonial', a dialog over the Content tab.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Add Testimonial",
    description: "Admin panel.",
    path: CONTENT_TAB,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => newTestimonialLoader(args, CONTENT_TAB);
export const action = (args: ActionFunctionArgs) => saveTestimonialAction(args, CONTENT_TAB);

export default function NewTestimonialRoute() {
  const { backTo } = useLoaderData<typeof loader>();
  return <TestimonialDialog backTo={backTo} />;
}
