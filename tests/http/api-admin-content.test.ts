import { randomUUID } from "node:crypto";
import {
  adminApiClient,
  auditActionsOf,
  describe,
  expect,
  type HttpResponse,
  queryTestDatabase,
  studentClient,
  test,
  withDatabase,
} from "./support/test";

// The Content tab's JSON doors: POST /api/blog, PUT/DELETE
// /api/blog/{id}, POST /api/testimonials, PUT/DELETE /api/testimonials/{id},
// and the admin's view of GET /api/blog and /api/testimonials. The public
// GET /api/blog/{slug} shares its path with the writes and must keep working.

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  return response.json();
}

const unique = () => randomUUID().slice(0, 8);

function insertPost(values: { title: string; slug: string; isPublished?: boolean }): number {
  return withDatabase((database) =>
    Number(
      database
        .prepare(
          `INSERT INTO blog_posts (title, slug, content, excerpt, category, is_published, published_at)
           VALUES (?, ?, '<p>Body.</p>', 'Excerpt.', 'education', ?, ?)`,
        )
        .run(values.title, values.slug, values.isPublished ? 1 : 0, values.isPublished ? Date.now() : null).lastInsertRowid,
    ),
  );
}

function insertTestimonial(values: { name: string; content: string; isApproved?: boolean }): number {
  return withDatabase((database) =>
    Number(
      database
        .prepare("INSERT INTO testimonials (name, content, rating, is_approved) VALUES (?, ?, 5, ?)")
        .run(values.name, values.content, values.isApproved ? 1 : 0).lastInsertRowid,
    ),
  );
}

const storedPost = (id: number) => queryTestDatabase<Record<string, unknown>>("SELECT * FROM blog_posts WHERE id = ?", id)[0];
const storedTestimonial = (id: number) => queryTestDatabase<Record<string, unknown>>("SELECT * FROM testimonials WHERE id = ?", id)[0];

const postBody = (id: string, fields: Record<string, unknown> = {}) => ({
  title: `API Post ${id}`,
  slug: `api-post-${id}`,
  excerpt: "Sent as JSON.",
  content: "<p>Hello from the API.</p>",
  category: "strategy",
  ...fields,
});

/** A client with a student's session: signed in, but not as an admin. */
async function signedInStudent() {
  return (await studentClient()).client;
}

describe("GET /api/blog and /api/testimonials with an admin session", () => {
  test("an admin (and a content manager) sees drafts and pending testimonials; the public does not", async ({ request }) => {
    const id = unique();
    const draftId = insertPost({ title: `API Draft ${id}`, slug: `api-draft-${id}` });
    const pendingId = insertTestimonial({ name: `API Pending ${id}`, content: `Pending words ${id}` });

    const publicPosts: { id: number }[] = await jsonOf(await request.get("/api/blog"), 200);
    expect(publicPosts.map((post) => post.id)).not.toContain(draftId);
    expect(publicPosts[0]).not.toHaveProperty("isPublished");
    const publicTestimonials: { id: number }[] = await jsonOf(await request.get("/api/testimonials"), 200);
    expect(publicTestimonials.map((testimonial) => testimonial.id)).not.toContain(pendingId);

    for (const role of ["admin", "content_manager"] as const) {
      const { client } = await adminApiClient(role);
      const response = await client.get("/api/blog");
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      const posts: Record<string, unknown>[] = await jsonOf(response, 200);
      expect(posts.find((post) => post.id === draftId)).toMatchObject({
        title: `API Draft ${id}`,
        slug: `api-draft-${id}`,
        content: "<p>Body.</p>",
        isPublished: false,
        publishedAt: null,
      });
      expect(posts.some((post) => post.isPublished === true)).toBe(true);
      const testimonials: Record<string, unknown>[] = await jsonOf(await client.get("/api/testimonials"), 200);
      expect(testimonials.find((testimonial) => testimonial.id === pendingId)).toMatchObject({
        name: `API Pending ${id}`,
        content: `Pending words ${id}`,
        rating: 5,
        isApproved: false,
      });
      await client.dispose();
    }
  });
});

