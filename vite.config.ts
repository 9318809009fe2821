import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig } from "vite";
import { clientChunk, licenseFile } from "./scripts/client-bundle";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

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
    rollupOptions: { output: { manualChunks: isSsrBuild ? undefined : clientChunk } },
  },
}));
