import fc from "fast-check";
import type { Endpoint, SiteIds } from "./fuzz-catalogue";
import { RELIABILITY_SECRETS } from "./production-server";

// The generated bodies: each endpoint's real field names, filled with
// plausible values (so some requests get past validation) mixed with hostile
// ones, then sent in the encodings a form or an API client could use, and
// several they should not.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const HUGE = 100 * 1024;

export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\r\n",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "1; DELETE FROM courses WHERE 1=1",
  "admin'--",
  "' UNION SELECT password_hash FROM admins --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg/onload=alert(1)>',
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/phish",
  "https://evil.example/",
  "../../../../etc/passwd",
  "{{7*7}}${7*7}<%= 7*7 %>",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF lone low surrogate",
  "\u202Eevil\u202C",
  "\u200B\u200C\u200D\uFEFF",
  "👩🏽‍💻🇮🇳🔥",
  "Z̷̧̛a̸̢̛l̵̨̛g̶̡̛o̷̢̕",
  "मराठी हिन्दी தமிழ்",
  "ﷺ\u0301\u0301\u0301",
  "%00%ff%2e%2e%2f",
  "-1",
  "0",
  "-0",
  "1e309",
  "NaN",
  "Infinity",
  "99999999999999999999999999",
  "4999.999",
  "1,000",
  "true",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "constructor",
  "on",
  "2030-02-30",
  "25:61",
  "a".repeat(300),
];

const hugeString = fc.constantFrom("A".repeat(HUGE), "😀".repeat(HUGE / 4), "<b>".repeat(HUGE / 3), "9".repeat(HUGE));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom("\uD800", "\uDC00", "\u0000", "\u202E", "\u200B", "'", "<", "%"), maxLength: 30 }),
  },
  { weight: 1, arbitrary: hugeString },
);

/** Values of the wrong type for a field (JSON keeps them; a form can only carry their text). */
const wrongType: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [null], { $gt: "" }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.constantFrom<JsonValue>("a", 1, null), { maxLength: 4 }),
  fc.dictionary(fc.constantFrom("a", "__proto__", "constructor", "$where"), fc.constantFrom<JsonValue>("x", 1, null), { maxKeys: 3 }),
);

const deepNesting = fc.integer({ min: 50, max: 300 }).map((depth) => {
  let value: JsonValue = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

/**
 * Query values stay under a few KB: Node refuses a request line and headers over
 * 16 KB itself (431, before the app), the same limit browsers and proxies keep.
 */
const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

export const hostileValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: wrongType },
  { weight: 1, arbitrary: deepNesting },
);

/** A value that could pass the field's rules, so validation and what follows it are reached too. */
export function plausibleValue(field: string, ids: SiteIds): fc.Arbitrary<JsonValue> {
  const unique = fc.integer({ min: 1, max: 2 ** 30 }).map(String);
  const table: Record<string, fc.Arbitrary<JsonValue>> = {
    email: unique.map((n) => `fuzz-${n}@example.test`),
    password: fc.constantFrom("correct horse battery", "short", RELIABILITY_SECRETS.ADMIN_PASSWORD),
    adminId: fc.constantFrom("reliability-admin", "nobody"),
    phone: fc.constantFrom("+91 98765 43210", "9876543210"),
    whatsappNumber: fc.constantFrom("+91 98765 43210", 9876543210),
    name: fc.constantFrom("Asha Rao", "Vikram Singh"),
    firstName: fc.constantFrom("Asha"),
    lastName: fc.constantFrom("Rao"),
    subject: fc.constantFrom("Course question"),
    message: fc.constantFrom("When does the next batch start?"),
    consent: fc.constantFrom(true, "on"),
    adult: fc.constantFrom("on"),
    question: fc.constantFrom("What courses do you offer?", "How do I enroll?"),
    title: unique.map((n) => `Fuzz title ${n}`),
    slug: unique.map((n) => `fuzz-post-${n}`),
    excerpt: fc.constantFrom("A short summary."),
    content: fc.constantFrom("<p>Hello <strong>traders</strong></p>", "Plain text content"),
    description: fc.constantFrom("A description long enough to read."),
    shortDescription: fc.constantFrom("Short description."),
    duration: fc.constantFrom("6 weeks", "90", 60),
    level: fc.constantFrom("beginner", "advanced"),
    price: fc.constantFrom("4999", "0", 4999, "4999.50"),
    originalPrice: fc.constantFrom("5999", ""),
    eventType: fc.constantFrom("webinar", "workshop"),
    eventDate: fc.constantFrom("2031-03-10T10:00:00.000Z", "2031-03-10T10:00"),
    date: fc.constantFrom("2031-03-10"),
    time: fc.constantFrom("10:30"),
    maxParticipants: fc.constantFrom("50", 50, ""),
    category: fc.constantFrom("education", "strategy"),
    tags: fc.constantFrom("forex, risk", ["forex", "risk"]),
    rating: fc.constantFrom("5", 4),
    code: unique.map((n) => `FUZZ${n}`),
    couponCode: fc.constantFrom("WELCOME10", "NOPE"),
    kind: fc.constantFrom("percent", "amount"),
    percentOff: fc.constantFrom("10", 10),
    amountOff: fc.constantFrom("500", 500),
    expiresOn: fc.constantFrom("2031-12-31", ""),
    maxRedemptions: fc.constantFrom("100", ""),
    courseId: fc.constantFrom<JsonValue>(ids.courseId, String(ids.courseId)),
    courseOrEventId: fc.constantFrom<JsonValue>(ids.courseId, String(ids.courseId)),
    courseOrEvent: fc.constantFrom(`course:${ids.courseId}`, `event:${ids.eventId}`),
    courseOrEventType: fc.constantFrom("course", "event"),
    enrollmentFormId: fc.constantFrom<JsonValue>(ids.enrollmentFormId),
    paymentIntentId: fc.constantFrom("pi_fuzz_0001"),
    amount: fc.constantFrom(4999, 1),
    age: fc.constantFrom("30", 30),
    state: fc.constantFrom("Maharashtra"),
    city: fc.constantFrom("Pune"),
    country: fc.constantFrom("India"),
    experienceLevel: fc.constantFrom("Beginner"),
    sourceOfLead: fc.constantFrom("YouTube"),
    trainingPreference: fc.constantFrom("online"),
    terms: fc.constantFrom("on"),
    isActive: fc.constantFrom<JsonValue>("on", true, false),
    isPublished: fc.constantFrom<JsonValue>("on", true, false),
    isApproved: fc.constantFrom<JsonValue>("on", true, false),
    id: fc.constantFrom<JsonValue>(String(ids.postId), String(ids.testimonialId), String(ids.messageId)),
    dataset: fc.constantFrom("users", "all-data", "nope"),
    redirectTo: fc.constantFrom("/courses", "//evil.example", "https://evil.example/x"),
    returnTo: fc.constantFrom("/admin/users", "//evil.example"),
    imageUrl: fc.constantFrom("https://example.test/a.png", ""),
    features: fc.constantFrom("Live classes\nRecorded replays"),
    specialization: fc.constantFrom("Options\nForex"),
    bio: fc.constantFrom("Mentor bio."),
    displayOrder: fc.constantFrom("1", 1),
    type: fc.constantFrom("payment_intent.succeeded", "checkout.session.completed"),
  };
  return table[field] ?? fc.constantFrom<JsonValue>("Sample text");
}

