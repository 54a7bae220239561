/**
 * What the stages of the request pipeline (pipeline.ts) share: the request on its way, what the
 * stages before found out about it, and how an answer or an error goes out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Api, RouteName } from '../../src/api/routes.js';
import type { EmulatorClock } from '../config/clock.js';
import type { ResolvedOptions } from '../config/options.js';
import type { Handler, Principal, Reply } from '../handlers/context.js';
import { CONTROL_PREFIX, type ControlDeps } from '../own-routes/control.js';
import type { State } from '../store/state.js';
import { badRequest, EmulatorError, renderError } from './errors.js';
import type { RateLimiter } from './rate-limit.js';
import type { RequestLog, RequestLogEntry } from './request-log.js';
import { requestOrigin } from './request-origin.js';
import { apiOf, type Match } from './router.js';

export interface ServerDeps extends ControlDeps {
  options: ResolvedOptions;
  clock: EmulatorClock;
  getState(): State;
  handlers: Record<RouteName, Handler>;
  limiter: RateLimiter;
  log: RequestLog;
}

/** The body shape of an error answer: that of the API the path addresses, or the control routes'. */
export type ErrorShape = Api | 'control';

/** A request matched to a row of the route table. */
export type RouteHit = Extract<Match, { kind: 'route' }>;

/** One request on its way through the stages. */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly deps: ServerDeps;
  readonly method: string;
  readonly url: URL;
  readonly path: string;
  /** Origin of this emulator as the client reached it, e.g. http://127.0.0.1:4010 (for URLs it hands out). */
  readonly origin: string;
  readonly errorShape: ErrorShape;
  /** Set by `log`: the request's entry in the request log. */
  entry: RequestLogEntry | null;
  /** Set by `route`: the row matched, and the state the request works on from then on. */
  route: RouteHit | null;
  state: State | null;
  /** Set by `auth` on a Basic-authenticated route: the caller. */
  principal: Principal | null;
  /** Set by `body` on a route that takes a JSON body: the body, checked against the route's fields. */
  body: Record<string, unknown> | null;
}

/** Passes the request on to the next stage. */
export type Next = () => Promise<void>;

/** One step of the pipeline: answers the request (or throws an EmulatorError, its answer), or calls `next`. */
export type Stage = (x: Exchange, next: Next) => void | Promise<void>;

/** The request's exchange; a target that is not a URL (an absolute-form one) is a 400, with nothing to route. */
export function openExchange(req: IncomingMessage, res: ServerResponse, deps: ServerDeps): Exchange {
  const method = req.method ?? 'GET';
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://emulator.invalid');
  } catch {
    req.resume();
    throw badRequest('Malformed request target');
  }
  const path = url.pathname;
  return {
    req,
    res,
    deps,
    method,
    url,
    path,
    origin: requestOrigin(deps.options.protocol, req.headers.host, deps.options),
    errorShape: path.startsWith(CONTROL_PREFIX) ? 'control' : apiOf(path),
    entry: null,
    route: null,
    state: null,
    principal: null,
    body: null,
  };
}

/** The matched route; a stage that needs it runs after `route`. */
export function routeOf(x: Exchange): RouteHit & { state: State } {
  if (!x.route || !x.state) throw new Error(`pipeline: a stage that needs the route ran before \`route\``);
  return { ...x.route, state: x.state };
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(payload ? { 'content-type': 'application/json' } : {}),
    'content-length': Buffer.byteLength(payload),
    ...reply.headers,
  });
  res.end(payload);
}

/** An EmulatorError as the answer it stands for; anything else is logged and answered 500. */
export function errorReply(shape: ErrorShape, err: unknown): Reply {
  const e =
    err instanceof EmulatorError
      ? err
      : new EmulatorError(500, 'Internal server error: the emulator hit an unexpected error, retry later');
  if (!(err instanceof EmulatorError)) console.error('emulator: unexpected error', err);
  return { status: e.status, body: renderError(shape, e), headers: e.headers };
}
