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
import {
  ApiError,
  CancelledError,
  InternalServerError,
  NetworkError,
  ServiceUnavailable,
  TimeoutError,
  TooManyRequests,
  UnexpectedAnswer,
  UpstreamInvalid,
} from './errors.js';
import { nextPollAt, resolvePollSchedule, type PollSchedule } from './poll-schedule.js';
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
  getOperation(name: string, opts: { signal?: AbortSignal; deadline: number }): Promise<Operation | undefined>;
}

const TRANSIENT = [TooManyRequests, ServiceUnavailable, InternalServerError, UpstreamInvalid, NetworkError];

/** A certificate, a handshake or a proxy's refusal of our credentials will be the same at the next poll. */
const PERMANENT: readonly (string | undefined)[] = ['certificate', 'tls', 'proxy-auth'];

function isTransient(err: unknown): err is ApiError {
  if (err instanceof TimeoutError || err instanceof UnexpectedAnswer) return true;
  if (err instanceof NetworkError && PERMANENT.includes(err.failure)) return false;
  return TRANSIENT.some((Cls) => err instanceof Cls);
}

export { formatDuration };

/** How a failed poll is named in messages: its status, its network code, or what the answer lacked. */
export function describePollFailure(err: ApiError): string {
  if (err instanceof UnexpectedAnswer) return 'answered without an operation';
  return err.status ? `status ${err.status}` : (err.code ?? err.name);
}

export async function waitForOperation(deps: WaitDeps, name: string, options: WaitOptions): Promise<Operation> {
  const { clock } = deps;
  const schedule = resolvePollSchedule(options.schedule);
  const timeoutMs = Math.max(0, options.timeoutMs);
  const start = clock.now();
  const deadline = start + timeoutMs;
  const path = `/v1/${name}`;
  let last: Operation | undefined;
  let lastError: ApiError | undefined;
  let scheduled = 0;

  for (let poll = 1; ; poll++) {
    try {
      const op = await deps.getOperation(name, { signal: options.signal, deadline });
      // An answer without an operation says nothing of the build: the wait goes on, as after a
      // poll that failed for a while.
      if (!op) throw new UnexpectedAnswer({ method: 'GET', path, detail: 'the answer holds no operation' });
      last = op;
      lastError = undefined;
      options.onPoll?.(op, { poll, elapsedMs: clock.now() - start });
      if (options.settled ? options.settled(op) : op.done) return op;
    } catch (err) {
      if (!isTransient(err)) throw err;
      lastError = err;
      options.onPoll?.(undefined, { poll, elapsedMs: clock.now() - start, error: err });
    }

    const elapsed = clock.now() - start;
    if (elapsed >= timeoutMs) {
      const why = lastError && describePollFailure(lastError);
      const failed = why ? `; the last poll failed (${why})` : '';
      throw new TimeoutError({
        method: 'GET',
        path,
        operation: last,
        waitedMs: elapsed,
        detail: `operation not done after ${formatDuration(elapsed)} (${poll} polls)${failed}`,
        advice: 'the build may still be running; raise the timeout, or check the environment in the portal',
        cause: lastError,
      });
    }
    const at = nextPollAt(scheduled, elapsed, timeoutMs, schedule);
    try {
      await clock.sleep(Math.max(0, at - elapsed), options.signal);
    } catch (err) {
      const cause = err instanceof Error ? new Error(err.message) : undefined;
      throw new CancelledError({ method: 'GET', path, attempts: poll, cause });
    }
    scheduled = at;
  }
}
