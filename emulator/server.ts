/**
 * The request pipeline: control routes → faults and latency (before anything else, so a
 * client's retry is observable and safe) → route match → auth → rate limit → strict query and
 * body → handler. Every failure becomes an API error body; nothing a client sends crashes it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteName } from '../src/api/routes.js';
import { authenticate } from './auth.js';
import type { EmulatorClock } from './clock.js';
import type { Ctx, Handler, Principal, Reply } from './context.js';
import { handleControl, CONTROL_PREFIX, type ControlDeps } from './control.js';
import { assertControlCaller, assertLocalCaller } from './control-guard.js';
import { badRequest, EmulatorError, invalid, notFound, renderError, tooManyRequests } from './errors.js';
import { readJsonObject, readRaw } from './json-body.js';
import { pickFault, type ResolvedOptions } from './options.js';
import type { RateLimiter } from './rate-limit.js';
import { framingOf, type RequestLog } from './request-log.js';
import { requestOrigin } from './request-origin.js';
import { matchRoute } from './router.js';
import { serveSite, SITES_PREFIX } from './sites.js';
import type { State } from './store/state.js';

export interface ServerDeps extends ControlDeps {
  options: ResolvedOptions;
  clock: EmulatorClock;
  getState(): State;
  handlers: Record<RouteName, Handler>;
  limiter: RateLimiter;
  log: RequestLog;
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(payload ? { 'content-type': 'application/json' } : {}),
    'content-length': Buffer.byteLength(payload),
    ...reply.headers,
  });
  res.end(payload);
}

function errorReply(api: 'hosting' | 'headless' | 'control', err: unknown): Reply {
  const e =
    err instanceof EmulatorError
      ? err
      : new EmulatorError(500, 'Internal server error: the emulator hit an unexpected error, retry later');
  if (!(err instanceof EmulatorError)) console.error('emulator: unexpected error', err);
  return { status: e.status, body: renderError(api, e), headers: e.headers };
}

const FAULT_MESSAGES: Record<string, string> = {
  '429': 'Too many requests, retry later',
  '500': 'Internal server error (injected fault)',
  '502': 'Invalid response received from an upstream server (injected fault)',
  '503': 'Service unavailable (injected fault)',
};

export function createRequestListener(deps: ServerDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://emulator.invalid');
    } catch {
      // An absolute-form target that is not a URL: nothing to route.
      req.resume();
      send(res, errorReply('hosting', badRequest('Malformed request target')));
      return;
    }
    const path = url.pathname;
    const origin = requestOrigin(deps.options.protocol, req.headers.host, deps.options);

    if (path.startsWith(CONTROL_PREFIX)) {
      try {
        assertControlCaller(req.headers, deps.options.controlHosts);
        send(res, await handleControl(deps, method, path, url.searchParams, req, origin));
      } catch (err) {
        send(res, errorReply('control', err));
        if (!req.complete) req.resume();
      }
      return;
    }

    // The same rule as the control routes: a page in the developer's browser must not use the
    // printed demo credentials through DNS rebinding. Refused before it is logged or delayed.
    try {
      assertLocalCaller(req.headers, deps.options.controlHosts, 'the API');
    } catch (err) {
      const refused = matchRoute(method, path);
      send(res, errorReply(refused.kind === 'route' ? refused.route.api : refused.api, err));
      req.resume();
      return;
    }
    // The environments' sites: what a health check sees, outside the APIs (no auth, no faults).
    if (path.startsWith(SITES_PREFIX)) return serveSite(deps.getState(), deps.clock, req, res, path);

    const entry = deps.log.add(method, path, framingOf(req.headers));
    res.on('finish', () => {
      entry.status = res.statusCode;
    });

    const fault = pickFault(deps.options.faults, deps.options.random());
    if (deps.options.latencyMs > 0) await new Promise((r) => setTimeout(r, deps.options.latencyMs));
    const match = matchRoute(method, path);
    const api = match.kind === 'route' ? match.route.api : match.api;
    if (fault) {
      entry.fault = fault;
      req.resume();
      if (fault === 'reset') {
        entry.status = -1;
        req.socket.destroy();
        return;
      }
      const status = Number(fault);
      const headers: Record<string, string> = fault === '429' || fault === '503' ? { 'retry-after': '1' } : {};
      send(res, errorReply(api, new EmulatorError(status, FAULT_MESSAGES[fault]!, [], headers)));
      return;
    }

    try {
      if (match.kind !== 'route') {
        req.resume();
        throw notFound(`${method} ${path}: no such route`);
      }
      const { name, route, params } = match;
      const state = deps.getState();
      let principal: Principal | null = null;
      if (route.auth === 'basic') {
        principal = authenticate(state, req.headers.authorization);
        const wait = deps.limiter.take(principal.credential.userId, deps.clock.now());
        if (wait > 0) throw tooManyRequests(wait);
      } else {
        const wait = deps.limiter.take(`token:${url.searchParams.get('token') ?? ''}`, deps.clock.now());
        if (wait > 0) throw tooManyRequests(wait);
      }
      const unknownQuery = [...new Set(url.searchParams.keys())].filter((k) => !route.query.includes(k));
      if (unknownQuery.length > 0) {
        throw badRequest(
          `Unknown query parameter${unknownQuery.length > 1 ? 's' : ''}: ${unknownQuery.join(', ')}`,
          unknownQuery.map((q) =>
            invalid(name, q, `"${q}" is not a query parameter of this request`, 'unknown_parameter'),
          ),
        );
      }
      let body: Record<string, unknown> | null = null;
      if (route.body) {
        body = await readJsonObject(req, deps.options.maxJsonBytes, route.body, name);
      } else if (name !== 'uploadEnvironment') {
        // Routes without a body still read (and drop) whatever was sent, within the same limit.
        await readRaw(req, deps.options.maxJsonBytes);
      }
      const ctx: Ctx = {
        name,
        route,
        params,
        query: url.searchParams,
        body,
        principal,
        state,
        clock: deps.clock,
        options: deps.options,
        req,
        origin,
      };
      send(res, await deps.handlers[name](ctx));
    } catch (err) {
      send(res, errorReply(api, err));
      // A request we refused before reading it whole: stop reading, so a huge body cannot pin us.
      if (!req.complete) req.resume();
    }
  };
}
