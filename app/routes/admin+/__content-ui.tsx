import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLocation, useOutlet } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { AdminDialog, DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { AdminPageHeader, AdminSearchForm, CardActions, EmptyState, PageLinks, StatusBadge } from "~/components/admin/admin-page";
import { CheckboxField, SelectField, TextareaField, TextField } from "~/components/forms";
import { LiveClaimNotice, MarketPriceReminder } from "~/components/admin/editor-rules";
import { Badge, categoryTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { AdminBlogPostSchema, BLOG_CATEGORIES, MAX_SLUG_LENGTH, slugify } from "~/schemas/admin-blog";
import { AdminTestimonialSchema, DEFAULT_RATING, RATINGS } from "~/schemas/admin-testimonial";
import { listSearchOf } from "~/utils/admin-routes";
import { useSchemaForm } from "~/utils/use-schema-form";
import { StarRating } from "~/components/star-rating";
import { BLOG_LIST, CONTENT_TAB, TESTIMONIAL_LIST } from "./__content-paths";
import type { BlogPostCardData, TestimonialCardData } from "./__content.server";
import { countOf } from "~/utils/plural";

// The Content tab's cards and dialogs,
// shared by the tab and the full lists of blog posts and testimonials.

const capitalised = (text: string) => text.replace(/\b\w/g, (letter) => letter.toUpperCase());
const CATEGORY_OPTIONS = BLOG_CATEGORIES.map((category) => ({
  value: category,
  label: capitalised(category),
}));
const RATING_OPTIONS = RATINGS.map((rating) => ({
  value: String(rating),
  label: countOf(rating, "star"),
}));

/** A small POST form on a card: publish/unpublish a post, approve/unapprove a testimonial. */
function ToggleForm({ id, intent, label, itemLabel }: { id: number; intent: string; label: string; itemLabel: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={`${label} ${itemLabel}`}
        className={buttonClass("secondary", "min-h-10 px-3 py-1.5")}
      >
        {label}
      </button>
    </Form>
  );
}

export function BlogPostCard({
  post,
  listSearch = "",
  headingLevel,
}: {
  post: BlogPostCardData;
  /** The list's search, carried into the dialogs so Cancel and Save come back to the same page. */
  listSearch?: string;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const itemLabel = `“${post.title}”`;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="min-w-0 break-words font-semibold text-navy-900">{post.title}</Heading>
        <StatusBadge on={post.isPublished} onLabel="Published" offLabel="Draft" />
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone={categoryTone(post.category)}>{post.category}</Badge>
        <time dateTime={post.isoDate}>{post.dateLabel}</time>
        <span className="break-all">/blog/{post.slug}</span>
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <ToggleForm
          id={post.id}
          intent={post.isPublished ? "unpublish" : "publish"}
          label={post.isPublished ? "Unpublish" : "Publish"}
          itemLabel={itemLabel}
        />
        <CardActions itemPath={`${BLOG_LIST}/${post.id}`} listSearch={listSearch} itemLabel={itemLabel} />
      </div>
    </article>
  );
}

export function TestimonialCard({
  testimonial,
  listSearch = "",
  headingLevel,
}: {
  testimonial: TestimonialCardData;
  listSearch?: string;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const itemLabel = `the testimonial from ${testimonial.name}`;
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <StarRating rating={testimonial.rating} />
          <span className="text-sm font-semibold text-slate-700">{testimonial.rating}/5</span>
        </div>
        <StatusBadge on={testimonial.isApproved} onLabel="Approved" offLabel="Pending" />
      </div>
      <div>
        <Heading className="break-words font-semibold text-navy-900">{testimonial.name}</Heading>
        {testimonial.profession ? <p className="text-sm text-slate-600">{testimonial.profession}</p> : null}
      </div>
      <p className="break-words text-slate-700">{testimonial.preview}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        <ToggleForm
          id={testimonial.id}
          intent={testimonial.isApproved ? "unapprove" : "approve"}
          label={testimonial.isApproved ? "Unapprove" : "Approve"}
          itemLabel={itemLabel}
        />
        <CardActions itemPath={`${TESTIMONIAL_LIST}/${testimonial.id}`} listSearch={listSearch} itemLabel={itemLabel} />
      </div>
    </article>
  );
}

// ------------------------------------------------------------- full lists

function pageHref(listPath: string, query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${listPath}?${search}` : listPath;
}

/**
 * A full list (every blog post, every testimonial): back to the tab, the
 * title with its Add link, a search, the count, the cards, Previous/Next
 * pages, and the dialog open over it (the list is inert meanwhile).
 */
export function FullListPage<Item extends { id: number }>({
  listPath,
  title,
  addLabel,
  searchLabel,
  searchPlaceholder,
  nouns,
  empty,
  query,
  page,
  pages,
  pageSize,
  total,
  items,
  renderItem,
}: {
  listPath: string;
  title: string;
  addLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  nouns: [singular: string, plural: string];
  empty: { title: string; hint: string };
  query: string;
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  items: Item[];
  renderItem: (item: Item, listSearch: string) => ReactNode;
}) {
  const search = listSearchOf(useLocation().search);
  const dialog = useOutlet();
  const inert = dialog ? { inert: "" } : {};
  const first = (page - 1) * pageSize + 1;
  const noun = total === 1 ? nouns[0] : nouns[1];

  return (
    <>
      <div className="grid gap-6" {...inert}>
        <p>
          <Link to={CONTENT_TAB} className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline">
            <span aria-hidden="true">←&nbsp;</span>Back to Content
          </Link>
        </p>
        <AdminPageHeader title={title} action={{ to: `${listPath}/new${search}`, label: addLabel }} />
        <AdminSearchForm label={searchLabel} placeholder={searchPlaceholder} query={query} />
        <p className="text-sm text-slate-700">
          {total === 0
            ? query
              ? `No ${nouns[1]} match “${query}”.`
              : `No ${nouns[1]} yet.`
            : `Showing ${first}–${first + items.length - 1} of ${total} ${noun}${query ? ` matching “${query}”` : ""}.`}
        </p>
        {items.length === 0 ? (
          query ? (
            <EmptyState title={`No ${capitalised(nouns[1])} Found`} hint="Try a different search, or clear it to see everything." />
          ) : (
            <EmptyState title={empty.title} hint={empty.hint} />
          )
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.id}>{renderItem(item, search)}</li>
            ))}
          </ul>
        )}
        <PageLinks
          label="Pages"
          page={page}
          pageCount={pages}
          hrefOf={(to) => pageHref(listPath, query, to)}
          words={{ previous: "Previous page", next: "Next page" }}
        />
      </div>
      {dialog}
    </>
  );
}

// ------------------------------------------------------------------ dialogs

type ActionResult = { result?: SubmissionResult<string[]> } | undefined;

export type BlogPostFormValues = {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string;
  tags: string;
  isPublished: boolean;
};

/** 'Create New Blog Post' (no post) or 'Edit Blog Post', prefilled. */
export function BlogPostDialog({ backTo, post }: { backTo: string; post?: BlogPostFormValues }) {
  const actionData = useActionData<ActionResult>();
  const creating = post === undefined;
  // A new post's slug follows its title until the slug is typed in.
  const [slugTyped, setSlugTyped] = useState(!creating);
  const [form, fields] = useSchemaForm(AdminBlogPostSchema, {
    id: creating ? "blog-post-new" : `blog-post-${post.id}`,
    lastResult: actionData?.result,
    // A ticked box's value is "on".
    defaultValue: post ? { ...post, isPublished: post.isPublished ? "on" : undefined } : undefined,
  });

  return (
    <AdminDialog id="blog-post-dialog" title={creating ? "Create New Blog Post" : "Edit Blog Post"} backTo={backTo} wide>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <FormErrors errors={form.errors} id={form.errorId} />
        <MarketPriceReminder />
        <TextField
          field={fields.title}
          label="Title"
          required
          wide
          onChange={(changeEvent) => {
            if (!slugTyped)
              form.update({
                name: fields.slug.name,
                value: slugify(changeEvent.currentTarget.value),
              });
          }}
        />
        <TextField
          field={fields.slug}
          label="Slug (the address: /blog/your-slug)"
          required
          maxLength={MAX_SLUG_LENGTH}
          autoCapitalize="none"
          spellCheck={false}
          onChange={() => setSlugTyped(true)}
        />
        <SelectField field={fields.category} label="Category" placeholder="Choose a category" options={CATEGORY_OPTIONS} required />
        <TextareaField field={fields.excerpt} label="Excerpt" rows={2} required wide />
        <TextareaField
          field={fields.content}
          label="Content (HTML or plain text; scripts and unsafe markup are removed)"
          rows={12}
          required
          wide
        />
        <LiveClaimNotice formId={form.id} names={BLOG_TEXT_FIELDS} />
        <TextField field={fields.imageUrl} label="Image URL (https:// or /path)" inputMode="url" wide />
        <TextareaField field={fields.tags} label="Tags (separated by commas or one per line)" rows={2} wide />
        <CheckboxField field={fields.isPublished} label="Published (shown on the public blog)" />
        <div className="sm:col-span-2">
          <DialogActions cancelTo={backTo} label={creating ? "Create Post" : "Save Changes"} pendingLabel="Saving..." />
        </div>
      </Form>
    </AdminDialog>
  );
}

/** The fields readers see, checked for claims as they are typed. */
const BLOG_TEXT_FIELDS = ["title", "excerpt", "content", "tags"] as const;
const TESTIMONIAL_TEXT_FIELDS = ["content", "profession"] as const;

export type TestimonialFormValues = {
  id: number;
  name: string;
  content: string;
  rating: string;
  profession: string;
  city: string;
  publishConsent: boolean;
  imageUrl: string;
  isApproved: boolean;
  studentEmail: string;
};

/** 'Add Testimonial' (no testimonial) or 'Edit Testimonial', prefilled. */
export function TestimonialDialog({ backTo, testimonial }: { backTo: string; testimonial?: TestimonialFormValues }) {
  const actionData = useActionData<ActionResult>();
  const creating = testimonial === undefined;
  const [form, fields] = useSchemaForm(AdminTestimonialSchema, {
    id: creating ? "testimonial-new" : `testimonial-${testimonial.id}`,
    lastResult: actionData?.result,
    defaultValue: testimonial
      ? {
          ...testimonial,
          isApproved: testimonial.isApproved ? "on" : undefined,
          publishConsent: testimonial.publishConsent ? "on" : undefined,
        }
      : { rating: String(DEFAULT_RATING) },
  });

  return (
    <AdminDialog id="testimonial-dialog" title={creating ? "Add Testimonial" : "Edit Testimonial"} backTo={backTo}>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-1">
        <FormErrors errors={form.errors} id={form.errorId} />
        <MarketPriceReminder />
        <TextField field={fields.name} label="Name" autoComplete="off" required />
        <TextareaField field={fields.content} label="Content" rows={4} required />
        <LiveClaimNotice formId={form.id} names={TESTIMONIAL_TEXT_FIELDS} />
        <SelectField field={fields.rating} label="Rating" placeholder="Choose a rating" options={RATING_OPTIONS} required />
        <TextField field={fields.profession} label="Profession" />
        <TextField field={fields.city} label="City" autoComplete="off" hint="Shown beside the author, as they agreed." />
        <CheckboxField
          field={fields.publishConsent}
          label="The author agreed to be quoted on the site, identified with their city (keep their message or form as the record)"
        />
        <TextField field={fields.imageUrl} label="Image URL (https:// or /path)" inputMode="url" />
        <TextField
          field={fields.studentEmail}
          label="Student account email (optional)"
          type="email"
          autoComplete="off"
          hint="Links the author's account: the card then says “Student of” their course, only while they hold one."
        />
        <CheckboxField
          field={fields.isApproved}
          label="Approved (shown on the public site once the author has agreed and a city is given)"
        />
        <DialogActions cancelTo={backTo} label={creating ? "Add Testimonial" : "Save Changes"} pendingLabel="Saving..." />
      </Form>
    </AdminDialog>
  );
}
