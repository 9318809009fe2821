import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import {
  BODY_TOO_LARGE_MESSAGE,
  CROSS_SITE_MESSAGE,
  isCrossSiteWrite,
  LENGTH_REQUIRED_MESSAGE,
  refuseRequest,
  settleUnreadBody,
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
  const limits = { maxBodyBytes: 1024 };
  test("cross-site writes are refused with 403 and the words for the visitor", () => {
    expect(refuseRequest(request("POST", { origin: "https://evil.example" }), limits)).toEqual({ status: 403, message: CROSS_SITE_MESSAGE });
  });
  test("a body without a length is refused with 411", () => {
    expect(refuseRequest(request("POST", { "transfer-encoding": "chunked" }), limits)).toEqual({ status: 411, message: LENGTH_REQUIRED_MESSAGE });
  });
  test("a body over the limit is refused with 413; one at the limit passes", () => {
    expect(refuseRequest(request("POST", { "content-length": "1025" }), limits)).toEqual({ status: 413, message: BODY_TOO_LARGE_MESSAGE });
    expect(refuseRequest(request("POST", { "content-length": "1024" }), limits)).toBeNull();
  });
  test("an ordinary GET passes", () => {
    expect(refuseRequest(request("GET", {}), limits)).toBeNull();
  });
});

describe("settleUnreadBody", () => {
  /** A server that answers at once without reading the body, as a refusal does; it holds the body stream as Remix's adapter does. */
  async function refusingServer() {
    const server = createServer((req, res) => {
      settleUnreadBody(req, res);
      req.on("data", () => req.pause());
      res.end("refused");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, port: (server.address() as AddressInfo).port };
  }

  /** Sends the head and the first 64 KB, waits for the answer, then sends the rest as a browser would; what came back, and how the connection ended. */
  function post(port: number, length: number, connection: string, then?: string) {
    return new Promise<{ received: string; ended: "closed" | "open" }>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let received = "";
      socket.on("connect", () => {
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\nConnection: ${connection}\r\nContent-Length: ${length}\r\n\r\n`);
        socket.write(Buffer.alloc(64 * 1024, 0x61));
      });
      socket.once("data", () => {
        socket.write(Buffer.alloc(length - 64 * 1024, 0x61), () => {
          if (then) socket.write(then);
          setTimeout(() => (socket.destroy(), resolve({ received, ended: "open" })), 300);
        });
      });
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ received, ended: "closed" }));
    });
  }

  test("a body over 1 MB left unread: the answer arrives whole, then the server closes, even when the client asked to close", async () => {
    const { server, port } = await refusingServer();
    for (const connection of ["keep-alive", "close"]) {
      const answer = await post(port, 3 * 1024 * 1024, connection);
      expect(answer.received, connection).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*refused$/);
      expect(answer.ended, connection).toBe("closed");
    }
    server.close();
  });

  test("a smaller one is read and dropped, and the connection serves the next request", async () => {
    const { server, port } = await refusingServer();
    const answer = await post(port, 512 * 1024, "keep-alive", "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer.received.match(/refused/g)).toHaveLength(2);
    server.close();
  });
});
