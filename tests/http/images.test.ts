import sharp from "sharp";
import { encodeNextImage } from "../../app/services/images/image-encoder.server";
import { adminApiClient, describe, expect, makeCourse, queryTestDatabase, SITE_ORIGIN, test } from "./support/test";

// An uploaded cover answers at once and is encoded behind the page; the pages
// then serve it in AVIF, WebP and JPEG at several widths. Open Graph cards are
// drawn with the title. The worker's job runs here by a direct call.

/** A 1600×900 phone photo with a GPS position in its EXIF. */
function phonePhoto() {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "18/1 31/1 0/1" } })
    .toBuffer();
}

type AssetRow = { name: string; status: string; width: number | null; widths: string };

describe("uploaded course covers", () => {
  test("the upload answers before encoding; once the job has run, the card and page serve responsive variants", async () => {
    const { client } = await adminApiClient();
    const course = makeCourse({ pricePaise: 150_000 });
    const saved = await client.post(`/admin/courses/${course.id}`, {
      maxRedirects: 0,
      multipart: {
        intent: "save",
        title: course.title,
        shortDescription: "Covers on phones.",
        description: "A course with an uploaded cover.",
        duration: "4 weeks",
        level: "beginner",
        price: "1500",
        isActive: "on",
        coverPhoto: { name: "cover.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() },
      },
    });
    expect(saved.status()).toBe(302);
    const [stored] = queryTestDatabase<{ cover: string }>("SELECT cover_photo_url AS cover FROM courses WHERE id = ?", course.id);
    const original = stored!.cover;
    expect(original).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    const name = original.slice("/uploads/".length);
    const assetOf = () => queryTestDatabase<AssetRow>("SELECT name, status, width, widths FROM image_assets WHERE name = ?", name)[0];
    expect(assetOf()).toMatchObject({ status: "pending", width: null });

    // Pending: the page shows the original (in the cover's box), not variants that do not exist yet.
    const before = await (await client.get(`/courses/${course.id}`)).text();
    expect(before).toContain(`src="${original}"`);
    expect(before).not.toContain("<picture>");
    const stem = original.replace(/\.jpg$/, "");
    expect((await client.get(`${stem}-640.avif`)).status()).toBe(404);

    expect(await encodeNextImage()).toMatchObject({ name, status: "ready" });
    expect(assetOf()).toMatchObject({ status: "ready", width: 1600, widths: "[320,640,960,1280]" });

    const page = await (await client.get(`/courses/${course.id}`)).text();
    expect(page).toContain("<picture>");
    expect(page).toContain(
      `<source type="image/avif" srcSet="${stem}-320.avif 320w, ${stem}-640.avif 640w, ${stem}-960.avif 960w, ${stem}-1280.avif 1280w"`,
    );
    expect(page).toContain(`<source type="image/webp" srcSet="${stem}-320.webp 320w,`);
    expect(page).toMatch(
      new RegExp(`<img src="${stem}-640\\.jpg" srcSet="${stem}-320\\.jpg 320w[^>]*width="1600" height="900"[^>]*fetchpriority="high"`),
    );

    const list = await (await client.get(`/courses?q=${encodeURIComponent(course.title)}`)).text();
    expect(list).toContain(`${stem}-640.avif 640w`);
    expect(list).toMatch(/<img [^>]*width="1600" height="900"/);

    const variant = await client.get(`${stem}-640.avif`);
    expect(variant.status()).toBe(200);
    expect(variant.headers()["content-type"]).toBe("image/avif");
    expect(variant.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const jpeg = await sharp(await (await client.get(`${stem}-960.jpg`)).body()).metadata();
    expect({ format: jpeg.format, width: jpeg.width, height: jpeg.height, exif: jpeg.exif }).toEqual({
      format: "jpeg",
      width: 960,
      height: 540,
      exif: undefined,
    });
    // The original is kept as uploaded.
    expect((await sharp(await (await client.get(original)).body()).metadata()).exif).toBeDefined();
  });
});

describe("Open Graph cards", () => {
  test("a course, an event and a post have a 1200×630 PNG card their pages point to; an unknown one is 404", async () => {
    const { client } = await adminApiClient();
    const course = makeCourse({ pricePaise: 100_000, title: "Option Greeks for Currency Traders" });
    const [post] = queryTestDatabase<{ slug: string }>("SELECT slug FROM blog_posts WHERE is_published = 1 ORDER BY id LIMIT 1");
    const [event] = queryTestDatabase<{ id: number }>("SELECT id FROM events WHERE is_active = 1 ORDER BY id LIMIT 1");
    for (const path of [`/og/course/${course.id}.png`, `/og/blog/${post!.slug}.png`, `/og/event/${event!.id}.png`]) {
      const card = await client.get(path);
      expect(card.status(), path).toBe(200);
      expect(card.headers()["content-type"]).toBe("image/png");
      expect(card.headers()["cache-control"]).toBe("public, max-age=86400");
      const meta = await sharp(await card.body()).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "png", width: 1200, height: 630 });
      // Drawn once, then read from the cache: the same bytes and tag.
      const again = await client.get(path);
      expect(again.headers().etag).toBe(card.headers().etag);
      expect((await again.body()).equals(await card.body())).toBe(true);
    }

    const page = await (await client.get(`/courses/${course.id}`)).text();
    expect(page).toContain(`<meta property="og:image" content="${SITE_ORIGIN}/og/course/${course.id}.png"/>`);
    expect(page).toContain(`<meta property="og:image:width" content="1200"/>`);
    expect(page).toContain(`<meta property="og:image:height" content="630"/>`);
    expect(page).toContain(`<meta name="twitter:card" content="summary_large_image"/>`);
    const article = await (await client.get(`/blog/${post!.slug}`)).text();
    expect(article).toContain(`<meta property="og:image" content="${SITE_ORIGIN}/og/blog/${post!.slug}.png"/>`);

    for (const path of ["/og/course/999999.png", "/og/blog/no-such-post.png", "/og/teacher/1.png", `/og/course/${course.id}.jpg`])
      expect((await client.get(path)).status(), path).toBe(404);
  });
});