/** Fields a client must never be able to set. */
export const EXTRA_FIELDS = [
  "isAdmin",
  "role",
  "price",
  "__proto__",
  "constructor",
  "paymentStatus",
  "userId",
  "id",
  "pricePaise",
  "admin",
];

export type Encoding =
  | "json"
  | "json-top-level"
  | "malformed-json"
  | "json-as-text"
  | "urlencoded"
  | "invalid-percent"
  | "multipart"
  | "multipart-broken"
  | "text"
  | "xml"
  | "none";

export type FuzzCase = {
  identity: Endpoint["identities"][number];
  encoding: Encoding;
  body: Record<string, JsonValue>;
  query: Record<string, string>;
  topLevel: JsonValue;
  malformed: string;
};

const PAGE_ENCODINGS: fc.WeightedArbitrary<Encoding>[] = [
  { weight: 5, arbitrary: fc.constant("urlencoded") },
  { weight: 5, arbitrary: fc.constant("multipart") },
  { weight: 1, arbitrary: fc.constant("invalid-percent") },
  { weight: 1, arbitrary: fc.constant("multipart-broken") },
  { weight: 1, arbitrary: fc.constant("json") },
  { weight: 1, arbitrary: fc.constant("text") },
  { weight: 1, arbitrary: fc.constant("xml") },
  { weight: 1, arbitrary: fc.constant("none") },
];
const API_ENCODINGS: fc.WeightedArbitrary<Encoding>[] = [
  { weight: 8, arbitrary: fc.constant("json") },
  { weight: 1, arbitrary: fc.constant("json-top-level") },
  { weight: 2, arbitrary: fc.constant("malformed-json") },
  { weight: 1, arbitrary: fc.constant("json-as-text") },
  { weight: 1, arbitrary: fc.constant("urlencoded") },
  { weight: 1, arbitrary: fc.constant("multipart") },
  { weight: 1, arbitrary: fc.constant("text") },
  { weight: 1, arbitrary: fc.constant("xml") },
  { weight: 1, arbitrary: fc.constant("none") },
];

const MALFORMED_JSON = [
  "{",
  '{"email":',
  "{'email': 'a@b.c'}",
  '{"a":1,}',
  "NaN",
  "\u0000",
  "[1,2",
  '{"a":"\uD800"',
  '"unterminated',
  "{}}",
];

