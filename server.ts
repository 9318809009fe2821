// The one server, in production and in development: migrations, demo content,
// security headers, body limits and refusals, then the Remix request handler.
// Production serves the built site (`node build/server.js`, a bundle of
// scripts/serve.ts and this file); `npm run dev` runs the same code from source
// with Vite in middleware mode for hot reload (decision 0019).
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { ViteDevServer } from "vite";
import { seedDemoContent } from "./db/seed";
import { keepDemoDropInOpen } from "./db/seed-batches";
import { ensureFirstAdmin } from "./app/services/accounts/admin-sign-in.server";
import { deleteExpiredSessions } from "./app/models/accounts/session.server";
import { startMailSender } from "./app/services/mail/sender.server";
import { startEventReminders } from "./app/services/events/event-reminders.server";
import { startRetentionJob } from "./app/services/privacy/retention.server";
import { startImageEncoder } from "./app/services/images/image-encoder.server";
import { startPaymentReconciliation } from "./app/services/payments/reconciliation.server";
import { db, migrateDatabase, refreshPlannerStatistics } from "./app/utils/db.server";
import { rateLimitKey } from "./app/utils/client-address.server";
import { describeDisabledFeatures, getEnv, trustProxySetting, type Env } from "./app/utils/env.server";
import { createPageCache } from "./app/utils/page-cache.server";
import { planRender } from "./app/services/site-build/shared-render.server";
import { largestBodyLimit } from "./app/utils/request-body.server";
import { allowedMethodsByPath, answerMethodsNodeRefuses, missingAllow } from "./app/utils/http-methods.server";
import { beforeHeadersGoOut, methodRefusal, refuseRequest, settleUnreadBody } from "./app/utils/request-guards.server";
import { securityHeaders } from "./app/utils/security-headers.server";
import { guardBuild, loadSiteBuild, refusalAnswer } from "./app/services/site-build/site-build.server";

const SESSION_SWEEP_MS = 60 * 60 * 1000;
// SQLite suggests refreshing the planner's statistics every few hours; a run that finds nothing changed costs microseconds.
const STATISTICS_REFRESH_MS = 4 * 60 * 60 * 1000;
// Container runtimes send SIGKILL 10 s after SIGTERM: leave time to close the database.
const SHUTDOWN_DEADLINE_MS = 8_000;

export type RunningServer = { httpServer: Server; stop(): Promise<void> };

