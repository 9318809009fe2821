// Production server: migrations, demo content, static files, security
// headers and the Remix request handler. `npm start` runs this through
// scripts/start.ts, which builds first when the build is missing or stale.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { seedDemoContent } from "./db/seed";
import { ensureFirstAdmin } from "./app/services/admin-auth.server";
import { deleteExpiredSessions } from "./app/models/session.server";
import { startMailSender } from "./app/services/mail/sender.server";
import { db, migrateDatabase } from "./app/utils/db.server";
import { rateLimitKey } from "./app/utils/client-address.server";
import { describeDisabledFeatures, getEnv, trustProxySetting } from "./app/utils/env.server";
import { createPageCache } from "./app/utils/page-cache.server";
import { refuseRequest, settleUnreadBody } from "./app/utils/request-guards.server";
import { securityHeaders } from "./app/utils/security-headers.server";
import { loadSiteBuild, refusalAnswer } from "./app/utils/site-build.server";

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

  const { build, maxBodyBytes, buildDir } = await loadSiteBuild();

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
      const answer = refusalAnswer(refusal, req.accepts(["json", "html"]) === "html");
      res.status(answer.status).type(answer.type).send(answer.body);
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
  app.use(createPageCache({ ttlMs: 10_000, maxEntries: 500, postsNoVisitorSees }).middleware);

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
