/**
 * `createClient`: the typed client of both APIs. Everything with a side effect is passed in
 * (transport, clock, randomness, signal), so the action, tests and benchmarks drive it alike.
 */
import { type Clock } from '../util/clock.js';
import { type Redactor } from '../util/redact.js';
import { type HeadlessMethods } from './headless.js';
import { type HostingMethods } from './hosting.js';
import type { ClientEvent, RetryEvent } from './events.js';
import type { ProxyEnv } from './proxy.js';
import { type RetryOptions } from './retry-policy.js';
import type { Transport } from './transport-types.js';
export interface ClientOptions {
    /** Hosting management API base URL, without `/v1` (the `api-url` input). */
    hostingUrl?: string;
    /** Headless API base URL, without `/v1`, e.g. `http://127.0.0.1:8080/headless` (`headless-api-url`). */
    headlessUrl?: string;
    /** The API user; may be empty when only webhooks are triggered. */
    credentials: {
        userId: string;
        password: string;
    };
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
export type Client = HostingMethods & HeadlessMethods & {
    /** Redacts this client's secrets (and any `token=` value) from a string. */
    redact: Redactor;
    /** Closes idle connections; the client must not be used afterwards. */
    close(): Promise<void>;
};
export declare const DEFAULT_REQUEST_TIMEOUT_MS = 30000;
export declare const DEFAULT_USER_AGENT = "headless-deploy-client/0.1";
export declare function createClient(options: ClientOptions): Client;
