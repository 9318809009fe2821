// Where the Content tab and its two resources live (shared by the routes'
// server code and their components). The tab shows the newest of each; the
// resources have their own lists, each with /new and /:id over it.

export const CONTENT_TAB = "/admin/content";
export const BLOG_LIST = "/admin/blog";
export const TESTIMONIAL_LIST = "/admin/testimonials";
export type ContentListPath = typeof CONTENT_TAB | typeof BLOG_LIST | typeof TESTIMONIAL_LIST;

/** Full lists show this many rows a page. */
export const LIST_PAGE_SIZE = 20;
