import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ADMIN_UPLOAD_BODY_LIMITS, PUBLIC_BODY_LIMITS, type BodyLimits } from "./body-limits";
import { formBodyProblem, MAX_FIELD_NAME_BYTES, multipartBoundary } from "./form-fields.server";

const URLENCODED = "application/x-www-form-urlencoded";
const limits: BodyLimits = { maxBytes: 1024 * 1024, maxFields: 5, maxFieldBytes: 100 };

const urlencoded = (body: string, under = limits) => formBodyProblem(URLENCODED, Buffer.from(body), under);

/** A form as the platform encodes it for sending: its Content-Type (with the boundary) and its bytes. */
async function multipart(entries: [string, string | File][]): Promise<{ contentType: string; body: Buffer }> {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { contentType: request.headers.get("Content-Type") ?? "", body: Buffer.from(await request.arrayBuffer()) };
}

async function multipartProblem(entries: [string, string | File][], under = limits) {
  const { contentType, body } = await multipart(entries);
  return formBodyProblem(contentType, body, under);
}

describe("url-encoded forms", () => {
  test("up to the limit of fields passes; one more is too many", () => {
    expect(urlencoded("a=1&b=2&c=3&d=4&e=5")).toBeNull();
    expect(urlencoded("a=1&b=2&c=3&d=4&e=5&f=6")).toBe("too-many-fields");
  });

  test("empty pairs are not fields, as no parser counts them", () => {
    expect(urlencoded("a=1&&&&&&&&&b=2&")).toBeNull();
  });

  test("80,000 copies of one name are too many, counted in one pass", () => {
    expect(formBodyProblem(URLENCODED, Buffer.from(Array(80_000).fill("name=x").join("&")), PUBLIC_BODY_LIMITS)).toBe("too-many-fields");
  });

  test("a field over the size limit, name and value as sent, is too large", () => {
    expect(urlencoded(`message=${"x".repeat(92)}`)).toBeNull();
    expect(urlencoded(`message=${"x".repeat(93)}`)).toBe("field-too-large");
  });

  test("a name longer than any real field's is too large, however it is escaped", () => {
    const long = "a".repeat(MAX_FIELD_NAME_BYTES + 1);
    expect(formBodyProblem(URLENCODED, Buffer.from(`${long}=1`), PUBLIC_BODY_LIMITS)).toBe("field-too-large");
    expect(formBodyProblem(URLENCODED, Buffer.from(`${"%61".repeat(MAX_FIELD_NAME_BYTES + 1)}=1`), PUBLIC_BODY_LIMITS)).toBe(
      "field-too-large",
    );
    expect(formBodyProblem(URLENCODED, Buffer.from(`${"a".repeat(MAX_FIELD_NAME_BYTES)}=1`), PUBLIC_BODY_LIMITS)).toBeNull();
  });

  test("a list index beyond the field limit counts as that many fields, escaped or not", () => {
    expect(urlencoded("features[4]=x")).toBeNull();
    for (const name of ["features[5]", "features[99999]", "features%5B99999%5D", "features[%399999]", "a.b[1][123456789]"])
      expect(urlencoded(`${name}=x`), name).toBe("too-many-fields");
  });

  test("a broken escape is left for the parser, as it leaves it", () => {
    expect(urlencoded("na%zzme=1&%=2")).toBeNull();
  });
});

