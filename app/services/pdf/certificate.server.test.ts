import QRCode from "qrcode";
import { describe, expect, test } from "vitest";
import { actualTexts, drawnRectangles, readPdf } from "../../../tests/support/pdf-text";
import { saveSettings } from "~/models/site/site-settings.server";
import { DEFAULT_INSTITUTE } from "~/utils/institute";
import sharp from "sharp";
import { storeUpload } from "~/services/images/uploads.server";
import { certificateFilename, certificatePdf, type PrintedCertificate } from "./certificate.server";

const CHECK_URL = "https://trademaster.example/certificates/TMA-2026-7KQ2M9XD";
// 20:00 UTC on 4 December is 01:30 on 5 December in India.
const COMPLETED = new Date("2026-12-04T20:00:00Z");

const certificate = (studentName: string): PrintedCertificate => ({
  number: "TMA-2026-7KQ2M9XD",
  studentName,
  courseTitle: "SMC & ICT Courses",
  completedAt: COMPLETED,
});

/** The QR code's dark modules as drawn inside the link over it, row by row. */
function drawnQrModules(bytes: Uint8Array, link: [number, number, number, number], pageHeight: number, moduleCount: number) {
  const [left, , right, bottomUp] = link;
  const size = right - left;
  const top = pageHeight - bottomUp;
  const cell = size / (moduleCount + 8);
  const grid = new Uint8Array(moduleCount * moduleCount);
  for (const rect of drawnRectangles(bytes)) {
    const inside = rect.x >= left - 0.01 && rect.x < right && rect.y >= top - 0.01 && rect.y < top + size;
    if (!inside || rect.width >= size - 0.01) continue;
    const row = Math.round((rect.y - top) / cell) - 4;
    const first = Math.round((rect.x - left) / cell) - 4;
    for (let column = first; column < first + Math.round(rect.width / cell); column++) grid[row * moduleCount + column] = 1;
  }
  return grid;
}

