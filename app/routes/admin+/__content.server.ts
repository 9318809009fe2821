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
} from "~/models/content/blog.server";
import {
  createTestimonial,
  deleteTestimonial,
  findTestimonialById,
  linkedStudentEmail,
  setTestimonialApproved,
  updateTestimonial,
  withStudentLink,
  type Testimonial,
} from "~/models/content/testimonial.server";
import { AdminBlogPostSchema, blogWriteFieldErrors, PublishIntentSchema } from "~/schemas/admin-blog";
import { AdminTestimonialSchema, ApproveIntentSchema, testimonialPreview, UNKNOWN_STUDENT_MESSAGE } from "~/schemas/admin-testimonial";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { withClaimWarning } from "~/utils/claim-warning.server";
import { readItemForm } from "~/utils/form-intent.server";
import { asksToConfirmDelete, listPathFor } from "~/utils/admin-routes";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { parseId } from "~/utils/validation";
import { readFormData } from "~/utils/form-data.server";
import { BLOG_LIST, LIST_PAGE_SIZE, TESTIMONIAL_LIST, type ContentListPath } from "./__content-paths";

// The Content tab's loaders and actions:
// its cards' publish/approve toggles (on the tab and on each full list), and
// the blog post and testimonial pages (/new and /:id of /admin/blog and
// /admin/testimonials). Cancel and Save return to the list with its search
// and page number.

/** The ?q= and ?page= of a full list, the page clamped to 1…last by the caller's total. */
function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  return {
    query: (params.get("q") ?? "").trim().slice(0, 200),
    page: parseId(params.get("page")) ?? 1,
  };
}

/**
 * One page of a full list for its ?q= and ?page=: `read` gets the search and
 * the offset. A page past the end (after deletions, an old link) shows the last page.
 */
export function readListPage<Row>(request: Request, read: (query: string, offset: number) => { rows: Row[]; total: number }) {
  const { query, page: requested } = listQuery(request);
  let { rows, total } = read(query, (requested - 1) * LIST_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const page = Math.min(requested, pages);
  if (page !== requested) ({ rows, total } = read(query, (page - 1) * LIST_PAGE_SIZE));
  return { query, page, pages, total, rows };
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

// ------------------------------------------------------------------ blog posts

function blogPostOr404(rawId: string | undefined): BlogPost {
  const id = parseId(rawId);
  const post = id === null ? null : findPostById(id);
  if (!post) throw notFound();
  return post;
}

export async function newBlogPostLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  return { backTo: listPathFor(request, BLOG_LIST) };
}

/** A post's page: 'Edit Blog Post' prefilled, or with ?confirm=delete the question before deleting. */
export async function blogPostLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const post = blogPostOr404(params.id);
  const backTo = listPathFor(request, BLOG_LIST);
  if (asksToConfirmDelete(request))
    return { id: post.id, backTo, confirmDelete: { question: `Are you sure you want to delete "${post.title}"?` }, post: null };
  return {
    id: post.id,
    backTo,
    confirmDelete: null,
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

/** Create (no id) or update a post, or (intent=delete) delete it. */
export async function blogPostAction({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "content");
  const id = params.id === undefined ? null : blogPostOr404(params.id).id;
  const backTo = listPathFor(request, BLOG_LIST);
  const { formData, intent } = await readItemForm(request, id === null ? ["save"] : ["save", "delete"]);
  if (id !== null && intent === "delete") {
    const deleted = deletePost(id);
    if (!deleted) throw notFound();
    return redirectAfterAdminChange(admin, { entity: "blog", verb: "deleted", id }, backTo, {
      title: "Blog post deleted",
      description: `“${deleted.title}” has been deleted.`,
    });
  }

  const submission = parseWithZod(formData, { schema: AdminBlogPostSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = id === null ? createPost(submission.value) : updatePost(id, submission.value);
  if (!result.ok) {
    if (result.reason === "not-found") throw notFound();
    return data(
      { result: submission.reply({ fieldErrors: blogWriteFieldErrors(result.reason) }) },
      { status: result.reason === "duplicate-slug" ? 409 : 400 },
    );
  }
  const { post } = result;
  const savedToast = { title: id === null ? "Blog post created" : "Blog post updated", description: `“${post.title}” has been saved.` };
  return redirectAfterAdminChange(
    admin,
    { entity: "blog", verb: id === null ? "created" : "updated", id: post.id },
    backTo,
    withClaimWarning(savedToast, submission.value),
  );
}

// ---------------------------------------------------------------- testimonials

function testimonialOr404(rawId: string | undefined): Testimonial {
  const id = parseId(rawId);
  const testimonial = id === null ? null : findTestimonialById(id);
  if (!testimonial) throw notFound();
  return testimonial;
}

export async function newTestimonialLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  return { backTo: listPathFor(request, TESTIMONIAL_LIST) };
}

/** A testimonial's page: 'Edit Testimonial' prefilled, or with ?confirm=delete the question before deleting. */
export async function testimonialLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const testimonial = testimonialOr404(params.id);
  const backTo = listPathFor(request, TESTIMONIAL_LIST);
  if (asksToConfirmDelete(request))
    return {
      id: testimonial.id,
      backTo,
      confirmDelete: { question: `Are you sure you want to delete this testimonial from ${testimonial.name}?` },
      testimonial: null,
    };
  return {
    id: testimonial.id,
    backTo,
    confirmDelete: null,
    testimonial: {
      id: testimonial.id,
      name: testimonial.name,
      content: testimonial.content,
      rating: String(testimonial.rating),
      profession: testimonial.profession ?? "",
      city: testimonial.city ?? "",
      publishConsent: testimonial.publishConsentAt !== null,
      imageUrl: testimonial.imageUrl ?? "",
      isApproved: testimonial.isApproved,
      studentEmail: linkedStudentEmail(testimonial),
    },
  };
}

/** Create (no id) or update a testimonial, or (intent=delete) delete it. */
export async function testimonialAction({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "content");
  const id = params.id === undefined ? null : testimonialOr404(params.id).id;
  const backTo = listPathFor(request, TESTIMONIAL_LIST);
  const { formData, intent } = await readItemForm(request, id === null ? ["save"] : ["save", "delete"]);
  if (id !== null && intent === "delete") {
    const deleted = deleteTestimonial(id);
    if (!deleted) throw notFound();
    return redirectAfterAdminChange(admin, { entity: "testimonial", verb: "deleted", id }, backTo, {
      title: "Testimonial deleted",
      description: `The testimonial from ${deleted.name} has been deleted.`,
    });
  }

  const submission = parseWithZod(formData, { schema: AdminTestimonialSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const fields = withStudentLink(submission.value);
  if (!fields) return data({ result: submission.reply({ fieldErrors: { studentEmail: [UNKNOWN_STUDENT_MESSAGE] } }) }, { status: 400 });
  const saved = id === null ? createTestimonial(fields) : updateTestimonial(id, fields);
  if (!saved) throw notFound();
  const savedToast = {
    title: id === null ? "Testimonial added" : "Testimonial updated",
    description: `The testimonial from ${saved.name} has been saved.`,
  };
  return redirectAfterAdminChange(
    admin,
    { entity: "testimonial", verb: id === null ? "created" : "updated", id: saved.id },
    backTo,
    withClaimWarning(savedToast, submission.value),
  );
}
