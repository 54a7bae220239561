/**
 * A transport in front of a real server (the emulator) that lets a test change what one route
 * does while the rest of the API works: refuse it with a status, act on the server just before
 * the request reaches it (a concurrent run), or rewrite the answer it gives (a server that
 * answers otherwise than the emulator). Routes are `METHOD /path`, without the query.
 */
import { createUndiciTransport, type Transport } from '../../src/api/transport.js';
import type { TransportRequest, TransportResponse } from '../../src/api/transport-types.js';

export interface RouteHook {
  /** `METHOD /path` (exact), or a pattern tested against it. */
  readonly route: string | RegExp;
  /** Answered by the transport with this status and a JSON error body; the server never sees it. */
  readonly refuse?: number;
  /** Run just before the request is passed on. */
  readonly before?: () => Promise<void>;
  /** The answer passed back instead of the server's. */
  readonly rewrite?: (res: TransportResponse) => TransportResponse;
  /** Applies to this many requests, then is dropped (default: every request while set). */
  readonly times?: number;
}

export interface RouteHooks {
  readonly transport: Transport;
  /** Adds a hook; the first hook whose route matches applies. */
  on(hook: RouteHook): void;
  /** Drops every hook and forgets what was hooked. */
  clear(): void;
  /** Each hooked request, as `METHOD /path`. */
  readonly hooked: string[];
}

/** An error answer as the headless API gives one. */
export function refusal(status: number): TransportResponse {
  const body = JSON.stringify({ error: { code: status, message: `refused by the test (${status})` } });
  return { status, headers: { 'content-type': 'application/json' }, body };
}

/** A JSON answer with `body`. */
export function jsonAnswer(res: TransportResponse, body: unknown): TransportResponse {
  return { ...res, headers: { ...res.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export function routeHooks(): RouteHooks {
  const real = createUndiciTransport({ env: {} });
  let hooks: { hook: RouteHook; left: number }[] = [];
  const hooked: string[] = [];
  const matches = (h: RouteHook, route: string) =>
    typeof h.route === 'string' ? h.route === route : h.route.test(route);
  return {
    hooked,
    on: (hook) => void hooks.push({ hook, left: hook.times ?? Infinity }),
    clear() {
      hooks = [];
      hooked.length = 0;
    },
    transport: {
      async send(req: TransportRequest) {
        const route = `${req.method} ${req.url.pathname}`;
        const found = hooks.find((h) => h.left > 0 && matches(h.hook, route));
        if (!found) return real.send(req);
        found.left--;
        hooked.push(route);
        const { hook } = found;
        if (hook.refuse !== undefined) return refusal(hook.refuse);
        await hook.before?.();
        const res = await real.send(req);
        return hook.rewrite ? hook.rewrite(res) : res;
      },
      close: () => real.close?.() ?? Promise.resolve(),
    },
  };
}
