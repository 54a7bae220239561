/**
 * Sends one route call: builds the URL and headers, runs attempts through the transport,
 * applies the retry policy (retry-policy.ts) with the injected clock, and turns the final
 * failure into a typed, redacted ApiError (answer-errors.ts).
 */
import type { Readable } from 'node:stream';
import type { Clock } from '../util/clock.js';
import { createRedactor, type Redactor } from '../util/redact.js';
import { buildError, parseAnswer } from './answer-errors.js';
import { CancelledError } from './errors.js';
import type { ClientEvent } from './events.js';
import {
  decideRetry,
  mayHaveActed,
  parseRetryAfter,
  streamRefusal,
  type AttemptOutcome,
  type RetryOptions,
  type StreamRefusal,
} from './retry-policy.js';
import { buildPath, type RouteDef } from './routes.js';
import { TransportFailure, type Transport, type TransportResponse } from './transport-types.js';
import { joinUrl, relativePath } from './url.js';

/** A streamed request body, opened anew for each attempt. */
export interface StreamBody {
  stream: Readable;
  /** Sent as Content-Length; undefined sends the body chunked (its length is not known yet). */
  length: number | undefined;
  /** For a body sent without a length: its length once known, for progress. */
  knownLength?: () => number | undefined;
  contentType: string;
  /** Longest time this attempt may take in all, when it depends on the body; default the call's. */
  maxMs?: number;
}

/**
 * A first attempt whose body is sent while it is produced, without a length (see "A body sent
 * while it is produced" in retry-policy.ts). Every later attempt opens `Call.openBody`.
 */
export interface StreamFirst {
  open: () => StreamBody;
  /** When the server refuses a body without a length: send openBody's at once, or fail. */
  whenRefused: 'file' | 'fail';
  /** Advice of the error when `whenRefused` is `fail`. */
  refusedAdvice?: string;
  /** Hears a refusal answered by sending openBody's body. */
  onRefused?: (why: StreamRefusal, status: number) => void;
}

export interface Call {
  route: RouteDef;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  json?: unknown;
  /** Opens the body for one attempt; called again for every retry. */
  openBody?: () => Promise<StreamBody>;
  /** The first attempt sends this body instead, without a length; needs openBody for the rest. */
  streamFirst?: StreamFirst;
  /** Bytes of the body sent so far, and its length (undefined while it is not known). */
  onBodyProgress?: (bytesSent: number, total: number | undefined) => void;
  /** An absolute URL used instead of base + route path (page links, whole webhook URLs). */
  url?: URL;
  signal?: AbortSignal;
  /** Clock time after which no retry starts (an operation wait's deadline). */
  deadline?: number;
  /** Secrets of this call only (a webhook token), redacted from anything it reports. */
  secrets?: readonly (string | undefined)[];
  /** The input the URL came from, for messages; default `api-url` or `headless-api-url` by route. */
  source?: string;
  /** Longest time one attempt may take in all (an upload's, scaled to its size); default the client's. */
  maxMs?: number;
}

/** Per-call options every client method takes last. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, or undefined for an empty body. */
  data: unknown;
}

export interface RequesterConfig {
  hostingUrl?: URL;
  headlessUrl?: URL;
  authorization: string;
  transport: Transport;
  clock: Clock;
  retry: RetryOptions;
  requestTimeoutMs: number;
  /** Longest time one attempt may take in all, progress or not. */
  requestMaxMs: number;
  signal?: AbortSignal;
  userAgent: string;
  redact: Redactor;
  onEvent?: (event: ClientEvent) => void;
}

export type Requester = (call: Call) => Promise<CallResult>;

const BASE_LABEL = { hosting: 'api-url', headless: 'headless-api-url' } as const;

/**
 * An attempt started at or just before a caller's deadline still gets this long: the last
 * poll of a wait is made at the deadline, and would otherwise be cut off before it is sent.
 */
export const LAST_ATTEMPT_MS = 5_000;

/** Default longest time of one attempt: a JSON call that takes longer is trickling, not working. */
export const DEFAULT_REQUEST_MAX_MS = 120_000;

/**
 * The longest an upload attempt may take: 5 minutes, plus the time the body takes at
 * 128 KiB/s (about 1 Mbit/s, a slow uplink). A 100 MiB zip gets 18 min 20 s; the inactivity
 * timeout still ends a stalled upload long before that.
 */
export function uploadMaxMs(bytes: number): number {
  return 300_000 + Math.ceil((bytes / (128 * 1024)) * 1000);
}

function cancelled(method: string, path: string, attempts: number, reason: unknown): CancelledError {
  const cause = reason instanceof Error ? new Error(reason.message) : undefined;
  return new CancelledError({ method, path, attempts, cause });
}

