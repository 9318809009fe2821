import { startProcess } from "./processes";

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
  const provider = await startProcess({
    label: "The OpenID provider",
    args: ["tests/fixtures/oidc-provider.ts"],
    env: {
      OIDC_PORT: String(options.port),
      OIDC_CLIENT_ID: options.clientId,
      OIDC_CLIENT_SECRET: options.clientSecret,
      OIDC_REDIRECT_URIS: options.redirectUri,
    },
    readyUrl: `${issuer}/.well-known/openid-configuration`,
    timeoutMs: 60_000,
  });
  return { issuer, stop: provider.stop };
}
