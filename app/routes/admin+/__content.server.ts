import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  createPost,
  deletePost,
  findPostById,
  setPostPublished,
  updatePost,
  type AdminBlogPostRow,
  type BlogPost,
} from "~/models/blog.server";
import {
  createTestimonial,
  deleteTestimonial,
  findTestimonialById,
  setTestimonialApproved,
  updateTestimonial,
  type Testimonial,
} from "~/models/testimonial.server";
import { AdminBlogPostSchema, blogWriteFieldErrors, PublishIntentSchema } from "~/schemas/admin-blog";
import { AdminTestimonialSchema, ApproveIntentSchema, testimonialPreview } from "~/schemas/admin-testimonial";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { parseId } from "~/utils/validation";
import type { BlogListPath, ContentListPath, TestimonialListPath } from "./__content-paths";
import { readFormData } from "~/utils/form-data.server";

// The Content tab's loaders and actions (admin spec §2 Content tab, §5, §8).
// Each dialog opens over two pages, the tab and a full list (see
// __content-paths.ts); both routes call these with the path of the page
// behind them, so the rules live here once. Cancel and Save return to that
// page with its search and page number.

/** The ?q= and ?page= of a full list, the page clamped to 1…last by the caller's total. */
export function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  return {
    query: (params.get("q") ?? "").trim().slice(0, 200),
    page: parseId(params.get("page")) ?? 1,
  };
}

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });
const badRequest = () => new Response("Bad Request", { status: 400, statusText: "Bad Request" });

// ---------------------------------------------------------------- list rows

export function toBlogPostCard(post: AdminBlogPostRow) {
  const date = post.publishedAt ?? post.createdAt;
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    category: post.category,
    isPublished: post.isPublished,
    isoDate: formatIsoDateInIndia(date),
    dateLabel: `${post.publishedAt ? "Published" : "Created"} ${formatShortDate(date)}`,
  };
}
export type BlogPostCardData = ReturnType<typeof toBlogPostCard>;

export function toTestimonialCard(testimonial: Testimonial) {
  return {
    id: testimonial.id,
    name: testimonial.name,
    profession: testimonial.profession,
    rating: testimonial.rating,
    preview: testimonialPreview(testimonial.content),
    isApproved: testimonial.isApproved,
  };
}
export type TestimonialCardData = ReturnType<typeof toTestimonialCard>;

// ------------------------------------------------- publish / approve toggles

/**
 * The lists' small Publish/Unpublish and Approve/Unapprove forms (intent + id).
 * `allowed` says which kinds the page behind shows.
 */
export async function contentToggleAction(request: Request, listPath: ContentListPath, allowed: { posts: boolean; testimonials: boolean }) {
  const admin = await requireAdmin(request, "content");
  const formData = await readFormData(request);
  const backTo = listPathFor(request, listPath);

  const publish = allowed.posts ? PublishIntentSchema.safeParse(Object.fromEntries(formData)) : null;
  if (publish?.success) {
    const isPublished = publish.data.intent === "publish";
    const post = setPostPublished(publish.data.id, isPublished);
    if (!post) throw notFound();
    return redirectAfterAdminChange(
      admin,
      {
        entity: "blog",
        verb: isPublished ? "published" : "unpublished",
        id: publish.data.id,
      },
      backTo,
      isPublished
        ? {
            title: "Blog post published",
            description: `“${post.title}” is now live on the blog.`,
          }
        : {
            title: "Blog post unpublished",
            description: `“${post.title}” is now a draft.`,
          },
    );
  }

  const approve = allowed.testimonials ? ApproveIntentSchema.safeParse(Object.fromEntries(formData)) : null;
  if (approve?.success) {
    const isApproved = approve.data.intent === "approve";
    const testimonial = setTestimonialApproved(approve.data.id, isApproved);
    if (!testimonial) throw notFound();
    return redirectAfterAdminChange(
      admin,
      {
        entity: "testimonial",
        verb: isApproved ? "approved" : "unapproved",
        id: approve.data.id,
      },
      backTo,
      isApproved
        ? {
            title: "Testimonial approved",
            description: `The testimonial from ${testimonial.name} now shows on the site.`,
          }
        : {
            title: "Testimonial unapproved",
            description: `The testimonial from ${testimonial.name} is hidden from the site.`,
          },
    );
  }
  throw badRequest();
}

// ------------------------------------------------------------- blog dialogs

function blogPostOr404(rawId: string | undefined): BlogPost {
  const id = parseId(rawId);
  const post = id === null ? null : findPostById(id);
  if (!post) throw notFound();
  return post;
}

export async function newBlogPostLoader({ request }: LoaderFunctionArgs, listPath: BlogListPath) {
  await requireAdmin(request, "content");
  return { backTo: listPathFor(request, listPath) };
}

export async function editBlogPostLoader({ request, params }: LoaderFunctionArgs, listPath: BlogListPath) {
  await requireAdmin(request, "content");
  const post = blogPostOr404(params.id);
  return {
    backTo: listPathFor(request, listPath),
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      category: post.category,
      imageUrl: post.imageUrl ?? "",
      tags: post.tags.join(", "),
      isPublished: post.isPublished,
    },
  };
}

