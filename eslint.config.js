// One lint for the whole tree: TypeScript, React hooks and accessibility in JSX.
// Formatting is Prettier's job (`npm run lint` runs both).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

// The layers (docs/decisions/0020-layers-and-homes.md). Each rule is a regex
// over the import path, so it holds for `~/…` and relative paths alike.
const layer = {
  // A route folder's `__*` files are its own: another folder (or anything
  // outside app/routes) must not reach in. Shared pieces live in app/components,
  // app/models, app/services or app/utils.
  routePrivate: {
    regex: "(^~/routes/|^(\\.\\./)+).*/__[^/]*$",
    message:
      "A route folder's __ files are private to it: move what is shared to app/components (UI) or app/models, app/services, app/utils (logic).",
  },
  // Models are below services: a service may call a model, never the reverse.
  services: {
    regex: "(^~/services/|/services/)",
    message: "Models never import services: call the service from the route or service that calls the model.",
  },
  // Schemas are shared with the browser and describe input; they know nothing of storage.
  models: {
    regex: "(^~/models/|/models/)",
    message: "Schemas never import models: define the input type in the schema and let the model import it.",
  },
  // What the browser bundle may not contain. Type-only imports are erased, so they stay allowed.
  serverOnly: {
    regex: "\\.server$",
    allowTypeImports: true,
    message: "Client modules never import *.server modules (only route modules may, for their loader and action).",
  },
  // Utils are the bottom layer: pure helpers any layer may use, so they use none above them.
  utilsBelow: {
    regex: "(^~/(models|services)/|/(models|services)/)",
    allowTypeImports: true,
    message: "Utils import neither models nor services: move the module to app/services (or pass what it needs in).",
  },
  dbSchema: {
    regex: "/db/schema$",
    allowTypeImports: true,
    message: "db/schema brings Drizzle into the browser bundle: import value lists from db/enums, data through a loader.",
  },
};
const restrict = (...patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });
const TESTS = ["**/*.test.{ts,tsx}"];
// Non-`.server` modules under app/ that the browser may load, route modules aside.
const CLIENT_MODULES = [
  "app/components/**/*.{ts,tsx}",
  "app/content/**/*.{ts,tsx}",
  "app/utils/**/*.{ts,tsx}",
  "app/services/**/*.{ts,tsx}",
  "app/routes/**/__*.{ts,tsx}",
  "app/entry.client.tsx",
];

export default tseslint.config(
  { ignores: ["build/", "build-*/", "node_modules/", "data/", "tmp/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A table that scrolls sideways is a focusable region so keyboard users can scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No import cycles: a cycle means two capabilities each need the other, so neither has one home
    // (and module initialisation order starts to matter).
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "scripts/**/*.ts", "server.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/models/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: restrict(layer.services, layer.routePrivate),
  },
  {
    files: ["app/schemas/**/*.{ts,tsx}"],
    ignores: TESTS,
    // A pattern that allows type imports allows them for every path it matches,
    // so the *.server rule here leaves models to the stricter rule before it.
    rules: restrict(layer.models, { ...layer.serverOnly, regex: "^(?!.*models/).*\\.server$" }, layer.dbSchema, layer.routePrivate),
  },
  {
    files: CLIENT_MODULES,
    ignores: [...TESTS, "**/*.server.{ts,tsx}"],
    rules: restrict(layer.serverOnly, layer.dbSchema, layer.routePrivate),
  },
  {
    // Route modules: their loader and action may import server code (Remix keeps
    // it out of the browser), but tables are reached through models.
    files: ["app/root.tsx", "app/routes/**/*.{ts,tsx}"],
    ignores: [...TESTS, "app/routes/**/__*"],
    rules: restrict(layer.dbSchema, layer.routePrivate),
  },
  {
    files: ["app/services/**/*.server.{ts,tsx}", "app/utils/**/*.server.{ts,tsx}", "app/routes/**/__*.server.{ts,tsx}"],
    ignores: TESTS,
    rules: restrict(layer.routePrivate),
  },
  {
    files: ["app/utils/**/*.{ts,tsx}"],
    ignores: [...TESTS, "**/*.server.{ts,tsx}"],
    rules: restrict(layer.serverOnly, layer.dbSchema, layer.routePrivate, layer.utilsBelow),
  },
  {
    files: ["app/utils/**/*.server.{ts,tsx}", "db/**/*.ts"],
    ignores: TESTS,
    rules: restrict(layer.routePrivate, layer.utilsBelow),
  },
  {
    // Each outside system's SDK is spoken by one home only, so changing or faking it touches one folder.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "scripts/**/*.ts", "server.ts"],
    // Tests drive the protocol fakes through the real SDKs.
    ignores: [...TESTS, "app/services/payments/stripe/**", "app/services/payments/razorpay/**", "app/services/mail/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "stripe", message: "Only app/services/payments/stripe/ speaks to Stripe's SDK." },
            { name: "razorpay", message: "Only app/services/payments/razorpay/ speaks to Razorpay's SDK." },
            { name: "nodemailer", message: "Only app/services/mail sends mail." },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures name what they need in a destructured first argument, empty when nothing.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
