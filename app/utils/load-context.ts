// What the Express server hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy; absent under `remix vite:dev`. */
    cspNonce?: string;
    /** The client's address (proxies trusted only on loopback); keys sign-in throttling. */
    clientAddress?: string;
  }
}

export {};