describe("certificatePdf", () => {
  test("prints the name, course, completion day in India, number and where to check it", async () => {
    const bytes = await certificatePdf(certificate("Ananya Iyer"), CHECK_URL);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    for (const line of [
      "Certificate of Completion",
      "Ananya Iyer",
      "SMC & ICT Courses",
      "Completed on 5 December 2026",
      "Certificate number TMA-2026-7KQ2M9XD",
      `Check it at ${CHECK_URL}`,
    ])
      expect(pdf.text).toContain(line);
    expect(pdf.info.Title).toBe("Certificate TMA-2026-7KQ2M9XD");
  });

  test("the QR code encodes the public check URL, and is a link to it", async () => {
    const bytes = await certificatePdf(certificate("Ananya Iyer"), CHECK_URL);
    const pdf = await readPdf(bytes);
    expect(pdf.links.map((link) => link.url)).toEqual([CHECK_URL]);
    const expected = QRCode.create(CHECK_URL, { errorCorrectionLevel: "M" }).modules;
    const drawn = drawnQrModules(bytes, pdf.links[0]!.rect, pdf.pageHeight, expected.size);
    expect([...drawn]).toEqual([...expected.data]);
  });

  test("a Devanagari name prints with its own font: its text reads back, conjuncts included", async () => {
    const bytes = await certificatePdf(certificate("लक्ष्मी देशपांडे"), CHECK_URL);
    const pdf = await readPdf(bytes);
    expect(pdf.text).toContain("लक्ष्मी देशपांडे");
    expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
  });

  test("a name whose glyphs are reordered (reph, i-matra) keeps its written order as the span's text", async () => {
    const name = "अर्जुन किशोर शर्मा";
    const bytes = await certificatePdf(certificate(name), CHECK_URL);
    expect(actualTexts(bytes)).toContain(name);
  });

  test("a name mixing scripts and ₹ is drawn run by run, each in a font that has it", async () => {
    const bytes = await certificatePdf(certificate("Priya ₹ ப்ரியா প্রিয়া"), CHECK_URL);
    // Noto Sans keeps ₹ in its latin-ext file, a face of its own.
    expect(actualTexts(bytes)).toEqual(expect.arrayContaining(["Priya ", "₹ ", "ப்ரியா ", "প্রিয়া"]));
    const fonts = Buffer.from(bytes).toString("latin1");
    for (const family of ["NotoSans-Bold", "NotoSansTamil-Bold", "NotoSansBengali-Bold"])
      expect(fonts).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${family}\\b`));
  });

  test("names in every Indian script the fonts cover print without failing", async () => {
    // Telugu and Gurmukhi hit fontkit's NULL-anchor bug in mark positioning (document.server.ts).
    const names = ["ప్రసాద్ శ్రీనివాస్", "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ", "ભાવિન ત્રિવેદી", "ಕೃಷ್ಣ ಪ್ರಸಾದ್", "ശ്രീകുമാർ നായർ", "ସୁବ୍ରତ ମହାନ୍ତି"];
    for (const name of names) expect(actualTexts(await certificatePdf(certificate(name), CHECK_URL)), name).toContain(name);
  });

  test("the same certificate reprints byte for byte", async () => {
    const first = await certificatePdf(certificate("लक्ष्मी देशपांडे"), CHECK_URL);
    const second = await certificatePdf(certificate("लक्ष्मी देशपांडे"), CHECK_URL);
    expect(second.equals(first)).toBe(true);
    const other = await certificatePdf({ ...certificate("लक्ष्मी देशपांडे"), number: "TMA-2026-AAAAAAAA" }, CHECK_URL);
    expect(other.equals(first)).toBe(false);
  });

  test("a very long name is set smaller to fit, not cut", async () => {
    const name = "Venkata Lakshmi Narasimha Subrahmanya Sai Srinivasa Chakravarthy Bhattacharya";
    const pdf = await readPdf(await certificatePdf(certificate(name), CHECK_URL));
    expect(pdf.text).toContain(name);
  });

  test("the download is named after the number", () => {
    expect(certificateFilename("TMA-2026-7KQ2M9XD")).toBe("certificate-TMA-2026-7KQ2M9XD.pdf");
  });

  test("prints the institute's name as the settings hold it when the file is made", async () => {
    saveSettings("institute", { ...DEFAULT_INSTITUTE, name: "Nifty Lane School" }, { adminId: "admin-1" });
    const pdf = await readPdf(await certificatePdf(certificate("Asha Rao"), CHECK_URL));
    expect(pdf.text).toContain("Nifty Lane School");
    expect(pdf.text).not.toContain("TradeMaster Academy");
  });

  test("carries the logo, and the authorised signatory's signature, name and title the settings name", async () => {
    // Each PNG with transparency is two image objects in the PDF: its colours and its alpha mask.
    const images = (bytes: Buffer) => bytes.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;
    const unsigned = await certificatePdf(certificate("Asha Rao"), CHECK_URL);
    expect(images(unsigned)).toBe(2);
    expect((await readPdf(unsigned)).text).not.toContain("authorised signatory");

    const png = await sharp({ create: { width: 300, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="80"><path d="M10 60 C80 0 120 80 290 20" stroke="#111" stroke-width="4" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const stored = await storeUpload(new File([new Uint8Array(png)], "signature.png", { type: "image/png" }), "image", "Signature");
    if (!stored.ok) throw new Error(stored.message);
    saveSettings(
      "certificate",
      { signatoryName: "Meera Iyer", signatoryTitle: "Director", signatureUrl: stored.url },
      { adminId: "admin-1" },
    );
    const signed = await certificatePdf(certificate("Asha Rao"), CHECK_URL);
    expect(images(signed)).toBe(4);
    const pdf = await readPdf(signed);
    expect(pdf.text).toContain("Meera Iyer");
    expect(pdf.text).toContain("Director, authorised signatory");
  });
});
