import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { encodeNextImage } from "../../app/services/images/image-encoder.server";
import { uploadsDirectory } from "../../app/services/images/uploads.server";
import { adminApiClient, auditActionsOf, describe, expect, queryTestDatabase, studentClient, test, type HttpClient } from "./support/test";

// An event's banner is uploaded with the admin's event form like a course's
// cover: checked, stored, queued for encoding, replaced or removed; the event
// cards and the registration page then serve it responsively.

function bannerPhoto(width = 1600, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 110 } } })
    .jpeg()
    .toBuffer();
}

const uniqueTitle = (label: string) => `Banner ${label} ${Math.random().toString(36).slice(2, 8)}`;

/** The event form's fields as the dialog posts them, a year and more ahead. */
function eventForm(title: string, extra: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {}) {
  return {
    title,
    description: "A live session with a banner.",
    eventType: "webinar",
    price: "0",
    date: "2031-05-10",
    time: "19:00",
    duration: "60",
    isActive: "on",
    ...extra,
  };
}

type StoredEvent = { id: number; banner: string | null; title: string };
const eventsTitled = (title: string) =>
  queryTestDatabase<StoredEvent>("SELECT id, banner_url AS banner, title FROM events WHERE title = ?", title);
const assetOf = (url: string) =>
  queryTestDatabase<{ status: string }>("SELECT status FROM image_assets WHERE name = ?", url.slice("/uploads/".length))[0];
const uploadCount = () => queryTestDatabase<{ n: number }>("SELECT COUNT(*) AS n FROM image_assets")[0]!.n;

async function createWithBanner(client: HttpClient, title: string) {
  const response = await client.post("/admin/events/new", {
    maxRedirects: 0,
    multipart: eventForm(title, { banner: { name: "banner.jpg", mimeType: "image/jpeg", buffer: await bannerPhoto() } }),
  });
  expect(response.status()).toBe(302);
  const [event] = eventsTitled(title);
  expect(event?.banner).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
  return { id: event!.id, banner: event!.banner! };
}

