/**
 * The retry policy, as a pure decision table. The loop that applies it is in request.ts.
 *
 * Which outcomes are retried
 * --------------------------
 * | outcome of an attempt                        | safe request¹ | unsafe POST² | why                                  |
 * |----------------------------------------------|---------------|--------------|--------------------------------------|
 * | 2xx, 3xx, 4xx other than 429                 | no            | no           | an answer; repeating changes nothing |
 * | 429 too many requests                        | yes           | yes          | refused before acting                |
 * | 503 service unavailable                      | yes           | yes          | refused before acting                |
 * | 500 internal error, 502 upstream, 504        | yes           | no           | the server may have acted            |
 * | certificate not trusted, TLS handshake failed| no            | no           | the same certificate comes back; nothing was sent |
 * | proxy wants credentials (407)                | no            | no           | the same credentials are refused again |
 * | host name does not resolve                   | once          | once         | a DNS hiccup passes; a typo does not |
 * | connection refused, unreachable, proxy would not tunnel | yes, short budget⁴ | yes, short budget⁴ | never reached the server |
 * | connection reset before any response byte    | yes           | yes³         | CONTRACT: nothing was acted on       |
 * | no response within the request timeout       | yes           | no           | the server may still be acting       |
 * | answer cut off or malformed                  | yes           | no           | the server has acted or was acting   |
 * | cancelled by the caller's AbortSignal        | no            | no           | the caller asked us to stop          |
 *
 * ¹ GET, PATCH, DELETE, and POST routes marked `idempotent` in routes.ts (upload re-streams the
 *   same zip; domain verification; third-party certificate): repeating them cannot double an effect.
 * ² Every other POST (create site/domain/user/environment, install copy, SSL order, webhook, create app).
 * ³ The contract's "reset" drops the connection before the server does anything, so it is
 *   retried; because a real network could also drop the answer to a request that was acted on,
 *   the request layer marks the final error `mayHaveSucceeded` after such an attempt, and a later
 *   409 is reported the same way, so the caller can look before repeating the request itself.
 * ⁴ `unreachableBudgetMs` (default 10 s) from the first attempt: a server that is restarting
 *   comes back within seconds; a wrong host or port never does, and should fail fast.
 *
 * A body sent while it is produced
 * --------------------------------
 * An upload may send its first attempt while the zip is still being written, without a
 * Content-Length (chunked). A server that will not take a body of unknown length says so with
 * 411, or by answering before it has read the body: `streamRefusal` tells such an answer apart.
 * The next attempt then sends the finished file with its length, at once and without counting
 * against the attempts or the time budget (the server refused the form, not the request), or the
 * call fails when its caller asked for a streamed body only. A 429 or 503 answered early is the
 * ordinary "try later" (counted, with its wait), and a failure without an answer follows the
 * table above; either way every later attempt sends the finished file. Whether an attempt may
 * have acted (`mayHaveActed`) is judged the same way for both forms of body.
 *
 * When to stop
 * ------------
 * Attempts are limited (default 5), and so is the time spent (default 2 min from the first
 * attempt): no retry is started whose wait would end past the budget or past a caller's deadline.
 *
 * How long to wait
 * ----------------
 * Exponential backoff with full jitter: a uniform random delay in [0, min(cap, base·2^(n-1))]
 * after the n-th attempt (AWS Architecture Blog, "Exponential Backoff And Jitter"), so many CI
 * jobs hitting the same outage do not come back in lockstep. A `Retry-After` from the server
 * (seconds or an HTTP date) replaces it, capped at `maxRetryAfterMs` so one answer cannot park
 * a job for an hour; a wait longer than the remaining budget ends the retries instead.
 */
import { type NetworkFailure } from './network-failure.js';
export interface RetryOptions {
    /** Most attempts in all, the first included. */
    attempts: number;
    /** Backoff of the first retry (its upper bound; full jitter draws below it). */
    baseMs: number;
    /** Largest backoff of any one retry. */
    capMs: number;
    /** Longest time from the first attempt after which no retry is started. */
    budgetMs: number;
    /** Longest time from the first attempt after which a refused connection is not retried. */
    unreachableBudgetMs: number;
    /** A longer Retry-After is shortened to this. */
    maxRetryAfterMs: number;
    /** Uniform in [0, 1); injected by tests. */
    random: () => number;
}
export declare const DEFAULT_RETRY: Readonly<RetryOptions>;
export type { NetworkFailure };
/** Attempts in all for a host name that does not resolve: one retry rides out a DNS hiccup. */
export declare const DNS_ATTEMPTS = 2;
export type AttemptOutcome = {
    kind: 'response';
    status: number;
    retryAfterMs?: number;
} | {
    kind: 'network';
    failure: NetworkFailure;
} | {
    kind: 'cancelled';
};
export interface AttemptContext {
    /** The route is safe to repeat (GET/PATCH/DELETE or marked idempotent). */
    safe: boolean;
    /** Attempts made so far, this one included (1 after the first). */
    attempt: number;
    /** Milliseconds since the first attempt started. */
    elapsedMs: number;
    /** Milliseconds left before a caller's deadline, when there is one. */
    remainingMs?: number;
    /** Attempts so far that ended the same way as this one (this one included); default 1. */
    sameOutcomes?: number;
}
export type RetryDecision = {
    retry: true;
    delayMs: number;
    reason: string;
} | {
    retry: false;
    reason: 'success' | 'not-retryable' | 'attempts' | 'budget' | 'deadline' | 'cancelled';
};
/** True when an outcome may be retried for a route of this kind (the table above). */
export declare function isRetryable(outcome: AttemptOutcome, safe: boolean): boolean;
/**
 * True when an attempt with this outcome may have changed something on the server although
 * the request failed: the server may have acted without our seeing the answer.
 */
export declare function mayHaveActed(outcome: AttemptOutcome): boolean;
/** Why a server refused a body sent without a length. */
export type StreamRefusal = 'length-required' | 'answered-early';
/**
 * Whether the outcome of an attempt whose body went without a Content-Length is the server
 * refusing that form: 411 Length Required, or an error status answered before the whole body
 * was sent (`answeredEarly`), other than the retry-later statuses. Null otherwise: success, a
 * failure without an answer, or an answer to the whole body, which the file would get again.
 */
export declare function streamRefusal(outcome: AttemptOutcome, answeredEarly: boolean): StreamRefusal | null;
/** Upper bound of the backoff after the n-th attempt: min(cap, base·2^(n-1)). */
export declare function backoffCeiling(attempt: number, o: Pick<RetryOptions, 'baseMs' | 'capMs'>): number;
/** Full jitter: uniform in [0, ceiling). */
export declare function backoffDelay(attempt: number, o: Pick<RetryOptions, 'baseMs' | 'capMs' | 'random'>): number;
/** Decides whether to try again after an attempt, and how long to wait first. */
export declare function decideRetry(outcome: AttemptOutcome, ctx: AttemptContext, options: RetryOptions): RetryDecision;
/**
 * Parses a Retry-After header value into milliseconds from `now`: delta-seconds or an
 * HTTP date (RFC 9110 §10.2.3). Undefined when absent or unreadable; a date in the past is 0.
 */
export declare function parseRetryAfter(value: string | null | undefined, now: number): number | undefined;
/** Fills in the defaults. */
export declare function resolveRetryOptions(partial?: Partial<RetryOptions>): RetryOptions;