export function createRequester(cfg: RequesterConfig): Requester {
  const { clock } = cfg;

  return async function call(c: Call): Promise<CallResult> {
    const { route } = c;
    const extra = c.secrets ? createRedactor(c.secrets) : undefined;
    const redact = extra ? (t: string) => extra(cfg.redact(t)) : cfg.redact;
    const base = route.api === 'hosting' ? cfg.hostingUrl : cfg.headlessUrl;
    if (!c.url && !base) {
      throw new Error(`${BASE_LABEL[route.api]} is not set; it is needed for ${route.method} ${route.path}`);
    }
    const url = c.url ?? joinUrl(base!, buildPath(route.path, c.params ?? {}), c.query);
    const source = c.source ?? BASE_LABEL[route.api];
    const method = route.method;
    const path = redact(relativePath(base, url));
    const safe = route.idempotent;
    const signals = [cfg.signal, c.signal].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];

    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': cfg.userAgent };
    if (route.auth === 'basic') {
      if (!cfg.authorization) throw new Error(`api-user-id and api-password are needed for ${method} ${path}`);
      headers.authorization = cfg.authorization;
    }
    const json = c.json === undefined ? undefined : JSON.stringify(c.json);
    if (json !== undefined) headers['content-type'] = 'application/json';

    let start = clock.now();
    let ambiguous = false;
    let streaming = c.streamFirst !== undefined && c.openBody !== undefined;
    // Attempts the retry policy does not count: streamed ones the server refused for their form.
    let uncounted = 0;
    let previousKind: string | undefined;
    let sameOutcomes = 0;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw cancelled(method, path, attempt - 1, signal.reason);
      cfg.onEvent?.({ type: 'request', method, path, attempt });
      const began = clock.now();
      let outcome: AttemptOutcome;
      let res: TransportResponse | undefined;
      let failure: TransportFailure | undefined;
      const streamed = streaming;
      streaming = false;
      try {
        const attemptHeaders = { ...headers };
        let body: string | Readable | undefined = json;
        let total: () => number | undefined = () => undefined;
        let bodyMaxMs: number | undefined;
        if (c.openBody) {
          const opened = streamed ? c.streamFirst!.open() : await c.openBody();
          attemptHeaders['content-type'] = opened.contentType;
          if (opened.length !== undefined) attemptHeaders['content-length'] = String(opened.length);
          body = opened.stream;
          total = () => opened.length ?? opened.knownLength?.();
          bodyMaxMs = opened.maxMs;
        }
        const maxMs = bodyMaxMs ?? c.maxMs ?? cfg.requestMaxMs;
        res = await cfg.transport.send({
          method,
          url,
          headers: attemptHeaders,
          body,
          signal,
          timeoutMs: cfg.requestTimeoutMs,
          // A caller's deadline bounds the attempt in flight too, not only the retries.
          maxMs:
            c.deadline === undefined ? maxMs : Math.min(maxMs, Math.max(c.deadline - clock.now(), LAST_ATTEMPT_MS)),
          onBodyProgress: c.onBodyProgress && ((n) => c.onBodyProgress!(n, total())),
        });
        outcome = {
          kind: 'response',
          status: res.status,
          retryAfterMs: parseRetryAfter(res.headers['retry-after'], clock.now()),
        };
      } catch (err) {
        if (!(err instanceof TransportFailure)) throw err;
        if (err.failure === 'cancelled') throw cancelled(method, path, attempt, signal?.reason);
        if (err.failure === 'body') {
          throw new Error(`${method} ${path}: reading the request body failed: ${redact(err.message)}`);
        }
        failure = err;
        outcome = { kind: 'network', failure: err.failure };
      }
      cfg.onEvent?.({
        type: 'response',
        method,
        path,
        attempt,
        status: res ? res.status : (failure?.failure ?? 'failed'),
        ms: clock.now() - began,
      });
      if (res && res.status < 300) {
        return { status: res.status, headers: res.headers, data: parseAnswer(res, method, path, route, source) };
      }
      if (method !== 'GET' && mayHaveActed(outcome)) ambiguous = true;
      const refused = streamed ? streamRefusal(outcome, res?.earlyAnswer === true) : null;
      if (refused && c.streamFirst!.whenRefused === 'file') {
        // The server refused the form of the body, not the request: the file goes at once, and
        // the retries and their time budget start from here.
        c.streamFirst!.onRefused?.(refused, res!.status);
        uncounted++;
        start = clock.now();
        continue;
      }
      // A name that does not resolve gets one retry: count how many attempts in a row ended alike.
      const kind = outcome.kind === 'network' ? outcome.failure : `status ${res?.status}`;
      sameOutcomes = kind === previousKind ? sameOutcomes + 1 : 1;
      previousKind = kind;

      const now = clock.now();
      const decision = refused
        ? ({ retry: false, reason: 'not-retryable' } as const)
        : decideRetry(
            outcome,
            {
              safe,
              attempt: attempt - uncounted,
              elapsedMs: now - start,
              remainingMs: c.deadline === undefined ? undefined : c.deadline - now,
              sameOutcomes,
            },
            cfg.retry,
          );
      if (!decision.retry) {
        const advice = refused ? c.streamFirst!.refusedAdvice : undefined;
        const init = { method, path, attempts: attempt, mayHaveSucceeded: ambiguous, ...(advice ? { advice } : {}) };
        throw buildError(init, {
          res,
          failure,
          url,
          source,
          api: route.api,
          tokenAuth: route.auth === 'token',
          redact,
        });
      }
      cfg.onEvent?.({ type: 'retry', method, path, attempt, delayMs: decision.delayMs, reason: decision.reason });
      try {
        await clock.sleep(decision.delayMs, signal);
      } catch {
        throw cancelled(method, path, attempt, signal?.reason);
      }
    }
  };
}
