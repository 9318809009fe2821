// Production server: migrations, demo content, static files, security
// headers and the Remix request handler. `npm start` runs this through
// scripts/start.ts, which builds first when the build is missing or stale.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { seedDemoContent } from "./db/seed";
import { ensureFirstAdmin } from "./app/services/admin-sign-in.server";
import { deleteExpiredSessions } from "./app/models/session.server";
import { isAdminSignedIn } from "./app/utils/admin-session.server";
import { startMailSender } from "./app/services/mail/sender.server";
import { db, migrateDatabase } from "./app/utils/db.server";
import { rateLimitKey } from "./app/utils/client-address.server";
import { describeDisabledFeatures, getEnv, trustProxySetting } from "./app/utils/env.server";
import { createPageCache } from "./app/utils/page-cache.server";
import { planRender } from "./app/utils/shared-render.server";
import { largestBodyLimit, withBodyLimits } from "./app/utils/request-body.server";
import { refuseRequest, settleUnreadBody } from "./app/utils/request-guards.server";
import { securityHeaders } from "./app/utils/security-headers.server";
import { withStorageFaultAnswers } from "./app/utils/storage-faults.server";

// Request bodies held at once, all requests together: two of the largest
// uploads (16 MB), or hundreds of ordinary form posts (decision 0014).
const IN_FLIGHT_BODY_BYTES = 32 * 1024 * 1024;
const SESSION_SWEEP_MS = 60 * 60 * 1000;

export async function startServer() {
  const env = getEnv();
  migrateDatabase(db);
  const { seeded } = seedDemoContent(db);
  if (seeded) console.log("Seeded demo content into an empty database.");
  for (const note of describeDisabledFeatures(env)) console.log(`Note: ${note}`);
  const adminNote = await ensureFirstAdmin(env);
  if (adminNote) console.log(adminNote);
  // Expired sessions already read as signed out; this only keeps the table small.
  deleteExpiredSessions();
  setInterval(() => deleteExpiredSessions(), SESSION_SWEEP_MS).unref();
  // Sends the outbox over SMTP_URL; without it messages wait for an admin at /admin/outbox.
  startMailSender(env);

  const buildDir = resolve(process.env.SITE_BUILD_DIR ?? "build");
  const buildPath = pathToFileURL(join(buildDir, "server/index.js"));
  if (!existsSync(buildPath)) throw new Error("No build found: run `npm run build` first.");
  const build = withStorageFaultAnswers(
    withBodyLimits((await import(buildPath.href)) as ServerBuild, { inFlightBytes: IN_FLIGHT_BODY_BYTES, isAdminSignedIn }),
  );
  // No route takes more than this; each route's own limits apply when its action runs.
  const maxBodyBytes = largestBodyLimit(build);

  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names.
  app.set("trust proxy", trustProxySetting(env));
  app.use(compression());

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.set(securityHeaders(nonce, env));
    settleUnreadBody(req, res);
    // Remix reads bodies itself; refuse cross-site writes and oversized bodies before it does.
    const refusal = refuseRequest(req, { maxBodyBytes }, env.SITE_URL);
    if (refusal) {
      res.status(refusal.status);
      if (req.accepts(["json", "html"]) === "html") res.type("html").send(refusalPage(refusal.message));
      else res.json({ message: refusal.message });
      return;
    }
    next();
  });

  // Fingerprinted build assets never change; other public files may.
  app.use("/assets", express.static(join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(join(buildDir, "client"), { maxAge: "1h" }));

  // What these posts store shows on no page an anonymous visitor gets (lists show
  // an event's capacity, not its seats left): they must not empty the cache for everyone.
  const postsNoVisitorSees = [
    "/api/chat/query",
    "/chat",
    "/contact",
    "/api/contact",
    "/newsletter",
    "/api/newsletter",
    "/enrollment-form",
    "/api/enrollment-forms",
    /^\/(api\/)?events\/[^/]+\/register$/,
  ];
  const planFor = (req: express.Request) => planRender(req, { anonymousEverywhere: env.PAGE_CACHE === "on" });
  app.use(createPageCache({ ttlMs: 10_000, maxEntries: 500, postsNoVisitorSees, planFor }).middleware);

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce),
        clientAddress: rateLimitKey(req.ip ?? req.socket.remoteAddress),
      }),
    }),
  );

  return new Promise<void>((resolve) => {
    app.listen(env.PORT, () => {
      console.log(`Site running at http://localhost:${env.PORT}`);
      resolve();
    });
  });
}

/** A plain page for a refused form post (the visitor's browser shows it). */
function refusalPage(message: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request refused</title></head><body><main><h1>Request refused</h1><p>${message}</p><p><a href="/">Back to Home</a></p></main></body></html>`;
}
