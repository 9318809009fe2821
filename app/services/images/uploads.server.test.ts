import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discardUpload, readMultipartForm, readUpload, storeUpload, uploadsDirectory } from "./uploads.server";

// Smallest real files of each kind: the bytes decide, not the name.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);

const fileOf = (bytes: Buffer, name: string, type = "") => new File([new Uint8Array(bytes)], name, { type });

describe("storeUpload", () => {
  it("keeps a PNG and a JPEG as images under a random name, readable back with their type", async () => {
    for (const [bytes, name, extension, type] of [
      [PNG, "cover.png", "png", "image/png"],
      [JPEG, "cover.jpeg", "jpg", "image/jpeg"],
    ] as const) {
      const stored = await storeUpload(fileOf(bytes, name), "image", "Cover photo");
      expect(stored.ok).toBe(true);
      if (!stored.ok) continue;
      expect(stored.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${extension}$`));
      const read = await readUpload(stored.url.slice("/uploads/".length));
      expect(read?.contentType).toBe(type);
      expect(read?.body.equals(bytes)).toBe(true);
      await discardUpload(stored.url);
      expect(existsSync(join(uploadsDirectory(), stored.url.slice("/uploads/".length)))).toBe(false);
    }
  });

  it("refuses a program renamed to .png and a PNG offered as the brochure", async () => {
    expect(await storeUpload(fileOf(EXE, "cover.png", "image/png"), "image", "Cover photo")).toEqual({
      ok: false,
      message: "Cover photo must be a .jpg, .jpeg or .png image",
    });
    expect(await storeUpload(fileOf(PNG, "brochure.pdf", "application/pdf"), "pdf", "Brochure")).toEqual({
      ok: false,
      message: "Brochure must be a .pdf file",
    });
  });

  it("keeps a PDF brochure and refuses one over 10 MB", async () => {
    const stored = await storeUpload(fileOf(PDF, "brochure.pdf"), "pdf", "Brochure");
    expect(stored.ok && stored.url.endsWith(".pdf")).toBe(true);
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await storeUpload(fileOf(huge, "big.pdf"), "pdf", "Brochure")).toEqual({
      ok: false,
      message: "Brochure must be 10 MB or smaller",
    });
  });
});

describe("readUpload", () => {
  it("looks up only names the store makes: no paths, no other names", async () => {
    for (const name of ["../app.db", "..%2Fapp.db", "x.png", `${"a".repeat(32)}.exe`, `${"a".repeat(32)}.png/../../x`])
      expect(await readUpload(name)).toBeNull();
    expect(await readUpload(`${"0".repeat(32)}.png`)).toBeNull();
  });
});

describe("readMultipartForm", () => {
  it("reads a url-encoded form as it is, and calls a JSON body unreadable", async () => {
    const encoded = await readMultipartForm(
      new Request("http://localhost/x", { method: "POST", body: new URLSearchParams({ title: "T" }) }),
      { coverPhoto: "image" },
    );
    expect(encoded.ok && encoded.formData.get("title")).toBe("T");
    const json = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await readMultipartForm(json, { coverPhoto: "image" })).toEqual({ ok: false, reason: "unreadable" });
    const broken = new Request("http://localhost/x", { method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "x" });
    expect(await readMultipartForm(broken, { coverPhoto: "image" })).toEqual({ ok: false, reason: "unreadable" });
  });

  const post = (form: FormData) => new Request("http://localhost/admin/courses/new", { method: "POST", body: form });

  it("reads text fields and files, and drops a file posted under a field that takes none", async () => {
    const form = new FormData();
    form.set("title", "Price Action");
    form.set("coverPhoto", fileOf(PNG, "cover.png"));
    form.set("sneaky", fileOf(EXE, "a.exe"));
    const result = await readMultipartForm(post(form), { coverPhoto: "image" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.formData.get("title")).toBe("Price Action");
    expect(result.formData.get("coverPhoto")).toBeInstanceOf(File);
    expect(result.formData.get("sneaky")).toBeNull();
  });

  it("stops at a file over its kind's limit and names the field", async () => {
    const form = new FormData();
    form.set("coverPhoto", fileOf(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), "big.png"));
    expect(await readMultipartForm(post(form), { coverPhoto: "image" })).toEqual({ ok: false, reason: "too-large", field: "coverPhoto" });
  });
});
