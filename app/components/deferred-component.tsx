import { Suspense, type ComponentType } from "react";

/**
 * A component the server renders at once and the browser fetches only when a page first shows it,
 * so code that most first loads never show (a student's dashboard, the error screen, the analytics
 * tag that is off until configured) stays out of every page's first JavaScript.
 *
 * Pass the component itself behind `import.meta.env.SSR` (`import.meta.env.SSR ? Thing : null`):
 * the browser build drops that branch and with it the static import. The server's HTML is complete
 * (JavaScript off sees all of it) and names what it showed (`<template data-deferred>`): the
 * browser fetches that code before it hydrates (`loadShownDeferred`), so no part of the page is left
 * waiting on its code when the first click or the next loader data reaches it. React 18 cannot
 * update a Suspense boundary still waiting to hydrate: it throws the server's HTML away, or fails
 * the update outright (error #345) when the update is a click.
 */

/** Each deferred component's loader, by name: what `loadShownDeferred` fetches. */
const loaders = new Map<string, () => Promise<void>>();

// Calling it has no side effect worth keeping: a module that only defines a deferred component is dropped where unused.
/*#__NO_SIDE_EFFECTS__*/
export function deferredComponent<Props extends object>(
  name: string,
  onServer: ComponentType<Props> | null,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded = onServer;
  let loading: Promise<void> | null = null;
  const fetchCode = () =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  loaders.set(name, fetchCode);

  function Loaded(props: Props) {
    // Until its code is here it suspends (a thrown promise), and the Suspense around it waits.
    if (!loaded) throw fetchCode();
    const Component = loaded;
    return <Component {...props} />;
  }
  function Deferred(props: Props) {
    return (
      <>
        <template data-deferred={name} />
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </>
    );
  }
  return Deferred;
}

/** Fetches the code of every deferred component the server's HTML shows; the browser entry awaits it before hydrating. */
export function loadShownDeferred(): Promise<unknown> {
  const shown = new Set(Array.from(document.querySelectorAll("template[data-deferred]"), (marker) => marker.getAttribute("data-deferred")));
  return Promise.allSettled([...shown].flatMap((name) => loaders.get(name ?? "")?.() ?? []));
}
