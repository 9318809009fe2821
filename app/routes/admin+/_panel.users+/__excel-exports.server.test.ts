import { describe, expect, it } from "vitest";
import { sharedFiles } from "../../../../db/schema";
import { db } from "~/utils/db.server";
import { fileSizeLabel, findGeneratedFile, loadGeneratedFiles } from "./__excel-exports.server";

describe("fileSizeLabel", () => {
  it("shows kilobytes (1024 bytes) with exactly one decimal", () => {
    expect(fileSizeLabel(0)).toBe("0.0 KB");
    expect(fileSizeLabel(1024)).toBe("1.0 KB");
    expect(fileSizeLabel(12_595)).toBe("12.3 KB");
    expect(fileSizeLabel(1536)).toBe("1.5 KB");
    expect(fileSizeLabel(100)).toBe("0.1 KB");
  });

  it("keeps KB for big files (the spec's unit) and never shows a negative size", () => {
    expect(fileSizeLabel(5 * 1024 * 1024)).toBe("5120.0 KB");
    expect(fileSizeLabel(-5)).toBe("0.0 KB");
  });
});

describe("findGeneratedFile", () => {
  it("is null for a malformed id without asking the database", () => {
    for (const id of [undefined, "", "0", "-1", "1.5", "abc", "1e3", "01", " 1", "99999999999999999999"]) {
      expect(findGeneratedFile(id), String(id)).toBeNull();
    }
  });
});

describe("loadGeneratedFiles", () => {
  it("lists stored files newest first with the size label, India-time date and the dialog paths", () => {
    const request = new Request("http://localhost/admin/users");
    expect(loadGeneratedFiles(request)).toEqual([]);

    db.insert(sharedFiles)
      .values([
        {
          token: "older-token",
          filename: "users-older.xlsx",
          storedPath: "/tmp/none-1.xlsx",
          sizeBytes: 2048,
          createdAt: new Date("2026-01-05T04:00:00Z"),
        },
        {
          token: "newer-token",
          filename: "all-data-newer.xlsx",
          storedPath: "/tmp/none-2.xlsx",
          sizeBytes: 12_595,
          createdAt: new Date("2026-01-06T18:45:00Z"),
        },
      ])
      .run();

    const files = loadGeneratedFiles(request);
    expect(files.map((file) => file.filename)).toEqual(["all-data-newer.xlsx", "users-older.xlsx"]);
    const [newer] = files;
    expect(newer).toMatchObject({
      sizeLabel: "12.3 KB",
      createdIso: "2026-01-06T18:45:00.000Z",
      // 18:45 UTC is 00:15 the next day in India.
      createdLabel: "Jan 7, 2026, 12:15 am IST",
      downloadPath: "/shared/newer-token",
    });
    expect(newer?.shareDialogPath).toBe(`/admin/users/files/${newer?.id}`);
    expect(newer?.deleteDialogPath).toBe(`/admin/users/files/${newer?.id}?confirm=delete`);
    expect(findGeneratedFile(String(newer?.id))?.filename).toBe("all-data-newer.xlsx");
  });
});
