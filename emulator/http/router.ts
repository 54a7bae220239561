/**
 * Matches a request to a row of the route table. The hosting API answers at the origin, the
 * headless API under /headless.
 */
import { compilePath, routes, type Api, type RouteDef, type RouteName } from '../../src/api/routes.js';

export const HEADLESS_PREFIX = '/headless';

/**
 * Which API a path belongs to, so its errors take that API's body shape: the headless API's
 * paths are under /headless/, the hosting API's never are. Known before any route is matched
 * (a refused, faulted or unmatched request is answered in the shape of the API it addressed).
 */
export function apiOf(path: string): Api {
  return path.startsWith(HEADLESS_PREFIX + '/') ? 'headless' : 'hosting';
}

interface Compiled {
  name: RouteName;
  route: RouteDef;
  match: (path: string) => Record<string, string> | null;
}

const compiled: Compiled[] = (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, route]) => {
  const template = (route.api === 'headless' ? HEADLESS_PREFIX : '') + route.path;
  // What apiOf() relies on: a row's paths are in the API it names.
  if (apiOf(template) !== route.api) throw new Error(`route ${name}: ${template} is not a ${route.api} path`);
  return { name, route, match: compilePath(template) };
});

export type Match =
  | { kind: 'route'; name: RouteName; route: RouteDef; params: Record<string, string> }
  /** The path exists, with another method. */
  | { kind: 'method'; api: Api }
  | { kind: 'none'; api: Api };

export function matchRoute(method: string, path: string): Match {
  let pathMatched: RouteDef | null = null;
  for (const c of compiled) {
    const params = c.match(path);
    if (!params) continue;
    if (c.route.method === method) return { kind: 'route', name: c.name, route: c.route, params };
    pathMatched = c.route;
  }
  return pathMatched ? { kind: 'method', api: pathMatched.api } : { kind: 'none', api: apiOf(path) };
}