/** One request's worth of generated input for `endpoint`. */
export function fuzzCase(endpoint: Endpoint, ids: SiteIds): fc.Arbitrary<FuzzCase> {
  const fieldValue = (field: string) =>
    fc.oneof({ weight: 3, arbitrary: plausibleValue(field, ids) }, { weight: 3, arbitrary: hostileValue });
  const intentFields: Record<string, fc.Arbitrary<JsonValue>> = endpoint.intents
    ? {
        intent: fc.oneof({ weight: 3, arbitrary: fc.constantFrom<JsonValue>(...endpoint.intents) }, { weight: 1, arbitrary: hostileValue }),
      }
    : {};
  const own = Object.fromEntries(endpoint.fields.map((field) => [field, fieldValue(field)]));
  const extras = Object.fromEntries(
    EXTRA_FIELDS.map((field) => [field, fc.oneof(hostileValue, fc.constantFrom<JsonValue>(true, "admin", 0))]),
  );
  const body = fc
    .tuple(
      // Each field may be left out (requiredKeys: none).
      fc.record({ ...own, ...intentFields }, { requiredKeys: [] }),
      fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.record(extras, { requiredKeys: [] }) }),
    )
    .map(([fields, extra]) => {
      const body: Record<string, JsonValue> = {};
      for (const [key, value] of Object.entries({ ...extra, ...fields }))
        if (value !== undefined)
          // defineProperty: a "__proto__" key stays an own field that JSON and forms carry, not the prototype.
          Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      return body;
    });
  const query: fc.Arbitrary<Record<string, string>> = endpoint.query
    ? fc.record(
        Object.fromEntries(endpoint.query.map((key) => [key, fc.oneof(queryString, fc.constantFrom("1", "500", "501", "0", "-5", "x"))])),
        {
          requiredKeys: [],
        },
      )
    : fc.constant({});
  const encodings =
    endpoint.method === "GET"
      ? [{ weight: 1, arbitrary: fc.constant<Encoding>("none") }]
      : endpoint.kind === "page"
        ? PAGE_ENCODINGS
        : API_ENCODINGS;
  return fc.record({
    identity: fc.constantFrom(...endpoint.identities),
    encoding: fc.oneof(...encodings),
    body,
    query,
    topLevel: fc.oneof(
      fc.constantFrom<JsonValue>(null, [], "text", 42, true),
      fc.array(fc.constant<JsonValue>({ email: "a@b.c" }), { maxLength: 3 }),
    ),
    malformed: fc.constantFrom(...MALFORMED_JSON),
  });
}

/** A field's value as the text a form carries (a form cannot carry types). */
function asFormText(value: JsonValue): string[] {
  if (Array.isArray(value)) return value.length ? value.flatMap(asFormText) : [""];
  if (value !== null && typeof value === "object") return [JSON.stringify(value)];
  return [String(value)];
}

export type EncodedBody = { contentType?: string; body?: BodyInit };

export function encodeBody(fuzz: FuzzCase, endpoint: Endpoint): EncodedBody {
  const entries = Object.entries(fuzz.body);
  switch (fuzz.encoding) {
    case "json":
      return { contentType: "application/json", body: JSON.stringify(fuzz.body) };
    case "json-top-level":
      return { contentType: "application/json", body: JSON.stringify(fuzz.topLevel) };
    case "malformed-json":
      return { contentType: "application/json", body: fuzz.malformed };
    case "json-as-text":
      return { contentType: "text/plain", body: JSON.stringify(fuzz.body) };
    case "urlencoded": {
      const form = new URLSearchParams();
      for (const [key, value] of entries) for (const text of asFormText(value)) form.append(key, text);
      return { contentType: "application/x-www-form-urlencoded", body: form.toString() };
    }
    case "invalid-percent": {
      // Percent escapes that decode to invalid UTF-8, or are not escapes at all.
      const broken = ["%FF%FE", "%E0%A4", "%", "%zz", "%C0%AF", "%ED%A0%80"];
      const text = entries.map(([key], index) => `${encodeURIComponent(key)}=${broken[index % broken.length]}`).join("&");
      return { contentType: "application/x-www-form-urlencoded", body: text || "%FF=%FF" };
    }
    case "multipart": {
      const form = new FormData();
      for (const [key, value] of entries) for (const text of asFormText(value)) form.append(key, text);
      // The upload forms' file fields: a file of the wrong kind, an empty one, a script named like an image.
      for (const field of endpoint.files ?? []) {
        form.append(field, new Blob(["<script>alert(1)</script>"], { type: "image/png" }), `${field}.png`);
      }
      form.append("stray", new Blob([new Uint8Array([0, 255, 1])], { type: "application/octet-stream" }), "../../evil.sh");
      return { body: form };
    }
    case "multipart-broken":
      return {
        contentType: "multipart/form-data; boundary=fuzz",
        body: '--fuzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated',
      };
    case "text":
      return { contentType: "text/plain", body: entries.map(([key, value]) => `${key}=${asFormText(value).join(",")}`).join("\n") };
    case "xml":
      return {
        contentType: "application/xml",
        body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><form>${entries.map(([key]) => `<${key.replace(/\W/g, "_") || "f"}>&xxe;</${key.replace(/\W/g, "_") || "f"}>`).join("")}</form>`,
      };
    case "none":
      return {};
  }
}
