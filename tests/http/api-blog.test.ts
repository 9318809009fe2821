import { describe, expect, type HttpClient, test } from "./support/test";

type ApiPost = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  imageUrl: string | null;
  publishedAt: string | null;
  createdAt: string;
  content?: string;
};

const DRAFT = { slug: "draft-options-greeks-for-currency-traders", title: "Draft: Options Greeks for Currency Traders" };

async function publishedPosts(request: HttpClient): Promise<ApiPost[]> {
  const response = await request.get("/api/blog");
  expect(response.status()).toBe(200);
  return response.json();
}

describe("blog JSON API", () => {
  test("GET /api/blog lists published summaries only", async ({ request }) => {
    const response = await request.get("/api/blog");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const posts: ApiPost[] = await response.json();
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.map((post) => post.slug)).not.toContain(DRAFT.slug);
    for (const post of posts) {
      expect(post).not.toHaveProperty("content");
      expect(post).not.toHaveProperty("isPublished");
      expect(Number.isNaN(Date.parse(post.createdAt))).toBe(false);
    }
  });

  test("GET /api/blog/:slug returns one post with sanitised content", async ({ request }) => {
    const [summary] = await publishedPosts(request);
    const response = await request.get(`/api/blog/${summary!.slug}`);
    expect(response.status()).toBe(200);
    const post: ApiPost = await response.json();
    expect(post).toMatchObject({ slug: summary!.slug, title: summary!.title, tags: summary!.tags });
    expect(post.content).toBeTruthy();
    expect(post.content).not.toMatch(/<script|\son\w+=|javascript:/i);
  });

  test("unknown, draft and odd slugs are a JSON 404, never a 500", async ({ request }) => {
    for (const slug of ["no-such-article", DRAFT.slug, "x".repeat(5000), "%27%20or%201%3D1--", "%25", "..%2F..%2Fetc"]) {
      const response = await request.get(`/api/blog/${slug}`);
      expect(response.status(), slug.slice(0, 40)).toBe(404);
      expect(await response.json()).toEqual({ message: "Article not found" });
    }
  });
});
