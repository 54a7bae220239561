/**
 * Matches a request to a row of the route table. The hosting API answers at the origin, the
 * headless API under /headless.
 */
import { compilePath, routes, type RouteDef, type RouteName } from '../src/api/routes.js';

export const HEADLESS_PREFIX = '/headless';

interface Compiled {
  name: RouteName;
  route: RouteDef;
  match: (path: string) => Record<string, string> | null;
}

const compiled: Compiled[] = (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, route]) => ({
  name,
  route,
  match: compilePath((route.api === 'headless' ? HEADLESS_PREFIX : '') + route.path),
}));

export type Match =
  | { kind: 'route'; name: RouteName; route: RouteDef; params: Record<string, string> }
  /** The path exists, with another method. */
  | { kind: 'method'; api: RouteDef['api'] }
  | { kind: 'none'; api: RouteDef['api'] };

export function matchRoute(method: string, path: string): Match {
  let pathMatched: RouteDef | null = null;
  for (const c of compiled) {
    const params = c.match(path);
    if (!params) continue;
    if (c.route.method === method) return { kind: 'route', name: c.name, route: c.route, params };
    pathMatched = c.route;
  }
  const api = path.startsWith(HEADLESS_PREFIX + '/') ? 'headless' : 'hosting';
  return pathMatched ? { kind: 'method', api: pathMatched.api } : { kind: 'none', api };
}
