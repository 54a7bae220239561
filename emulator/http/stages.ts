/**
 * The stages of the request pipeline, in the order pipeline.ts runs them. Each one answers the
 * request (an answer, or an EmulatorError thrown: the pipeline sends it in the error shape of
 * the API the path addresses) or passes it to the next.
 */
import { pickFault, type FaultKind } from '../config/options.js';
import type { Ctx } from '../handlers/context.js';
import { CONTROL_PREFIX, handleControl } from '../own-routes/control.js';
import { serveSite, SITES_PREFIX } from '../own-routes/sites.js';
import { authenticate } from './auth.js';
import { badRequest, EmulatorError, invalid, notFound, tooManyRequests } from './errors.js';
import { routeOf, send, type Stage } from './exchange.js';
import { assertLocalCaller } from './guard.js';
import { readJsonObject, readRaw } from './json-body.js';
import { framingOf } from './request-log.js';
import { matchRoute } from './router.js';

/**
 * Who may call: every route, control and API alike, answers only requests addressed to this
 * machine, so a page in the developer's browser cannot use the control routes or the printed
 * demo credentials through DNS rebinding (guard.ts). 403, before the request is logged or delayed.
 */
export const guard: Stage = (x, next) => {
  const routes = x.path.startsWith(CONTROL_PREFIX) ? 'control routes' : 'the API';
  assertLocalCaller(x.req.headers, x.deps.options.controlHosts, routes);
  return next();
};

/** `/__emulator/`: the control routes (no auth, not logged, never faulted). */
export const control: Stage = async (x, next) => {
  if (!x.path.startsWith(CONTROL_PREFIX)) return next();
  send(x.res, await handleControl(x.deps, x.method, x.path, x.url.searchParams, x.req, x.origin));
};

/** `/__sites/`: the environments' sites, what a health check sees, outside the APIs (no auth, not logged, no faults). */
export const sites: Stage = (x, next) => {
  if (!x.path.startsWith(SITES_PREFIX)) return next();
  serveSite(x.deps.getState(), x.deps.clock, x.req, x.res, x.path);
};

/** Records the request in the request log; its status is filled in once the answer is sent. */
export const log: Stage = (x, next) => {
  const entry = x.deps.log.add(x.method, x.path, framingOf(x.req.headers));
  x.res.on('finish', () => {
    entry.status = x.res.statusCode;
  });
  x.entry = entry;
  return next();
};

const FAULT_MESSAGES: Record<Exclude<FaultKind, 'reset'>, string> = {
  '429': 'Too many requests, retry later',
  '500': 'Internal server error (injected fault)',
  '502': 'Invalid response received from an upstream server (injected fault)',
  '503': 'Service unavailable (injected fault)',
};

/**
 * The configured latency, then maybe an injected fault instead of an answer: before anything
 * about the request is checked, so a client's retry is observable and safe. A reset closes the
 * connection with no answer at all.
 */
export const fault: Stage = async (x, next) => {
  const { options } = x.deps;
  const kind = pickFault(options.faults, options.random());
  if (options.latencyMs > 0) await new Promise((r) => setTimeout(r, options.latencyMs));
  if (!kind) return next();
  if (x.entry) x.entry.fault = kind;
  x.req.resume();
  if (kind === 'reset') {
    if (x.entry) x.entry.status = -1;
    x.req.socket.destroy();
    return;
  }
  const headers: Record<string, string> = kind === '429' || kind === '503' ? { 'retry-after': '1' } : {};
  throw new EmulatorError(Number(kind), FAULT_MESSAGES[kind], [], headers);
};

/**
 * The row of the route table: a path no row has, or not with this method, is a 404. From here
 * on the request works on the state of this moment (a reset while its body is read does not move it).
 */
export const route: Stage = (x, next) => {
  const match = matchRoute(x.method, x.path);
  if (match.kind !== 'route') {
    x.req.resume();
    throw notFound(`${x.method} ${x.path}: no such route`);
  }
  x.route = match;
  x.state = x.deps.getState();
  return next();
};

/** HTTP Basic credentials on the routes that take them (401). A webhook's token is its handler's to check. */
export const auth: Stage = (x, next) => {
  const { route, state } = routeOf(x);
  if (route.auth === 'basic') x.principal = authenticate(state, x.req.headers.authorization);
  return next();
};

/** A token bucket per caller: the Basic user, or on a webhook route the token sent; 429 with Retry-After. */
export const rateLimit: Stage = (x, next) => {
  routeOf(x);
  // `auth` has set the principal on every Basic route; a webhook route has none.
  const key = x.principal ? x.principal.credential.userId : `token:${x.url.searchParams.get('token') ?? ''}`;
  const wait = x.deps.limiter.take(key, x.deps.clock.now());
  if (wait > 0) throw tooManyRequests(wait);
  return next();
};

/** Query parameters the route does not name are a 400, all of them named. */
export const query: Stage = (x, next) => {
  const { name, route } = routeOf(x);
  const unknownQuery = [...new Set(x.url.searchParams.keys())].filter((k) => !route.query.includes(k));
  if (unknownQuery.length > 0) {
    throw badRequest(
      `Unknown query parameter${unknownQuery.length > 1 ? 's' : ''}: ${unknownQuery.join(', ')}`,
      unknownQuery.map((q) => invalid(name, q, `"${q}" is not a query parameter of this request`, 'unknown_parameter')),
    );
  }
  return next();
};

/**
 * The JSON body of a route that takes one, checked against the route's fields (json-body.ts).
 * A route without a body still reads (and drops) whatever was sent, within the same limit; the
 * upload's body is its handler's to stream.
 */
export const body: Stage = async (x, next) => {
  const { name, route } = routeOf(x);
  if (route.body) {
    x.body = await readJsonObject(x.req, x.deps.options.maxJsonBytes, route.body, name);
  } else if (name !== 'uploadEnvironment') {
    await readRaw(x.req, x.deps.options.maxJsonBytes);
  }
  return next();
};

/** The route's handler, which answers. */
export const handler: Stage = async (x) => {
  const { name, route, params, state } = routeOf(x);
  const ctx: Ctx = {
    name,
    route,
    params,
    query: x.url.searchParams,
    body: x.body,
    principal: x.principal,
    state,
    clock: x.deps.clock,
    options: x.deps.options,
    req: x.req,
    origin: x.origin,
  };
  send(x.res, await x.deps.handlers[name](ctx));
};
