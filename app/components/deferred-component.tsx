import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component the server renders at once and the browser fetches only when a page first shows it,
 * so code that most first loads never show (a student's dashboard, the error screen, the analytics
 * tag that is off until configured) stays out of every page's first JavaScript.
 *
 * Pass the component itself behind `import.meta.env.SSR` (`import.meta.env.SSR ? Thing : null`):
 * the browser build drops that branch and with it the static import. The server's HTML is complete
 * (JavaScript off sees all of it); while the browser fetches the code, React keeps that HTML as it is.
 */
// Calling it has no side effect: a module that only defines a deferred component is dropped where unused.
/*#__NO_SIDE_EFFECTS__*/
export function deferredComponent<Props extends object>(
  onServer: ComponentType<Props> | null,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  // lazy() types its props with a ref TypeScript cannot resolve for a generic Props; these components take no ref.
  const Component = onServer ?? (lazy(async () => ({ default: await load() })) as unknown as ComponentType<Props>);
  function Deferred(props: Props) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
