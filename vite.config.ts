import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig, type Rollup } from "vite";
import { clientChunk, licenseFile } from "./scripts/client-bundle";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Two warnings every build gave, about nothing wrong, are left out so a real one is seen:
 * - an empty browser chunk for each route with no browser code (a resource route: a file download,
 *   an OAuth redirect, an API answer); Remix makes a chunk per route all the same;
 * - "dynamically imported … but also statically imported" for a `deferredComponent`: its static
 *   import is the server's (`import.meta.env.SSR ? Thing : null`), a branch the browser build drops,
 *   so the browser still fetches the module as a chunk of its own (app/components/deferred-component.tsx).
 */
const reportWarning: NonNullable<Rollup.RollupOptions["onwarn"]> = (warning, report) => {
  if (warning.code === "EMPTY_BUNDLE") return;
  if (warning.plugin === "vite:reporter" && warning.message.includes("dynamic import will not move module into another chunk")) return;
  report(warning);
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    tailwindcss(),
    licenseFile(),
    // The Remix plugin compiles routes; vitest only needs plain modules.
    !process.env.VITEST &&
      remix({
        // Separate build folders let several test runs share one checkout.
        buildDirectory: process.env.SITE_BUILD_DIR ?? "build",
        ignoredRouteFiles: ["**/*"],
        routes: async (defineRoutes) =>
          flatRoutes("routes", defineRoutes, {
            ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.ts"],
          }),
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
  ],
  ssr: { external: ["better-sqlite3"] },
  build: {
    target: "es2022",
    rollupOptions: { output: { manualChunks: isSsrBuild ? undefined : clientChunk }, onwarn: reportWarning },
  },
}));
