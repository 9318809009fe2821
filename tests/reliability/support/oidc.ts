import { spawn } from "node:child_process";
import { childEnvironment } from "./site";

// The OpenID provider of the browser tests (tests/fixtures/oidc-provider.ts) as
// a child process, for files that need OAuth sign-in turned on.

export type OidcProvider = { issuer: string; stop(): Promise<void> };

export async function startOidcProvider(options: {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<OidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/oidc-provider.ts"], {
    env: {
      ...childEnvironment(),
      OIDC_PORT: String(options.port),
      OIDC_CLIENT_ID: options.clientId,
      OIDC_CLIENT_SECRET: options.clientSecret,
      OIDC_REDIRECT_URIS: options.redirectUri,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The OpenID provider exited:\n${output}`);
    try {
      if ((await fetch(`${issuer}/.well-known/openid-configuration`)).ok) return { issuer, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The OpenID provider did not start within 60 s:\n${output}`);
}
