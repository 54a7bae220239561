/**
 * `createClient`: the typed client of both APIs. Everything with a side effect is passed in
 * (transport, clock, randomness, signal), so the action, tests and benchmarks drive it alike.
 */
import { realClock, type Clock } from '../util/clock.js';
import { createRedactor, type Redactor } from '../util/redact.js';
import { headlessMethods, type HeadlessMethods } from './headless.js';
import { hostingMethods, type HostingMethods } from './hosting.js';
import type { ClientEvent, RetryEvent } from './events.js';
import { DEFAULT_REQUEST_MAX_MS, createRequester } from './request.js';
import type { ProxyEnv } from './proxy.js';
import { resolveRetryOptions, type RetryOptions } from './retry-policy.js';
import { createUndiciTransport } from './transport.js';
import type { Transport } from './transport-types.js';
import { parseBaseUrl } from './url.js';

export interface ClientOptions {
  /** Hosting management API base URL, without `/v1` (the `api-url` input). */
  hostingUrl?: string;
  /** Headless API base URL, without `/v1`, e.g. `http://127.0.0.1:8080/headless` (`headless-api-url`). */
  headlessUrl?: string;
  /** The API user; may be empty when only webhooks are triggered. */
  credentials: { userId: string; password: string };
  retry?: Partial<RetryOptions>;
  /** Clock for retry waits and operation polling; default the real one. */
  clock?: Clock;
  /** Longest time one attempt may go without progress (ms); default 30 s. */
  requestTimeoutMs?: number;
  /** Longest time one attempt may take in all (ms), uploads excepted (they scale with size); default 2 min. */
  requestMaxMs?: number;
  /** Where the default transport reads HTTPS_PROXY, NO_PROXY and the rest; default process.env. */
  proxyEnv?: ProxyEnv;
  /** Cancels every request in flight and every wait. */
  signal?: AbortSignal;
  /** Called before each retry wait. */
  onRetry?: (event: RetryEvent) => void;
  /** Called for every request, response and retry (no secrets, no query strings). */
  logger?: (event: ClientEvent) => void;
  userAgent?: string;
  /** Replaces the HTTP transport (tests, recording); default undici. */
  transport?: Transport;
}

export type Client = HostingMethods &
  HeadlessMethods & {
    /** Redacts this client's secrets (and any `token=` value) from a string. */
    redact: Redactor;
    /** Closes idle connections; the client must not be used afterwards. */
    close(): Promise<void>;
  };

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_USER_AGENT = 'headless-deploy-client/0.1';

export function createClient(options: ClientOptions): Client {
  const { userId, password } = options.credentials;
  if (userId.includes(':'))
    throw new Error('api-user-id must not contain ":" (it cannot be sent as Basic credentials)');
  const hostingUrl = options.hostingUrl ? parseBaseUrl(options.hostingUrl, 'api-url') : undefined;
  const headlessUrl = options.headlessUrl ? parseBaseUrl(options.headlessUrl, 'headless-api-url') : undefined;
  const redact = createRedactor([password, userId], [userId, password]);
  const transport = options.transport ?? createUndiciTransport({ env: options.proxyEnv });
  const clock = options.clock ?? realClock;
  const onEvent =
    options.logger || options.onRetry
      ? (e: ClientEvent) => {
          options.logger?.(e);
          if (e.type === 'retry') options.onRetry?.(e);
        }
      : undefined;

  const call = createRequester({
    hostingUrl,
    headlessUrl,
    authorization: userId || password ? `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}` : '',
    transport,
    clock,
    retry: resolveRetryOptions(options.retry),
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    requestMaxMs: options.requestMaxMs ?? DEFAULT_REQUEST_MAX_MS,
    signal: options.signal,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    redact,
    onEvent,
  });

  return {
    ...hostingMethods(call, () => hostingUrl!),
    ...headlessMethods(call, clock),
    redact,
    close: async () => {
      await transport.close?.();
    },
  };
}
