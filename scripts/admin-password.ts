// The admin scripts' password: ADMIN_PASSWORD (for scripts), or typed twice on
// the terminal without being shown. An empty ADMIN_PASSWORD (as `.env.example`
// leaves it) counts as unset.
import { createInterface } from "node:readline/promises";
import { PASSWORD_HINT } from "../app/schemas/password";

export class PasswordNotGiven extends Error {}

async function askHidden(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing while the password is typed.
  const write = process.stdout.write.bind(process.stdout);
  let prompting = true;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    prompting && typeof chunk === "string" && !chunk.startsWith(question) ? true : write(chunk, ...rest)) as typeof process.stdout.write;
  try {
    return await terminal.question(question);
  } finally {
    prompting = false;
    process.stdout.write = write;
    write("\n");
    terminal.close();
  }
}

/** The password to set: from ADMIN_PASSWORD when it holds one, else typed twice (the two must match). */
export async function adminPassword(): Promise<string> {
  const fromEnvironment = process.env.ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) throw new PasswordNotGiven("Set ADMIN_PASSWORD, or run this in a terminal to type the password.");
  process.stdout.write(`${PASSWORD_HINT}\n`);
  const first = await askHidden("Password: ");
  const again = await askHidden("Type it again: ");
  if (first !== again) throw new PasswordNotGiven("The two passwords differ. Nothing was changed; run the command again.");
  return first;
}
