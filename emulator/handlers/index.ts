/** Every route of the table has exactly one handler; startEmulator refuses to start otherwise. */
import { routes, type RouteName } from '../../src/api/routes.js';
import type { Handler } from './context.js';
import { headlessHandlers } from './headless/index.js';
import { hostingHandlers } from './hosting/index.js';

export const handlers: Partial<Record<RouteName, Handler>> = { ...hostingHandlers, ...headlessHandlers };

export function missingHandlers(): RouteName[] {
  return (Object.keys(routes) as RouteName[]).filter((name) => !handlers[name]);
}
