// What the Express server hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy; absent under `remix vite:dev`. */
    cspNonce?: string;
  }
}

export {};