describe("multipart forms", () => {
  test("parts are counted as the platform encodes them", async () => {
    expect(
      await multipartProblem([
        ["a", "1"],
        ["a", "2"],
        ["b", "3"],
        ["c", "4"],
        ["d", "5"],
      ]),
    ).toBeNull();
    expect(await multipartProblem(Array.from({ length: 6 }, () => ["email", "x"] as [string, string]))).toBe("too-many-fields");
  });

  test("a text part over the field limit is too large; a file is held to it where the route takes no uploads", async () => {
    expect(await multipartProblem([["message", "x".repeat(20)]])).toBeNull();
    expect(await multipartProblem([["message", "x".repeat(100)]])).toBe("field-too-large");
    expect(await multipartProblem([["anything", new File(["x".repeat(200)], "a.pdf")]])).toBe("field-too-large");
  });

  test("on an upload route a file may be as large as the largest kind, text parts stay small", async () => {
    const brochure = new File([new Uint8Array(6 * 1024 * 1024)], "brochure.pdf", { type: "application/pdf" });
    expect(
      await multipartProblem(
        [
          ["title", "Price action"],
          ["brochure", brochure],
        ],
        ADMIN_UPLOAD_BODY_LIMITS,
      ),
    ).toBeNull();
    const tooBig = new File([new Uint8Array(ADMIN_UPLOAD_BODY_LIMITS.maxFileBytes ?? 0)], "brochure.pdf");
    expect(await multipartProblem([["brochure", tooBig]], ADMIN_UPLOAD_BODY_LIMITS)).toBe("field-too-large");
    expect(await multipartProblem([["description", "x".repeat(300 * 1024)]], ADMIN_UPLOAD_BODY_LIMITS)).toBe("field-too-large");
  });

  test("list indexes in part names count; a file's own name is not a field name", async () => {
    expect(await multipartProblem([["features[99999]", "x"]])).toBe("too-many-fields");
    expect(await multipartProblem([["brochure", new File(["x"], "report[2024].pdf")]], { ...limits, maxFieldBytes: 1024 })).toBeNull();
  });

  test("a part whose headers never end is unreadable", () => {
    const body = Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="a"${"x".repeat(4096)}\r\n--XyZ--\r\n`);
    expect(formBodyProblem("multipart/form-data; boundary=XyZ", body, PUBLIC_BODY_LIMITS)).toBe("unreadable");
  });

  test("a multipart body without a boundary every parser agrees on is unreadable", () => {
    expect(formBodyProblem("multipart/form-data", Buffer.from("x"), limits)).toBe("unreadable");
    expect(formBodyProblem('multipart/form-data; x="a;boundary=evil"; boundary=good', Buffer.from("x"), limits)).toBe("unreadable");
  });

  test("any number of fields of the platform's own encoding is counted exactly", async () => {
    const field = fc.tuple(
      fc.string({ minLength: 1, maxLength: 8 }).filter((name) => !/\[\d+\]/.test(name)),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 9 }), async (entries) => {
        const wide: BodyLimits = { ...limits, maxFieldBytes: 1024 };
        const expected = entries.length > limits.maxFields ? "too-many-fields" : null;
        expect(await multipartProblem(entries, wide)).toBe(expected);
        expect(formBodyProblem(URLENCODED, Buffer.from(new URLSearchParams(entries).toString()), wide)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe("multipartBoundary", () => {
  test.each([
    ["multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxk", "----WebKitFormBoundary7MA4YWxk"],
    ['multipart/form-data; boundary="quoted-boundary"', "quoted-boundary"],
    ["Multipart/Form-Data;BOUNDARY=abc ; charset=utf-8", "abc"],
    ["multipart/form-data", null],
    ["multipart/form-data; boundary=a; boundary=b", null],
    ['multipart/form-data; boundary="a\\"b"', null],
    ["multipart/form-data; xboundary=a", null],
    [`multipart/form-data; boundary=${"a".repeat(71)}`, null],
  ])("%s → %s", (contentType, boundary) => {
    expect(multipartBoundary(contentType)).toBe(boundary);
  });
});

test("bodies that are no form are left to their readers", () => {
  expect(formBodyProblem("application/json", Buffer.from("[1,2,3,4,5,6,7]"), limits)).toBeNull();
  expect(formBodyProblem(null, Buffer.from("a=1&b=2&c=3&d=4&e=5&f=6"), limits)).toBeNull();
});
