// How the browser's code is bundled (decision 0039): the code the home page
// loads first comes in two files instead of two dozen (a gzip stream per file
// compresses small modules badly, and each file costs a request), and the
// libraries' license notices move to one file beside the scripts.
import { basename } from "node:path";
import type { Plugin } from "vite";

interface ChunkMeta {
  getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}

const APP_DIR = new URL("../app/", import.meta.url).pathname;
// The browser's entry (React's hydrateRoot) too: every page loads it, so it belongs with the shell.
const SHELL_ROOTS = ["entry.client.tsx", "root.tsx", "routes/_site+/_layout.tsx"];
const HOME_ROOTS = ["routes/_site+/_index.tsx"];
const FORM_FIELDS = new Set([
  ...["components/forms.tsx", "schemas/fields.ts", "utils/money.ts"].map((path) => APP_DIR + path),
  // The tables' value lists (a form's choices), beside the app folder.
  new URL("../db/enums.ts", import.meta.url).pathname,
]);

function reachable(roots: string[], meta: ChunkMeta, skip: Set<string>): Set<string> {
  const found = new Set<string>();
  const queue = roots.map((root) => APP_DIR + root);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id) || skip.has(id)) continue;
    const info = meta.getModuleInfo(id);
    // Code the page fetches later (import()) keeps a file of its own.
    if (!info || info.dynamicImporters.length > 0) continue;
    found.add(id);
    queue.push(...info.importedIds);
  }
  return found;
}

type Groups = { shell: Set<string>; home: Set<string> };
// Worked out once per build (Rollup hands every call of a build the same getModuleInfo).
const groupsOfBuild = new WeakMap<ChunkMeta["getModuleInfo"], Groups>();

function groupsOf(meta: ChunkMeta): Groups {
  let groups = groupsOfBuild.get(meta.getModuleInfo);
  if (!groups) {
    const shell = reachable(SHELL_ROOTS, meta, new Set());
    groups = { shell, home: reachable(HOME_ROOTS, meta, shell) };
    groupsOfBuild.set(meta.getModuleInfo, groups);
  }
  return groups;
}

/** The browser build's manualChunks: which named file a module goes to (undefined: Rollup decides). */
export function clientChunk(id: string, meta: ChunkMeta): string | undefined {
  const groups = groupsOf(meta);
  if (groups.shell.has(id)) return "site-shell";
  // A module the page fetches later gets a file of its own: left unnamed, Rollup would put it in
  // the chunk of a group that imports it (for the server's render) even where the browser never does.
  if (id.startsWith(APP_DIR) && (meta.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return basename(id).replace(/\.tsx?$/, "");
  if (groups.home.has(id)) return "home-sections";
  // The form fields and field rules every form page shares: left to Rollup they land in the
  // checkout's card-payment file, and every page with a form then loads Stripe's scripts with them.
  if (FORM_FIELDS.has(id)) return "form-fields";
  // Any other library gets a file of its own: left to Rollup, a library several pages share (the
  // form schemas' zod) lands in whichever page's file it met first, which every page then loads.
  const library = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
  if (library) return `lib-${library.replace("@", "").replace("/", "-")}`;
  return undefined;
}

/** The file the notices go to, under the client build's assets. */
const LICENSE_FILE = "assets/third-party-licenses.txt";
// A legal comment as esbuild keeps it in minified code: "/**", a newline, lines that open with " *"
// and " */" (so "*/*" in a string is never taken for one); only those naming @license are moved.
const BLOCK_COMMENT = /\/\*\*\n(?: \*(?!\/)[^\n]*\n)* \*\//g;

/** `code` without its license comments, and those comments; the code is unchanged when it has none. */
export function withoutLicenseComments(code: string): { code: string; notices: string[] } {
  const notices: string[] = [];
  const rest = code.replace(BLOCK_COMMENT, (comment) => {
    if (!comment.includes("@license")) return comment;
    notices.push(comment);
    return "";
  });
  return { code: notices.length > 0 ? `/*! Licenses: /${LICENSE_FILE} */\n${rest}` : code, notices };
}

/**
 * Moves the license notices (React's, the router's: about 0.5 KB gzipped on every page) out of the
 * scripts into one text file served beside them, each script that had some pointing to it, the way
 * webpack's default does. The notices still ship with every copy of the code.
 */
export function licenseFile(): Plugin {
  return {
    name: "site:license-file",
    enforce: "post",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== "client") return;
      const notices = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const moved = withoutLicenseComments(output.code);
        output.code = moved.code;
        for (const notice of moved.notices) notices.add(notice);
      }
      if (notices.size > 0) this.emitFile({ type: "asset", fileName: LICENSE_FILE, source: [...notices].join("\n\n") + "\n" });
    },
  };
}
