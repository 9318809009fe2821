import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";

// The W3C's Nu HTML Checker (the `vnu-jar` package's vnu.jar, run by the
// machine's Java): what it says is wrong with each page, by page name.

const run = promisify(execFile);
const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");

type VnuMessage = { type: string; url: string; message: string; extract?: string; firstLine?: number; lastLine?: number };

/** Checks every page at once (one Java start) and returns each page's errors; a valid page is absent. */
export async function htmlErrors(pages: Record<string, string>): Promise<Record<string, string[]>> {
  const directory = mkdtempSync(join(tmpdir(), "html-check-"));
  try {
    const names = Object.keys(pages);
    names.forEach((name, index) => writeFileSync(join(directory, `${index}.html`), pages[name] ?? ""));
    const files = names.map((_, index) => join(directory, `${index}.html`));
    const output = await run("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (result) => result.stderr,
      // vnu exits 1 when it found errors; the report is the same JSON on stderr.
      (error: NodeJS.ErrnoException & { stderr?: string }) => {
        if (error.code === "ENOENT")
          throw new Error("The HTML checker needs Java: install Debian's default-jre-headless (.ci/run does).", { cause: error });
        if (!error.stderr) throw error;
        return error.stderr;
      },
    );
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const errors: Record<string, string[]> = {};
    for (const message of messages) {
      const name = names[Number(basename(new URL(message.url).pathname, ".html"))] ?? message.url;
      (errors[name] ??= []).push(`line ${message.lastLine ?? "?"}: ${message.message} ${JSON.stringify(message.extract ?? "")}`);
    }
    return errors;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
