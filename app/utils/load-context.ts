// What the Express server hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy; absent only when a test calls a route without server.ts. */
    cspNonce?: string;
    /**
     * The client as rate limits and throttles key it: its IPv4 address or IPv6 /64
     * (X-Forwarded-For believed only from the proxies TRUST_PROXY names).
     */
    clientAddress?: string;
  }
}

export {};
