/**
 * Waiting for a long-running operation: poll on the schedule of poll-schedule.ts, on the
 * injected clock, until it is done or the timeout is reached.
 *
 * - The name polled is always the one given. Polling `.../operations/no_build` answers the
 *   environment's latest operation, whose name may differ (it takes a real build id once the
 *   build starts); the answer is returned as it is, and never used as the next name to poll.
 * - A done operation (or one `settled` accepts) is returned whether it succeeded or failed: the caller reads `error`
 *   (`error.message` says why a build failed). Only the wait itself throws: TimeoutError when
 *   the deadline passes (carrying the operation as last seen), CancelledError on abort, and
 *   the poll's own error when it is not transient (401, 403, 404, 400).
 * - A poll answered without an operation counts as a poll that failed transiently.
 * - A poll that fails transiently (429, 5xx, network, request timeout) after the client's own
 *   retries does not end the wait; the next poll comes on schedule. A short outage during a
 *   30-minute build should not fail the deploy. A certificate or TLS failure, or a proxy
 *   refusing our credentials, is not transient: it ends the wait at once.
 * - The deadline bounds a poll in flight too (see LAST_ATTEMPT_MS in request.ts).
 * - No sleep ends past the deadline; the last poll is made at the deadline.
 */
import type { Clock } from '../util/clock.js';
import { ApiError } from './errors.js';
import { type PollSchedule } from './poll-schedule.js';
import type { Operation } from './types.js';
import { formatDuration } from '../util/format.js';
export interface PollInfo {
    /** 1 for the first poll. */
    poll: number;
    elapsedMs: number;
    /** Set when this poll failed transiently (the wait goes on). */
    error?: ApiError;
}
export interface WaitOptions {
    /** Longest wait, in ms, from the first poll. */
    timeoutMs: number;
    signal?: AbortSignal;
    /**
     * Called after every poll, with the operation as seen (undefined when the poll failed). What
     * it throws ends the wait (a caller that sees another upload's build, say).
     */
    onPoll?: (operation: Operation | undefined, info: PollInfo) => void;
    /**
     * When the operation as seen ends the wait; by default once it is done. A caller following
     * `…/operations/no_build` may still see the operation before its upload's, done.
     */
    settled?: (operation: Operation) => boolean;
    schedule?: Partial<PollSchedule>;
}
export interface WaitDeps {
    clock: Clock;
    /**
     * Fetches the operation (undefined: the answer held none); retries no later than `deadline`
     * (clock time).
     */
    getOperation(name: string, opts: {
        signal?: AbortSignal;
        deadline: number;
    }): Promise<Operation | undefined>;
}
export { formatDuration };
/** How a failed poll is named in messages: its status, its network code, or what the answer lacked. */
export declare function describePollFailure(err: ApiError): string;
export declare function waitForOperation(deps: WaitDeps, name: string, options: WaitOptions): Promise<Operation>;
