/**
 * The one file that speaks HTTP (through undici). It sends one attempt and reports either a
 * response or a classified failure; retries, errors and parsing live above it, so tests can
 * put a fake transport in its place.
 *
 * The timeout is an inactivity timeout: it restarts whenever a byte of the request body is
 * handed to the socket or a byte of the response arrives, so a large upload on a slow link is
 * not cut off while it is making progress. It runs on real time, not the injected Clock: it
 * guards real I/O, which a virtual clock cannot make faster.
 */
import { Agent, request } from 'undici';
import { Transform, type Readable } from 'node:stream';
import type { NetworkFailure } from './retry-policy.js';

export interface TransportRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** A string, or a stream opened for this attempt only (set content-length in headers). */
  body?: string | Readable;
  /** The caller's cancellation. */
  signal?: AbortSignal;
  /** Longest time without progress in either direction. */
  timeoutMs: number;
  /** Bytes of the body handed to the connection so far. */
  onBodyProgress?: (bytesSent: number) => void;
}

export interface TransportResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

export interface Transport {
  send(req: TransportRequest): Promise<TransportResponse>;
  close?(): Promise<void>;
}

/**
 * One attempt that got no (complete) response. `failure` says what the client may conclude:
 * `refused` — never reached the server; `reset` — dropped before any response byte;
 * `timeout` — no progress within the timeout; `broken` — the answer was cut off or malformed;
 * `cancelled` — the caller's signal; `body` — reading the request body (a local file) failed.
 */
export class TransportFailure extends Error {
  override name = 'TransportFailure';
  constructor(
    readonly failure: NetworkFailure | 'cancelled' | 'body',
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const REFUSED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT = new Set(['ETIMEDOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps an error of the request phase (no response yet) to a failure kind. */
export function classifyRequestError(err: unknown): NetworkFailure {
  const code = errorCode(err);
  if (code && REFUSED.has(code)) return 'refused';
  if (code && RESET.has(code)) return 'reset';
  if (code && TIMEOUT.has(code)) return 'timeout';
  return 'broken';
}

function normalizeHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface UndiciTransportOptions {
  /** How long an idle keep-alive connection is kept (ms). */
  keepAliveTimeoutMs?: number;
}

/** The real transport: one undici Agent (connection pool) per client. */
export function createUndiciTransport(options: UndiciTransportOptions = {}): Transport {
  // Our inactivity timer governs; undici's own 300 s timers are turned off to avoid two clocks.
  const agent = new Agent({ keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000, headersTimeout: 0, bodyTimeout: 0 });

  async function send(req: TransportRequest): Promise<TransportResponse> {
    if (req.signal?.aborted) throw new TransportFailure('cancelled', 'cancelled before sending');
    const timer = new AbortController();
    let handle: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(handle);
      handle = setTimeout(() => timer.abort(), req.timeoutMs);
    };
    const signal = req.signal ? AbortSignal.any([req.signal, timer.signal]) : timer.signal;

    let bodyError: unknown;
    let counterStream: Transform | undefined;
    let body: string | Readable | undefined = req.body;
    if (body !== undefined && typeof body !== 'string') {
      const source = body;
      let sent = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          sent += chunk.length;
          touch();
          req.onBodyProgress?.(sent);
          cb(null, chunk);
        },
      });
      source.on('error', (err) => {
        bodyError ??= err;
        counter.destroy(err);
      });
      counter.on('close', () => source.destroy()); // closes the file when the attempt ends early
      counter.on('error', () => undefined); // reported through bodyError or undici's own failure
      source.pipe(counter);
      body = counter;
      counterStream = counter;
    }

    const failed = (err: unknown, phase: 'request' | 'response'): TransportFailure => {
      if (req.signal?.aborted) return new TransportFailure('cancelled', 'cancelled by the caller');
      if (timer.signal.aborted) {
        return new TransportFailure('timeout', `no progress within ${Math.round(req.timeoutMs / 1000)}s`);
      }
      if (bodyError !== undefined) return new TransportFailure('body', message(bodyError), errorCode(bodyError));
      const failure = phase === 'request' ? classifyRequestError(err) : 'broken';
      return new TransportFailure(failure, message(err), errorCode(err));
    };

    touch();
    try {
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(req.url, {
          method: req.method as 'GET',
          headers: req.headers,
          body: body ?? null,
          signal,
          dispatcher: agent,
        });
      } catch (err) {
        throw failed(err, 'request');
      }
      touch();
      try {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          touch();
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) throw new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`);
          chunks.push(chunk);
        }
        return {
          status: res.statusCode,
          headers: normalizeHeaders(res.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        };
      } catch (err) {
        res.body.destroy();
        throw failed(err, 'response');
      }
    } finally {
      clearTimeout(handle);
      counterStream?.destroy(); // a no-op after a complete send; releases the file otherwise
    }
  }

  return { send, close: () => agent.close() };
}
