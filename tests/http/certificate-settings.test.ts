import sharp from "sharp";
import { adminApiClient, expect, queryTestDatabase, test } from "./support/test";

// Settings → Certificates: who signs the certificates issued from now on, with
// their signature's image. Admins only; a file that is no image is refused
// with its message and nothing changes.

const stored = () =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'certificate'").map(
    (row) => JSON.parse(row.value) as Record<string, string | undefined>,
  )[0];

const signaturePng = () =>
  sharp({ create: { width: 240, height: 60, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .png()
    .toBuffer();

test("an admin sets the signatory and their signature; the settings page shows it; a content manager may not", async () => {
  const { client } = await adminApiClient("admin");
  const saved = await client.post("/admin/settings/certificate", {
    multipart: {
      signatoryName: "Meera Iyer",
      signatoryTitle: "Director",
      signature: { name: "signature.png", mimeType: "image/png", buffer: await signaturePng() },
    },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  expect(saved.headers()["location"]).toBe("/admin/settings");
  const settings = stored();
  expect(settings).toMatchObject({ signatoryName: "Meera Iyer", signatoryTitle: "Director" });
  expect(settings?.signatureUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
  const page = await (await client.get("/admin/settings")).text();
  expect(page).toContain(`src="${settings?.signatureUrl}"`);

  const refused = await client.post("/admin/settings/certificate", {
    multipart: {
      signatoryName: "Someone Else",
      signature: { name: "signature.png", mimeType: "image/png", buffer: Buffer.from("not an image") },
    },
  });
  expect(await refused.text()).toContain("Certificates not saved");
  expect(stored()).toEqual(settings);

  const removed = await client.post("/admin/settings/certificate", {
    multipart: { signatoryName: "Meera Iyer", signatoryTitle: "Director", removeSignature: "on" },
    maxRedirects: 0,
  });
  expect(removed.status()).toBe(302);
  expect(stored()?.signatureUrl).toBeUndefined();

  const { client: contentManager } = await adminApiClient("content_manager");
  const forbidden = await contentManager.post("/admin/settings/certificate", {
    multipart: { signatoryName: "Not allowed" },
    maxRedirects: 0,
  });
  expect(forbidden.status()).toBe(403);
  expect(stored()?.signatoryName).toBe("Meera Iyer");
});
