/**
 * Sends one route call: builds the URL and headers, runs attempts through the transport,
 * applies the retry policy (retry-policy.ts) with the injected clock, and turns the final
 * failure into a typed, redacted ApiError (answer-errors.ts).
 */
import type { Readable } from 'node:stream';
import type { Clock } from '../util/clock.js';
import { type Redactor } from '../util/redact.js';
import type { ClientEvent } from './events.js';
import { type RetryOptions, type StreamRefusal } from './retry-policy.js';
import { type RouteDef } from './routes.js';
import { type Transport } from './transport-types.js';
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
/**
 * An attempt started at or just before a caller's deadline still gets this long: the last
 * poll of a wait is made at the deadline, and would otherwise be cut off before it is sent.
 */
export declare const LAST_ATTEMPT_MS = 5000;
/** Default longest time of one attempt: a JSON call that takes longer is trickling, not working. */
export declare const DEFAULT_REQUEST_MAX_MS = 120000;
/**
 * The longest an upload attempt may take: 5 minutes, plus the time the body takes at
 * 128 KiB/s (about 1 Mbit/s, a slow uplink). A 100 MiB zip gets 18 min 20 s; the inactivity
 * timeout still ends a stalled upload long before that.
 */
export declare function uploadMaxMs(bytes: number): number;
export declare function createRequester(cfg: RequesterConfig): Requester;
