// Groups the browser code the home page loads first into two files instead of
// two dozen: a gzip stream per file compresses small modules badly and each
// file costs a request (decision 0039).
import { basename } from "node:path";

interface ChunkMeta {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}

const APP_DIR = new URL("./app/", import.meta.url).pathname;
const SHELL_ROOTS = ["root.tsx", "routes/_site+/_layout.tsx"];
const HOME_ROOTS = ["routes/_site+/_index.tsx"];

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

let groups: { shell: Set<string>; home: Set<string> } | undefined;

export function clientChunk(id: string, meta: ChunkMeta): string | undefined {
  if (!groups) {
    const shell = reachable(SHELL_ROOTS, meta, new Set());
    groups = { shell, home: reachable(HOME_ROOTS, meta, shell) };
  }
  if (groups.shell.has(id)) return "site-shell";
  // A module the page fetches later gets a file of its own: left unnamed, Rollup would put it in
  // the chunk of a group that imports it (for the server's render) even where the browser never does.
  if (id.startsWith(APP_DIR) && (meta.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return basename(id).replace(/\.tsx?$/, "");
  if (groups.home.has(id)) return "home-sections";
  return undefined;
}
