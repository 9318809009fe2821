import { describe, expect, test } from "vitest";
import {
  BODY_TOO_LARGE_MESSAGE,
  CROSS_SITE_MESSAGE,
  isCrossSiteWrite,
  LENGTH_REQUIRED_MESSAGE,
  refuseRequest,
} from "./request-guards.server";

const request = (method: string, headers: Record<string, string>) => ({ method, headers: { host: "localhost:3000", ...headers } });

describe("isCrossSiteWrite", () => {
  test.each([
    ["a same-origin form post", "POST", { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" }, false],
    ["a post typed into the address bar or from a bookmark", "POST", { "sec-fetch-site": "none" }, false],
    ["a cross-site form post", "POST", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, true],
    ["a post from a sibling subdomain", "POST", { "sec-fetch-site": "same-site", origin: "http://blog.localhost:3000" }, true],
    ["an older browser: Origin of another host", "POST", { origin: "https://evil.example" }, true],
    ["an older browser: Origin of this host", "POST", { origin: "http://localhost:3000" }, false],
    ["a sandboxed frame (Origin: null)", "POST", { origin: "null" }, true],
    ["a DELETE from another site", "DELETE", { origin: "https://evil.example" }, true],
    ["curl or a webhook: neither header", "POST", {}, false],
    ["a cross-site GET (a link) is not a write", "GET", { "sec-fetch-site": "cross-site" }, false],
  ])("%s", (_, method, headers, refused) => {
    expect(isCrossSiteWrite(request(method, headers))).toBe(refused);
  });

  test("behind a proxy that rewrites Host, SITE_URL names the site", () => {
    const proxied = { method: "POST", headers: { host: "127.0.0.1:3000", origin: "https://academy.example" } };
    expect(isCrossSiteWrite(proxied)).toBe(true);
    expect(isCrossSiteWrite(proxied, "https://academy.example")).toBe(false);
  });
});

describe("refuseRequest", () => {
  const limits = { maxBodyBytes: 1024, allowedMethods: () => ["GET", "HEAD"] };
  test("cross-site writes are refused with 403 and the words for the visitor", () => {
    expect(refuseRequest(request("POST", { origin: "https://evil.example" }), limits)).toEqual({
      status: 403,
      message: CROSS_SITE_MESSAGE,
    });
  });
  test("a body without a length is refused with 411", () => {
    expect(refuseRequest(request("POST", { "transfer-encoding": "chunked" }), limits)).toEqual({
      status: 411,
      message: LENGTH_REQUIRED_MESSAGE,
    });
  });
  test("a body over the limit is refused with 413; one at the limit passes", () => {
    expect(refuseRequest(request("POST", { "content-length": "1025" }), limits)).toEqual({ status: 413, message: BODY_TOO_LARGE_MESSAGE });
    expect(refuseRequest(request("POST", { "content-length": "1024" }), limits)).toBeNull();
  });
  test("an ordinary GET passes", () => {
    expect(refuseRequest(request("GET", {}), limits)).toBeNull();
  });
});

describe("the payment provider's return", () => {
  test("may be posted from another site, to its own path only", () => {
    const crossSite = { origin: "https://api.razorpay.com", "sec-fetch-site": "cross-site" };
    expect(isCrossSiteWrite({ method: "POST", headers: crossSite, url: "/checkout/callback?retry=%2Fcheckout" })).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", headers: crossSite, url: "/checkout/callback/x" })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", headers: crossSite, url: "/checkout" })).toBe(true);
    expect(isCrossSiteWrite({ method: "DELETE", headers: crossSite, url: "/checkout/callback" })).toBe(true);
  });
});
