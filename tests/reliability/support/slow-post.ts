import http from "node:http";

// Posts whose bodies arrive slowly: the headers and most of the body go at
// once, the last bytes only when the test releases them. A route that checks
// something before it has read the body has then checked it for every post
// before any of them can finish.

export type SlowAnswer = { status: number; location: string | null; text: string };

export type SlowPost = {
  /** Resolves once the headers and the first part of the body have left for the server. */
  opened: Promise<void>;
  /** Sends the rest of the body, a byte at a time, and resolves with the answer. */
  finish(): Promise<SlowAnswer>;
};

export function startSlowPost(
  url: string,
  options: { body: string; contentType: string; cookie: string; accept: string; clientAddress?: string },
): SlowPost {
  const body = Buffer.from(options.body);
  const target = new URL(url);
  const request = http.request({
    host: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    method: "POST",
    // One connection per post: a shared keep-alive socket would queue them.
    agent: false,
    headers: {
      "Content-Type": options.contentType,
      "Content-Length": String(body.length),
      Accept: options.accept,
      Cookie: options.cookie,
      // Believed only by a server started with TRUST_PROXY=loopback.
      ...(options.clientAddress ? { "X-Forwarded-For": options.clientAddress } : {}),
    },
  });
  const answer = new Promise<SlowAnswer>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, text }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  const held = 3;
  const opened = new Promise<void>((resolve, reject) =>
    request.write(body.subarray(0, body.length - held), (error) => (error ? reject(error) : resolve())),
  );
  return {
    opened,
    async finish() {
      for (let index = body.length - held; index < body.length; index++) {
        await new Promise<void>((resolve, reject) =>
          request.write(body.subarray(index, index + 1), (error) => (error ? reject(error) : resolve())),
        );
      }
      request.end();
      return answer;
    },
  };
}

/**
 * Every slow post opened, then the last bytes held back for half a second
 * while the server answers other requests (it verifies each post's signed
 * session cookie on its thread pool, so one round trip is not enough), then
 * all bodies finished at once.
 */
export async function raceSlowPosts(posts: SlowPost[], siteUrl: string, holdMs = 500): Promise<SlowAnswer[]> {
  await Promise.all(posts.map((post) => post.opened));
  const until = performance.now() + holdMs;
  while (performance.now() < until) await (await fetch(`${siteUrl}/healthz`)).arrayBuffer();
  return Promise.all(posts.map((post) => post.finish()));
}
