import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadShownDeferred } from "~/components/deferred-component";

// What the server's HTML shows of the deferred components is fetched first, so hydration finds all of its code.
void loadShownDeferred().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
