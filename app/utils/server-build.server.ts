import type { ServerBuild } from "@remix-run/node";

// server.ts hands Remix the build with some behaviour wrapped around every
// route's loader and action (storage faults, request bodies): one place that
// knows how a build holds its route modules.

export type RouteModule = ServerBuild["routes"][string]["module"];

/** The build with each route module replaced by `transform`'s version of it. */
export function mapRouteModules(build: ServerBuild, transform: (module: RouteModule) => RouteModule): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, { ...route, module: transform(route.module) }]));
  return { ...build, routes };
}

export type DataFunction = (...args: never[]) => unknown;

/** The build with every route's loader and action replaced by `wrap`'s version of it. */
export function wrapLoadersAndActions(build: ServerBuild, wrap: <F extends DataFunction>(fn: F) => F): ServerBuild {
  return mapRouteModules(build, (module) => ({
    ...module,
    ...(module.loader && { loader: wrap(module.loader) }),
    ...(module.action && { action: wrap(module.action) }),
  }));
}
