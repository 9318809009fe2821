import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { DeleteTestimonialDialog } from "./__content-ui";
import { CONTENT_TAB } from "./__content-paths";
import { deleteTestimonialAction, deleteTestimonialLoader } from "./__content.server";

// The testimonial delete confirmation (admin spec §8), a dialog over the Content tab:
// GET asks, POST (intent=delete) deletes.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Delete Testimonial",
    description: "Admin panel.",
    path: CONTENT_TAB,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => deleteTestimonialLoader(args, CONTENT_TAB);
export const action = (args: ActionFunctionArgs) => deleteTestimonialAction(args, CONTENT_TAB);

export default function DeleteTestimonialRoute() {
  const { backTo, testimonial } = useLoaderData<typeof loader>();
  return <DeleteTestimonialDialog backTo={backTo} name={testimonial.name} />;
}