describe("POST /api/blog", () => {
  test("401 without an admin session (a student's included); nothing stored", async ({ request }) => {
    const id = unique();
    expect(await jsonOf(await request.post("/api/blog", { data: postBody(id) }), 401)).toEqual({ message: "Unauthorized" });
    const student = await signedInStudent();
    expect(await jsonOf(await student.post("/api/blog", { data: postBody(id) }), 401)).toEqual({ message: "Unauthorized" });
    await student.dispose();
    expect(queryTestDatabase("SELECT id FROM blog_posts WHERE slug = ?", `api-post-${id}`)).toEqual([]);
  });

  test("201 the stored post: sanitised content, tags, publishedAt when published; an audit row; public by slug", async ({ request }) => {
    const { admin, client } = await adminApiClient("content_manager");
    const id = unique();
    const body = postBody(id, {
      content: `<p>Kept ${id}</p><script>alert(1)</script><img src="/x.png" onerror="alert(2)">`,
      category: "Risk Management",
      tags: ["Risk", "risk", " Sizing "],
      imageUrl: "https://example.com/cover.jpg",
      isPublished: true,
    });
    const created = await jsonOf(await client.post("/api/blog", { data: body }), 201);
    expect(created).toEqual({
      id: expect.any(Number),
      title: body.title,
      slug: body.slug,
      excerpt: body.excerpt,
      content: expect.stringContaining(`<p>Kept ${id}</p>`),
      category: "risk management",
      tags: ["Risk", "Sizing"],
      imageUrl: "https://example.com/cover.jpg",
      isPublished: true,
      publishedAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.content).not.toMatch(/script|onerror|alert/);
    expect(storedPost(created.id)).toMatchObject({ slug: body.slug, is_published: 1, content: created.content });
    expect(auditActionsOf(admin)).toEqual([{ action: "blog_created", entityType: "blog", entityId: String(created.id) }]);

    const publicPost = await jsonOf(await request.get(`/api/blog/${body.slug}`), 200);
    expect(publicPost).toMatchObject({ id: created.id, title: body.title, content: created.content });
    expect((await request.get(`/blog/${body.slug}`)).status()).toBe(200);
    await client.dispose();
  });

  test("a post sent without isPublished is a draft, and tags may be a comma-separated text", async () => {
    const { client } = await adminApiClient();
    const id = unique();
    const created = await jsonOf(await client.post("/api/blog", { data: postBody(id, { tags: "One, Two" }) }), 201);
    expect(created).toMatchObject({ isPublished: false, publishedAt: null, tags: ["One", "Two"], imageUrl: null });
    await client.dispose();
  });

  test("400 naming each field: required, slug rule, category, unsafe link; nothing stored", async () => {
    const { admin, client } = await adminApiClient();
    const missing = await jsonOf(await client.post("/api/blog", { data: { title: " ", content: null } }), 400);
    expect(missing).toEqual({
      message: "Please check the highlighted fields.",
      errors: {
        title: ["Title is required"],
        slug: ["Slug is required"],
        excerpt: ["Excerpt is required"],
        content: ["Content is required"],
        category: ["Category is required"],
      },
    });
    const id = unique();
    const wrong = await jsonOf(
      await client.post("/api/blog", {
        data: postBody(id, { slug: `Bad Slug ${id}`, category: "gossip", imageUrl: "javascript:alert(1)", isPublished: "yes" }),
      }),
      400,
    );
    expect(Object.keys(wrong.errors).sort()).toEqual(["category", "imageUrl", "isPublished", "slug"]);
    expect(wrong.errors.slug).toEqual(["Slug may use only lowercase letters, digits and single dashes (like my-first-post)"]);
    expect(wrong.errors.category).toEqual(["Choose one of the blog's categories"]);
    // Content that is nothing but unsafe HTML has nothing left to store.
    const empty = await jsonOf(await client.post("/api/blog", { data: postBody(id, { content: "<script>alert(1)</script>" }) }), 400);
    expect(empty.errors).toEqual({ content: ["Content has no text left once unsafe HTML is removed"] });
    expect(queryTestDatabase("SELECT id FROM blog_posts WHERE title = ?", `API Post ${id}`)).toEqual([]);
    expect(auditActionsOf(admin)).toEqual([]);
    await client.dispose();
  });

  test("409 for a slug another post uses; 415 for a form body; 405 for other methods", async ({ request }) => {
    const { admin, client } = await adminApiClient();
    const id = unique();
    insertPost({ title: `Owner ${id}`, slug: `api-post-${id}` });
    expect(await jsonOf(await client.post("/api/blog", { data: postBody(id) }), 409)).toEqual({
      message: "This slug is already used by another post",
      errors: { slug: ["This slug is already used by another post"] },
    });
    expect((await jsonOf(await client.post("/api/blog", { form: postBody(id) }), 415)).message).toEqual(expect.any(String));
    for (const response of [await client.put("/api/blog", { data: postBody(id) }), await client.delete("/api/blog")]) {
      expect(response.status()).toBe(405);
      expect(response.headers().allow).toBe("GET, POST");
    }
    // Without a session the answer is 401 whatever the method.
    expect((await request.delete("/api/blog")).status()).toBe(401);
    expect(auditActionsOf(admin)).toEqual([]);
    await client.dispose();
  });
});

describe("PUT and DELETE /api/blog/{id}; GET /api/blog/{slug}", () => {
  test("PUT 200 saves every field; publishedAt set on first publishing and kept; audit rows", async ({ request }) => {
    const { admin, client } = await adminApiClient();
    const id = unique();
    const postId = insertPost({ title: `Put Me ${id}`, slug: `put-me-${id}` });
    expect((await request.get(`/api/blog/put-me-${id}`)).status()).toBe(404);

    const first = await jsonOf(
      await client.put(`/api/blog/${postId}`, {
        data: postBody(id, { slug: `put-me-${id}`, title: `Put Me Live ${id}`, isPublished: true }),
      }),
      200,
    );
    expect(first).toMatchObject({ id: postId, title: `Put Me Live ${id}`, isPublished: true, publishedAt: expect.any(String) });
    const publicPost = await jsonOf(await request.get(`/api/blog/put-me-${id}`), 200);
    expect(publicPost.title).toBe(`Put Me Live ${id}`);

    const second = await jsonOf(
      await client.put(`/api/blog/${postId}`, { data: postBody(id, { slug: `put-me-${id}`, isPublished: true, tags: [] }) }),
      200,
    );
    expect(second.publishedAt).toBe(first.publishedAt);
    // A full replacement: isPublished left out is a draft (the first date is kept).
    const third = await jsonOf(await client.put(`/api/blog/${postId}`, { data: postBody(id, { slug: `put-me-${id}` }) }), 200);
    expect(third).toMatchObject({ isPublished: false, publishedAt: first.publishedAt });
    expect((await request.get(`/api/blog/put-me-${id}`)).status()).toBe(404);
    expect(auditActionsOf(admin).map((row) => [row.action, row.entityId])).toEqual([
      ["blog_updated", String(postId)],
      ["blog_updated", String(postId)],
      ["blog_updated", String(postId)],
    ]);
    await client.dispose();
  });

  test("PUT 400 with field errors, 409 for another post's slug, 404 for unknown and non-numeric ids", async () => {
    const { admin, client } = await adminApiClient();
    const id = unique();
    const postId = insertPost({ title: `Mine ${id}`, slug: `mine-${id}` });
    insertPost({ title: `Theirs ${id}`, slug: `theirs-${id}` });

    const invalid = await jsonOf(await client.put(`/api/blog/${postId}`, { data: { ...postBody(id), excerpt: "" } }), 400);
    expect(invalid.errors).toEqual({ excerpt: ["Excerpt is required"] });
    expect(await jsonOf(await client.put(`/api/blog/${postId}`, { data: postBody(id, { slug: `theirs-${id}` }) }), 409)).toEqual({
      message: "This slug is already used by another post",
      errors: { slug: ["This slug is already used by another post"] },
    });
    for (const segment of ["999999999", `mine-${id}`, "0", "1.5"])
      expect(await jsonOf(await client.put(`/api/blog/${segment}`, { data: postBody(id) }), 404)).toEqual({
        message: "Blog post not found",
      });
    expect(storedPost(postId)).toMatchObject({ title: `Mine ${id}`, slug: `mine-${id}` });
    expect(auditActionsOf(admin)).toEqual([]);
    await client.dispose();
  });

  test("DELETE 200 then 404; 401 anonymous; 405 for POST; an audit row", async ({ request }) => {
    const { admin, client } = await adminApiClient("content_manager");
    const id = unique();
    const postId = insertPost({ title: `Delete Me ${id}`, slug: `delete-me-${id}`, isPublished: true });
    expect(await jsonOf(await request.delete(`/api/blog/${postId}`), 401)).toEqual({ message: "Unauthorized" });
    expect(await jsonOf(await request.put(`/api/blog/${postId}`, { data: postBody(id) }), 401)).toEqual({
      message: "Unauthorized",
    });
    const notAllowed = await client.post(`/api/blog/${postId}`, { data: postBody(id) });
    expect(notAllowed.status()).toBe(405);
    expect(notAllowed.headers().allow).toBe("GET, PUT, DELETE");

    expect(await jsonOf(await client.delete(`/api/blog/${postId}`), 200)).toEqual({ message: "Blog post deleted", id: postId });
    expect(storedPost(postId)).toBeUndefined();
    expect((await request.get(`/api/blog/delete-me-${id}`)).status()).toBe(404);
    expect(await jsonOf(await client.delete(`/api/blog/${postId}`), 404)).toEqual({ message: "Blog post not found" });
    expect(auditActionsOf(admin)).toEqual([{ action: "blog_deleted", entityType: "blog", entityId: String(postId) }]);
    await client.dispose();
  });

  test("the public GET /api/blog/{slug} still reads by slug: published 200, draft and id 404", async ({ request }) => {
    const id = unique();
    const publishedId = insertPost({ title: `Read Me ${id}`, slug: `read-me-${id}`, isPublished: true });
    insertPost({ title: `Hidden ${id}`, slug: `hidden-${id}` });
    const post = await jsonOf(await request.get(`/api/blog/read-me-${id}`), 200);
    expect(post).toMatchObject({ id: publishedId, slug: `read-me-${id}`, title: `Read Me ${id}`, content: "<p>Body.</p>" });
    expect(post).not.toHaveProperty("isPublished");
    expect(await jsonOf(await request.get(`/api/blog/hidden-${id}`), 404)).toEqual({ message: "Article not found" });
    // Reads go by slug: the numeric id is not a slug.
    expect((await request.get(`/api/blog/${publishedId}`)).status()).toBe(404);
  });
});

describe("/api/testimonials writes", () => {
  test("POST 201 with the default rating 5 and not approved; 400 naming fields; 401; 415; audit row", async ({ request }) => {
    const { admin, client } = await adminApiClient();
    const id = unique();
    const body = { name: `API Student ${id}`, content: `Sent as JSON ${id}.` };
    expect(await jsonOf(await request.post("/api/testimonials", { data: body }), 401)).toEqual({ message: "Unauthorized" });

    const created = await jsonOf(await client.post("/api/testimonials", { data: body }), 201);
    expect(created).toEqual({
      id: expect.any(Number),
      name: body.name,
      content: body.content,
      rating: 5,
      profession: null,
      city: null,
      publishConsentAt: null,
      imageUrl: null,
      isApproved: false,
      createdAt: expect.any(String),
    });
    expect(storedTestimonial(created.id)).toMatchObject({ name: body.name, rating: 5, is_approved: 0 });

    const invalid = await jsonOf(
      await client.post("/api/testimonials", { data: { name: "", content: "x", rating: 6, imageUrl: "ftp://x" } }),
      400,
    );
    expect(invalid).toEqual({
      message: "Please check the highlighted fields.",
      errors: {
        name: ["Name is required"],
        rating: ["Rating must be at most 5"],
        imageUrl: ["Image URL must start with https:// or /"],
      },
    });
    expect((await client.post("/api/testimonials", { data: { ...body, rating: 2.5 } })).status()).toBe(400);
    expect((await client.post("/api/testimonials", { form: body })).status()).toBe(415);
    const notAllowed = await client.put("/api/testimonials", { data: body });
    expect(notAllowed.status()).toBe(405);
    expect(notAllowed.headers().allow).toBe("GET, POST");
    expect(auditActionsOf(admin)).toEqual([{ action: "testimonial_created", entityType: "testimonial", entityId: String(created.id) }]);
    await client.dispose();
  });

  test("PUT 200 (approving, with the author's consent and city, shows it publicly), 400, 404; DELETE 200 then 404; 405 and 401; audit rows", async ({
    request,
  }) => {
    const { admin, client } = await adminApiClient("content_manager");
    const id = unique();
    const content = `Approve me through the API ${id}.`;
    const testimonialId = insertTestimonial({ name: `Put Student ${id}`, content });
    const body = {
      name: `Put Student ${id}`,
      content,
      rating: 4,
      profession: "Analyst",
      city: "Nagpur",
      publishConsent: true,
      isApproved: true,
    };

    expect(await jsonOf(await request.put(`/api/testimonials/${testimonialId}`, { data: body }), 401)).toEqual({
      message: "Unauthorized",
    });
    const updated = await jsonOf(await client.put(`/api/testimonials/${testimonialId}`, { data: body }), 200);
    expect(updated).toMatchObject({ id: testimonialId, rating: 4, profession: "Analyst", city: "Nagpur", isApproved: true });
    expect(updated.publishConsentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const shown: { id: number; content: string }[] = await jsonOf(await request.get("/api/testimonials"), 200);
    expect(shown.find((testimonial) => testimonial.id === testimonialId)?.content).toBe(content);

    const invalid = await jsonOf(await client.put(`/api/testimonials/${testimonialId}`, { data: { ...body, content: " " } }), 400);
    expect(invalid.errors).toEqual({ content: ["Content is required"] });
    for (const segment of ["999999999", "abc"])
      expect(await jsonOf(await client.put(`/api/testimonials/${segment}`, { data: body }), 404)).toEqual({
        message: "Testimonial not found",
      });
    const get = await client.get(`/api/testimonials/${testimonialId}`);
    expect(get.status()).toBe(405);
    expect(get.headers().allow).toBe("PUT, DELETE");
    expect((await client.post(`/api/testimonials/${testimonialId}`, { data: body })).status()).toBe(405);
    expect((await request.get(`/api/testimonials/${testimonialId}`)).status()).toBe(401);

    expect(await jsonOf(await request.delete(`/api/testimonials/${testimonialId}`), 401)).toEqual({ message: "Unauthorized" });
    expect(await jsonOf(await client.delete(`/api/testimonials/${testimonialId}`), 200)).toEqual({
      message: "Testimonial deleted",
      id: testimonialId,
    });
    expect(storedTestimonial(testimonialId)).toBeUndefined();
    expect(await jsonOf(await client.delete(`/api/testimonials/${testimonialId}`), 404)).toEqual({
      message: "Testimonial not found",
    });
    expect(auditActionsOf(admin).map((row) => [row.action, row.entityId])).toEqual([
      ["testimonial_updated", String(testimonialId)],
      ["testimonial_deleted", String(testimonialId)],
    ]);
    await client.dispose();
  });
});