export async function startServer(): Promise<RunningServer> {
  const env = getEnv();
  await prepareDatabase(env);
  const stopJobs = startJobs(env);

  const app = express();
  const httpServer = createServer(app);
  const site = env.NODE_ENV === "development" ? await developmentSite(httpServer) : await productionSite();
  const shutdown = shutdownOnSignals(httpServer, {
    // Vite's WebSocket would otherwise hold the server open. The jobs stop meanwhile:
    // mail in flight finishes and records its outcome before SQLite closes.
    whileDraining: async () => {
      await Promise.all([site.close(), stopJobs()]);
    },
    afterDrained: () => db.$client.close(),
  });

  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names.
  app.set("trust proxy", trustProxySetting(env));
  app.use(compression());
  app.use(shutdown.closeConnectionsWhenDone);

  const firstBuild = typeof site.build === "function" ? await site.build() : site.build;
  const bounds = {
    // No route takes more than this; each route's own limits apply when its action runs.
    maxBodyBytes: largestBodyLimit(firstBuild),
    allowedMethods: allowedMethodsByPath(firstBuild),
  };
  answerMethodsNodeRefuses(httpServer, (pathname) => {
    const answer = refusalAnswer(methodRefusal(bounds.allowedMethods(pathname)), false);
    return {
      headers: {
        ...securityHeaders(randomBytes(16).toString("base64"), env),
        ...answer.headers,
        "Content-Type": "application/json; charset=utf-8",
      },
      body: answer.body,
    };
  });
  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.set(securityHeaders(nonce, env));
    settleUnreadBody(req, res);
    beforeHeadersGoOut(res, (status) => {
      const allow = missingAllow(status, res.hasHeader("Allow"), () => bounds.allowedMethods(req.path));
      if (allow) res.setHeader("Allow", allow);
    });
    // Remix reads bodies itself; refuse unknown methods, cross-site writes and oversized bodies before it does.
    const refusal = refuseRequest(req, bounds, env.SITE_URL);
    if (refusal) {
      const answer = refusalAnswer(refusal, req.accepts(["json", "html"]) === "html");
      res.status(answer.status).set(answer.headers).type(answer.type).send(answer.body);
      return;
    }
    next();
  });

  app.use(site.assets);

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
    // A reset link and its message: rows no page shows.
    "/forgot-password",
    /^\/(api\/)?events\/[^/]+\/register$/,
    // An analytics choice shows only on the chooser's pages, whose stored copies it picks (decision 0036).
    /^\/consent(\.data)?$/,
  ];
  // In development a cached page would hide the edit just saved.
  if (env.NODE_ENV !== "development") {
    const planFor = (req: express.Request) => planRender(req, { anonymousEverywhere: env.PAGE_CACHE === "on" });
    app.use(createPageCache({ ttlMs: 10_000, maxEntries: 500, postsNoVisitorSees, planFor }).middleware);
  }

  app.all(
    "*",
    createRequestHandler({
      build: site.build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({
        cspNonce: String(res.locals.cspNonce),
        clientAddress: rateLimitKey(req.ip ?? req.socket.remoteAddress),
      }),
    }),
  );

  await new Promise<void>((resolve) => httpServer.listen(env.PORT, resolve));
  console.log(`Site running at http://localhost:${env.PORT}${env.NODE_ENV === "development" ? " (development, hot reload)" : ""}`);
  return { httpServer, stop: shutdown.stop };
}

/** Migrations, the demo content on an empty database, the first admin, and notes on what is switched off. */
async function prepareDatabase(env: Env) {
  migrateDatabase(db);
  const { seeded } = seedDemoContent(db);
  if (seeded) console.log("Seeded demo content into an empty database.");
  keepDemoDropInOpen(db);
  // An index a migration just made has no statistics yet, and the demo content is new: analyze them now, not hours later.
  refreshStatistics();
  for (const note of describeDisabledFeatures(env)) console.log(`Note: ${note}`);
  const adminNote = await ensureFirstAdmin(env);
  if (adminNote) console.log(adminNote);
}

function refreshStatistics() {
  try {
    refreshPlannerStatistics(db);
  } catch (error) {
    // ANALYZE writes sqlite_stat1: a briefly unwritable database (decision 0010) only delays it to the next run.
    console.warn("Could not refresh the query planner's statistics:", error);
  }
}

/** Work the process does besides answering requests; returns what stops it. */
function startJobs(env: Env): () => Promise<void> {
  // Expired sessions already read as signed out; this only keeps the table small.
  deleteExpiredSessions();
  const sessionSweep = setInterval(() => deleteExpiredSessions(), SESSION_SWEEP_MS).unref();
  // Sends the outbox over SMTP_URL; without it messages wait for an admin at /admin/outbox.
  const stopMailSender = startMailSender(env);
  // Queues event reminders as they fall due, whether or not mail is sent from here.
  const stopEventReminders = startEventReminders();
  // Settles payments whose webhook never came, as it would have.
  const stopReconciliation = startPaymentReconciliation(env);
  // Deletes enrollment leads and contact messages past the retention setting, and old sent mail's contents, once a day.
  const stopRetention = startRetentionJob();
  // Encodes uploaded images into their smaller variants, one at a time.
  const stopImageEncoder = startImageEncoder();
  // Keeps the query planner's statistics in step with tables that grow (db.server.ts says why).
  const statisticsRefresh = setInterval(refreshStatistics, STATISTICS_REFRESH_MS).unref();
  // The demo content's drop-in class stays open to join at any hour (db/seed-batches.ts); without demo content this does nothing.
  const demoDropIn = setInterval(() => keepDemoDropInOpen(db), 60 * 60 * 1000).unref();
  return async () => {
    clearInterval(sessionSweep);
    clearInterval(demoDropIn);
    clearInterval(statisticsRefresh);
    stopEventReminders();
    stopReconciliation?.();
    // A batch of mail contents being cleared commits before SQLite closes.
    await Promise.all([stopMailSender?.(), stopImageEncoder(), stopRetention()]);
  };
}

