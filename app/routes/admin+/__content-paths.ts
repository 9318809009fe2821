// Where the Content tab's pages and dialogs live (shared by the routes' server
// code and their components). Each dialog opens over two pages: the tab, under
// singular paths (/admin/content/post/…, /admin/content/testimonial/…), and
// the full list (/admin/content/blog/…, /admin/content/testimonials/…).

export const CONTENT_TAB = "/admin/content";
export const BLOG_LIST = "/admin/content/blog";
export const TESTIMONIAL_LIST = "/admin/content/testimonials";
export type BlogListPath = typeof CONTENT_TAB | typeof BLOG_LIST;
export type TestimonialListPath = typeof CONTENT_TAB | typeof TESTIMONIAL_LIST;
export type ContentListPath = BlogListPath | TestimonialListPath;

/** Full lists show this many rows a page. */
export const LIST_PAGE_SIZE = 20;