describe("the admin event form's banner", () => {
  test("a new event's banner is stored and served, queued for encoding, and the change is audited", async () => {
    const { admin, client } = await adminApiClient();
    const title = uniqueTitle("created");
    const { id, banner } = await createWithBanner(client, title);
    expect(existsSync(join(uploadsDirectory(), banner.slice("/uploads/".length)))).toBe(true);
    expect(assetOf(banner)).toEqual({ status: "pending" });
    expect(auditActionsOf(admin)).toContainEqual({ action: "event_created", entityType: "event", entityId: String(id) });
    expect((await client.get(banner)).status()).toBe(200);
  });

  test("a new file replaces the banner, an edit without one keeps it, and 'Remove the banner' clears it", async () => {
    const { client } = await adminApiClient();
    const title = uniqueTitle("replaced");
    const { id, banner: first } = await createWithBanner(client, title);

    const edit = await client.get(`/admin/events/${id}`);
    const form = await edit.text();
    expect(form).toContain(`src="${first}"`);
    expect(form).toContain("Remove the banner");
    expect(form).toMatch(/<form [^>]*enctype="multipart\/form-data"[^>]*id="edit-event-/i);

    const replaced = await client.post(`/admin/events/${id}`, {
      maxRedirects: 0,
      multipart: eventForm(title, {
        banner: {
          name: "new.png",
          mimeType: "image/png",
          buffer: await sharp(await bannerPhoto())
            .png()
            .toBuffer(),
        },
      }),
    });
    expect(replaced.status()).toBe(302);
    const second = eventsTitled(title)[0]!.banner!;
    expect(second).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(second).not.toBe(first);
    expect(assetOf(second)).toEqual({ status: "pending" });

    const kept = await client.post(`/admin/events/${id}`, { maxRedirects: 0, multipart: eventForm(`${title} renamed`) });
    expect(kept.status()).toBe(302);
    expect(eventsTitled(`${title} renamed`)[0]?.banner).toBe(second);

    const removed = await client.post(`/admin/events/${id}`, { maxRedirects: 0, multipart: eventForm(title, { removeBanner: "on" }) });
    expect(removed.status()).toBe(302);
    expect(eventsTitled(title)[0]?.banner).toBeNull();
  });

  test("a file that is not a JPEG or PNG is refused with a message, and nothing is saved", async () => {
    const { client } = await adminApiClient();
    const title = uniqueTitle("refused");
    const assetsBefore = uploadCount();
    const refused = await client.post("/admin/events/new", {
      maxRedirects: 0,
      multipart: eventForm(title, {
        banner: { name: "banner.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7 not a picture") },
      }),
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Banner must be a .jpg, .jpeg or .png image");
    expect(eventsTitled(title)).toEqual([]);
    expect(uploadCount()).toBe(assetsBefore);

    // An edit with a bad file keeps the event and its banner as they were.
    const { id, banner } = await createWithBanner(client, uniqueTitle("kept"));
    const bad = await client.post(`/admin/events/${id}`, {
      maxRedirects: 0,
      multipart: eventForm("Renamed by a bad post", { banner: { name: "x.png", mimeType: "image/png", buffer: Buffer.from("GIF89a") } }),
    });
    expect(bad.status()).toBe(400);
    expect(queryTestDatabase<StoredEvent>("SELECT id, banner_url AS banner, title FROM events WHERE id = ?", id)[0]).toMatchObject({
      banner,
    });
    expect(eventsTitled("Renamed by a bad post")).toEqual([]);
  });

  test("a banner over 5 MB is refused with the size in the message", async () => {
    const { client } = await adminApiClient();
    const title = uniqueTitle("too large");
    // One byte over the limit: the form's own check answers, not the body limit's.
    const photo = await bannerPhoto();
    const huge = Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024 + 1 - photo.length)]);
    const refused = await client.post("/admin/events/new", {
      maxRedirects: 0,
      multipart: eventForm(title, { banner: { name: "huge.jpg", mimeType: "image/jpeg", buffer: huge } }),
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Banner must be 5 MB or smaller");
    expect(eventsTitled(title)).toEqual([]);
  });

  test("a visitor or a student cannot post the form: nothing is stored", async ({ request }) => {
    const title = uniqueTitle("outsider");
    const multipart = eventForm(title, { banner: { name: "banner.jpg", mimeType: "image/jpeg", buffer: await bannerPhoto(320, 180) } });
    const anonymous = await request.post("/admin/events/new", { maxRedirects: 0, multipart });
    const { client: student } = await studentClient();
    const signedIn = await student.post("/admin/events/new", { maxRedirects: 0, multipart });
    for (const refused of [anonymous, signedIn]) {
      expect(refused.status()).toBe(302);
      expect(refused.headers().location).toMatch(/^\/admin\/login/);
    }
    expect(eventsTitled(title)).toEqual([]);
  });
});

describe("banners on the public pages", () => {
  test("once encoded, the events list and the registration page serve it with srcset, width and height", async () => {
    const { client } = await adminApiClient();
    const title = uniqueTitle("shown");
    const { id, banner } = await createWithBanner(client, title);
    const stem = banner.replace(/\.jpg$/, "");

    // Pending: the card shows the original in the banner's 16:9 box.
    const pending = await (await client.get("/events")).text();
    expect(pending).toMatch(new RegExp(`<img src="${banner}" alt="" width="1280" height="720"`));

    // Earlier tests' banners wait in the same queue: the worker takes them in turn.
    for (let turn = 0; turn < 20 && assetOf(banner)?.status !== "ready"; turn += 1) await encodeNextImage();
    expect(assetOf(banner)).toEqual({ status: "ready" });
    const list = await (await client.get("/events")).text();
    expect(list).toContain(
      `<source type="image/avif" srcSet="${stem}-320.avif 320w, ${stem}-640.avif 640w, ${stem}-960.avif 960w, ${stem}-1280.avif 1280w"`,
    );
    expect(list).toMatch(new RegExp(`<img src="${stem}-640\\.jpg" srcSet="${stem}-320\\.jpg 320w[^>]*width="1600" height="900"`));

    const { client: student } = await studentClient();
    const page = await (await student.get(`/events/${id}/register`)).text();
    expect(page).toContain(`${stem}-960.webp 960w`);
    expect(page).toMatch(/<img [^>]*width="1600" height="900"[^>]*fetchpriority="high"/);

    const json = await (await client.get(`/api/events/${id}`)).json();
    expect(json).toMatchObject({ id, bannerUrl: banner });
  });

  test("the demo events come with drawn banners, already encoded", async ({ request }) => {
    const [seeded] = queryTestDatabase<{ banner: string }>(
      "SELECT banner_url AS banner FROM events WHERE is_active = 1 AND banner_url LIKE '/images/events/%' ORDER BY event_date LIMIT 1",
    );
    expect(seeded?.banner).toMatch(/^\/images\/events\/[a-z0-9-]+\.jpg$/);
    const stem = seeded!.banner.replace(/\.jpg$/, "");
    const list = await (await request.get("/events")).text();
    expect(list).toContain(`${stem}-640.avif 640w`);
    expect(list).toMatch(new RegExp(`<img src="${stem}-640\\.jpg"[^>]*width="960" height="540"`));
  });

  test("an event without a banner keeps its card as it was: no image", async () => {
    const { client } = await adminApiClient();
    const title = uniqueTitle("plain");
    expect((await client.post("/admin/events/new", { maxRedirects: 0, multipart: eventForm(title) })).status()).toBe(302);
    expect(eventsTitled(title)[0]?.banner).toBeNull();
    const list = await (await client.get("/events")).text();
    const card = list
      .split("<article")
      .slice(1)
      .find((part) => part.includes(title));
    expect(card).toBeDefined();
    expect(card).not.toContain("<img");
    expect(card).not.toContain("<picture>");
  });
});