/** Create (no id) or update a post from its dialog. */
export async function saveBlogPostAction({ request, params }: ActionFunctionArgs, listPath: BlogListPath) {
  const admin = await requireAdmin(request, "content");
  const id = params.id === undefined ? null : blogPostOr404(params.id).id;
  const submission = parseWithZod(await readFormData(request), {
    schema: AdminBlogPostSchema,
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const result = id === null ? createPost(submission.value) : updatePost(id, submission.value);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return data(
      {
        result: submission.reply({
          fieldErrors: blogWriteFieldErrors(result.reason),
        }),
      },
      { status: result.reason === "duplicate-slug" ? 409 : 400 },
    );
  }
  const { post } = result;
  return redirectAfterAdminChange(
    admin,
    { entity: "blog", verb: id === null ? "created" : "updated", id: post.id },
    listPathFor(request, listPath),
    {
      title: id === null ? "Blog post created" : "Blog post updated",
      description: `“${post.title}” has been saved.`,
    },
  );
}

export async function deleteBlogPostLoader({ request, params }: LoaderFunctionArgs, listPath: BlogListPath) {
  await requireAdmin(request, "content");
  const post = blogPostOr404(params.id);
  return {
    backTo: listPathFor(request, listPath),
    post: { id: post.id, title: post.title },
  };
}

export async function deleteBlogPostAction({ request, params }: ActionFunctionArgs, listPath: BlogListPath) {
  const admin = await requireAdmin(request, "content");
  const id = blogPostOr404(params.id).id;
  if ((await readFormData(request)).get("intent") !== "delete") throw badRequest();
  const deleted = deletePost(id);
  if (!deleted) throw notFound();
  return redirectAfterAdminChange(admin, { entity: "blog", verb: "deleted", id }, listPathFor(request, listPath), {
    title: "Blog post deleted",
    description: `“${deleted.title}” has been deleted.`,
  });
}

// ------------------------------------------------------ testimonial dialogs

function testimonialOr404(rawId: string | undefined): Testimonial {
  const id = parseId(rawId);
  const testimonial = id === null ? null : findTestimonialById(id);
  if (!testimonial) throw notFound();
  return testimonial;
}

export async function newTestimonialLoader({ request }: LoaderFunctionArgs, listPath: TestimonialListPath) {
  await requireAdmin(request, "content");
  return { backTo: listPathFor(request, listPath) };
}

export async function editTestimonialLoader({ request, params }: LoaderFunctionArgs, listPath: TestimonialListPath) {
  await requireAdmin(request, "content");
  const testimonial = testimonialOr404(params.id);
  return {
    backTo: listPathFor(request, listPath),
    testimonial: {
      id: testimonial.id,
      name: testimonial.name,
      content: testimonial.content,
      rating: String(testimonial.rating),
      profession: testimonial.profession ?? "",
      imageUrl: testimonial.imageUrl ?? "",
      isApproved: testimonial.isApproved,
    },
  };
}

/** Create (no id) or update a testimonial from its dialog. */
export async function saveTestimonialAction({ request, params }: ActionFunctionArgs, listPath: TestimonialListPath) {
  const admin = await requireAdmin(request, "content");
  const id = params.id === undefined ? null : testimonialOr404(params.id).id;
  const submission = parseWithZod(await readFormData(request), {
    schema: AdminTestimonialSchema,
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const saved = id === null ? createTestimonial(submission.value) : updateTestimonial(id, submission.value);
  if (!saved) throw notFound();
  return redirectAfterAdminChange(
    admin,
    {
      entity: "testimonial",
      verb: id === null ? "created" : "updated",
      id: saved.id,
    },
    listPathFor(request, listPath),
    {
      title: id === null ? "Testimonial added" : "Testimonial updated",
      description: `The testimonial from ${saved.name} has been saved.`,
    },
  );
}

export async function deleteTestimonialLoader({ request, params }: LoaderFunctionArgs, listPath: TestimonialListPath) {
  await requireAdmin(request, "content");
  const testimonial = testimonialOr404(params.id);
  return {
    backTo: listPathFor(request, listPath),
    testimonial: { id: testimonial.id, name: testimonial.name },
  };
}

export async function deleteTestimonialAction({ request, params }: ActionFunctionArgs, listPath: TestimonialListPath) {
  const admin = await requireAdmin(request, "content");
  const id = testimonialOr404(params.id).id;
  if ((await readFormData(request)).get("intent") !== "delete") throw badRequest();
  const deleted = deleteTestimonial(id);
  if (!deleted) throw notFound();
  return redirectAfterAdminChange(admin, { entity: "testimonial", verb: "deleted", id }, listPathFor(request, listPath), {
    title: "Testimonial deleted",
    description: `The testimonial from ${deleted.name} has been deleted.`,
  });
}