type Site = {
  /**
   * The Remix build with every action behind its body limits and storage-fault answers. Remix
   * derives the route tree once from a build object, and again on every request from a function.
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Files served before the request handler. */
  assets: RequestHandler;
  close: () => Promise<void>;
};

/** The built site from SITE_BUILD_DIR (build/). */
async function productionSite(): Promise<Site> {
  const { build, buildDir } = await loadSiteBuild();
  const assets = express.Router();
  // Express 4's type table predates AVIF: the seeded covers' variants would go out as octet-stream.
  express.static.mime.define({ "image/avif": ["avif"] });
  // Fingerprinted build assets never change; other public files may.
  assets.use("/assets", express.static(join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  assets.use(express.static(join(buildDir, "client"), { maxAge: "1h" }));
  return { build, assets, close: () => Promise.resolve() };
}

/**
 * The sources through Vite, which recompiles what changed and pushes it to the
 * browser over a WebSocket on this same server. Vite is a development tool:
 * imported only here, so a production install (`npm ci --omit=dev`) never needs it.
 */
async function developmentSite(httpServer: Server): Promise<Site> {
  const before = { sigterm: process.listeners("SIGTERM"), stdinEnd: process.stdin.listeners("end") };
  const vite: ViteDevServer = await import("vite").then(({ createServer }) =>
    createServer({ appType: "custom", server: { middlewareMode: true, hmr: { server: httpServer } } }),
  );
  // The Remix plugin's child compiler is a Vite server that exits the process on
  // SIGTERM (or when stdin ends) at once; this server shuts down in its own order.
  for (const listener of process.listeners("SIGTERM")) if (!before.sigterm.includes(listener)) process.off("SIGTERM", listener);
  for (const listener of process.stdin.listeners("end") as (() => void)[])
    if (!before.stdinEnd.includes(listener)) process.stdin.off("end", listener);
  // Each edit gives a new module: guard it once, so the body budget is shared by its requests.
  const guarded = new WeakMap<ServerBuild, ServerBuild>();
  const build = async () => {
    const raw = (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
    const cached = guarded.get(raw) ?? guardBuild(raw);
    guarded.set(raw, cached);
    return cached;
  };
  return { build, assets: vite.middlewares, close: () => vite.close() };
}

/**
 * SIGTERM or SIGINT: stop accepting connections, let the requests in flight
 * finish (their connections close after the answer), then stop the jobs, close
 * SQLite and exit 0. Past the deadline, open connections are cut.
 */
function shutdownOnSignals(httpServer: Server, steps: { whileDraining: () => Promise<void>; afterDrained: () => void }) {
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const deadline = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_DEADLINE_MS);
      const drained = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await Promise.all([drained, steps.whileDraining()]);
      clearTimeout(deadline);
      steps.afterDrained();
    })();
    return stopping;
  };
  // `on`, not `once`: a second signal must not find the default handler (or tsx's), which would exit at once.
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => {
      if (stopping) return;
      console.log(`${signal}: finishing the requests in flight, then stopping.`);
      const started = Date.now();
      stop().then(
        () => {
          console.log(`Stopped cleanly in ${Date.now() - started} ms.`);
          process.exit(0);
        },
        (error: unknown) => {
          console.error("Shutdown failed:", error);
          process.exit(1);
        },
      );
    });
  /** Once stopping, each answer ends its connection, so keep-alive clients cannot hold the server open. */
  const closeConnectionsWhenDone: RequestHandler = (_req, res, next) => {
    if (stopping) res.set("Connection", "close");
    // The connection is idle only once Node has detached this answer from it.
    res.once("finish", () => {
      if (stopping) setImmediate(() => httpServer.closeIdleConnections());
    });
    next();
  };
  return { stop, closeConnectionsWhenDone };
}
