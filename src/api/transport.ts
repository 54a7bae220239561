/**
 * The one file that speaks HTTP (through undici). It sends one attempt and reports either a
 * response or a classified failure; retries, errors and parsing live above it, so tests can
 * put a fake transport in its place.
 *
 * The timeout is an inactivity timeout: it restarts whenever a byte of the request body is
 * handed to the socket or a byte of the response arrives, so a large upload on a slow link is
 * not cut off while it is making progress. `maxMs` bounds the whole attempt besides, so a server
 * trickling a byte every few seconds cannot hold a job for ever. Both run on real time, not
 * the injected Clock: they guard real I/O, which a virtual clock cannot make faster.
 *
 * Proxies: each request goes through the proxy `proxyFor` (proxy.ts) picks for its URL from
 * the environment, or direct; one undici dispatcher per proxy, made on first use.
 *
 * A request with `connectTo` (an address the caller checked) is sent to that address as its
 * origin, with the URL's host in the Host header: undici takes the TLS server name from Host, so
 * the certificate is checked against the name while the socket (or the proxy's tunnel) goes to
 * the address, and nothing looks the name up again. The proxy decision stays the name's.
 */
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Agent, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { classifyCode, errorCode, type NetworkFailure } from './network-failure.js';
import { describeProxy, parseProxyUrl, proxyFor, type ProxyEnv } from './proxy.js';
import { TransportFailure, type Transport, type TransportRequest, type TransportResponse } from './transport-types.js';

export { TransportFailure } from './transport-types.js';
export type { Transport, TransportRequest, TransportResponse } from './transport-types.js';

const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Maps an error of the request phase (no response yet) to a failure kind. */
export function classifyRequestError(err: unknown): NetworkFailure {
  return classifyCode(errorCode(err));
}

/** undici's words when a proxy answers CONNECT with anything but 200. */
const PROXY_REFUSED = /Proxy response \((\d{3})\)/;
const PROXY_AUTH = /Proxy Authentication Required/i;

function normalizeHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10}s`;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface UndiciTransportOptions {
  /** How long an idle keep-alive connection is kept (ms). */
  keepAliveTimeoutMs?: number;
  /** Where HTTPS_PROXY, NO_PROXY and the rest are read; default process.env. */
  env?: ProxyEnv;
  /** Dispatchers shared with another user (the GitHub API's fetch); made here otherwise. */
  dispatchers?: Dispatchers;
  /**
   * Further CAs to trust (PEM), besides Node's own and NODE_EXTRA_CA_CERTS: for tests and
   * embedders; the action relies on NODE_EXTRA_CA_CERTS, read by Node at start.
   */
  ca?: string;
}

/** Picks and keeps the dispatcher of each URL: the direct pool, or one per proxy. */
export interface Dispatchers {
  /** `pinned`: the request goes to an address (`connectTo`), the URL's host named in Host and TLS only. */
  for(url: URL, pinned?: boolean): { dispatcher: Dispatcher; proxy?: string };
  close(): Promise<void>;
}

export function createDispatchers(options: UndiciTransportOptions = {}): Dispatchers {
  const env = options.env ?? process.env;
  // A malformed proxy variable is reported now, once, rather than by every request.
  for (const [name, raw] of [
    ['HTTPS_PROXY', env.https_proxy || env.HTTPS_PROXY],
    ['HTTP_PROXY', env.http_proxy || env.HTTP_PROXY],
  ] as const) {
    if (raw?.trim()) parseProxyUrl(raw.trim(), name);
  }
  // Our inactivity timer governs; undici's own 300 s timers are turned off to avoid two clocks.
  const common = { keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000, headersTimeout: 0, bodyTimeout: 0 };
  const tls = options.ca ? { ca: [...rootCertificates, options.ca] } : undefined;
  const direct = new Agent(tls ? { ...common, connect: tls } : common);
  const proxies = new Map<string, ProxyAgent>();
  return {
    for(url, pinned = false) {
      const choice = proxyFor(url, env);
      if (!choice) return { dispatcher: direct };
      // Given requestTls, undici's ProxyAgent takes the server name from it alone, and a pinned
      // origin is an address: the name goes there (one agent per name), or TLS would check the address.
      const servername = pinned && tls ? serverName(url) : undefined;
      const key = `${choice.url.href} ${choice.authorization ?? ''} ${servername ?? ''}`;
      let agent = proxies.get(key);
      if (!agent) {
        agent = new ProxyAgent({
          ...common,
          uri: choice.url.href,
          token: choice.authorization,
          ...(tls ? { requestTls: servername ? { ...tls, servername } : tls } : {}),
        });
        proxies.set(key, agent);
      }
      return { dispatcher: agent, proxy: describeProxy(choice) };
    },
    async close() {
      await Promise.all([direct.close(), ...[...proxies.values()].map((a) => a.close())]);
    },
  };
}

/** The host of a URL as TLS names it: undefined for an address, which TLS does not send. */
function serverName(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 ? host : undefined;
}

/** Where a request goes: its own origin, or the checked address in its host's place (`connectTo`). */
function target(req: TransportRequest): { origin: string; headers: Record<string, string> } {
  if (req.connectTo === undefined) return { origin: req.url.origin, headers: req.headers };
  if (isIP(req.connectTo) === 0) throw new TypeError('connectTo must be an IP address');
  const origin = new URL(req.url.origin);
  origin.hostname = isIP(req.connectTo) === 6 ? `[${req.connectTo}]` : req.connectTo;
  return { origin: origin.origin, headers: { ...req.headers, host: req.url.host } };
}

/**
 * A WHATWG fetch over the same dispatchers, for libraries that take one (octokit for the GitHub
 * API, the kept archive's blob): the same proxy decision, at most `maxMs` until the answer's
 * headers, then at most `maxMs` of silence while its body comes. A body that keeps coming is not
 * cut (a kept archive of a gigabyte over a slow link), one that stalls is.
 */
export function createProxyFetch(dispatchers: Dispatchers, maxMs = 60_000): typeof fetch {
  const proxied = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const wait = (what: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => stop.abort(new DOMException(`${what} within ${maxMs} ms`, 'TimeoutError')), maxMs);
      timer.unref();
    };
    wait('no answer');
    const signal = init.signal ? AbortSignal.any([init.signal, stop.signal]) : stop.signal;
    const { dispatcher } = dispatchers.for(url);
    let res: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      res = await undiciFetch(url, { ...(init as object), signal, dispatcher } as Parameters<typeof undiciFetch>[1]);
    } catch (err) {
      clearTimeout(timer);
      throw err;
    }
    if (!res.body) {
      clearTimeout(timer);
      return res as unknown as Response;
    }
    wait('no more of the answer');
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(piece, out) {
          wait('no more of the answer');
          out.enqueue(piece);
        },
        flush: () => clearTimeout(timer),
      }),
    );
    return new Response(body as ReadableStream, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers as unknown as Headers,
    });
  };
  return proxied as typeof fetch;
}

/** The real transport: undici, with a connection pool per proxy (or direct) per client. */
export function createUndiciTransport(options: UndiciTransportOptions = {}): Transport {
  const dispatchers = options.dispatchers ?? createDispatchers(options);

  async function send(req: TransportRequest): Promise<TransportResponse> {
    if (req.signal?.aborted) throw new TransportFailure('cancelled', 'cancelled before sending');
    const { dispatcher, proxy } = dispatchers.for(req.url, req.connectTo !== undefined);
    const { origin, headers } = target(req);
    const timer = new AbortController();
    let handle: NodeJS.Timeout | undefined;
    let overMax = false;
    const touch = () => {
      clearTimeout(handle);
      handle = setTimeout(() => timer.abort(), req.timeoutMs);
    };
    const maxHandle =
      req.maxMs === undefined
        ? undefined
        : setTimeout(
            () => {
              overMax = true;
              timer.abort();
            },
            Math.max(0, req.maxMs),
          );
    const signal = req.signal ? AbortSignal.any([req.signal, timer.signal]) : timer.signal;

    let bodyError: unknown;
    let bodySent = false;
    const source = typeof req.body === 'string' ? undefined : req.body;
    if (source) {
      let sent = 0;
      // Counted as undici reads it, with no stream in between: a stage of its own would hold
      // chunks too, and the upload body reuses its buffers on the promise that only the socket
      // holds them (part-body.ts). Paused first, so that this listener does not start the flow
      // before undici listens (undici resumes it).
      source.pause();
      source.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        touch();
        req.onBodyProgress?.(sent);
      });
      source.on('end', () => {
        bodySent = true;
      });
      source.on('error', (err) => {
        bodyError ??= err;
      });
    }

    const failed = (err: unknown, phase: 'request' | 'response'): TransportFailure => {
      if (req.signal?.aborted) return new TransportFailure('cancelled', 'cancelled by the caller');
      if (timer.signal.aborted) {
        const why = overMax
          ? `not done within ${seconds(req.maxMs!)}, the longest a request may take`
          : `no progress within ${seconds(req.timeoutMs)}`;
        return new TransportFailure('timeout', why, undefined, proxy);
      }
      if (bodyError !== undefined) return new TransportFailure('body', message(bodyError), errorCode(bodyError));
      const text = message(err);
      if (proxy && phase === 'request') {
        const refused = PROXY_REFUSED.exec(text);
        if (refused) {
          const failure = refused[1] === '407' ? 'proxy-auth' : 'proxy';
          return new TransportFailure(failure, text, refused[1], proxy);
        }
        if (PROXY_AUTH.test(text)) return new TransportFailure('proxy-auth', text, '407', proxy);
      }
      const failure = phase === 'request' ? classifyRequestError(err) : 'broken';
      return new TransportFailure(failure, text, errorCode(err), proxy);
    };

    touch();
    try {
      let res: Dispatcher.ResponseData;
      try {
        res = await dispatcher.request({
          origin,
          path: req.url.pathname + req.url.search,
          method: req.method as Dispatcher.HttpMethod,
          headers,
          body: req.body ?? null,
          signal,
        });
      } catch (err) {
        throw failed(err, 'request');
      }
      touch();
      const earlyAnswer = source !== undefined && !bodySent;
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
          ...(earlyAnswer ? { earlyAnswer } : {}),
        };
      } catch (err) {
        res.body.destroy();
        throw failed(err, 'response');
      }
    } finally {
      clearTimeout(handle);
      clearTimeout(maxHandle);
      source?.destroy(); // a no-op after a complete send; releases the file otherwise
    }
  }

  return { send, close: () => dispatchers.close() };
}
