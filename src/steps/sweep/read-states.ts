/**
 * Reads the state of many pull requests, a few at a time, within GitHub's rate limits: each
 * answer is judged by github-retry.ts; a rate limit pauses every reader (not only the one that
 * met it) until it lifts, as GitHub asks; a server error is retried by that reader alone. The
 * clock is injected, so tests wait for nothing.
 */
import type { PullRequestAnswer } from '../../github/pull-request-state.js';
import type { Clock } from '../../util/clock.js';
import type { PullState } from './decide.js';
import { judge } from './github-retry.js';

/**
 * Requests in flight at once. GitHub counts concurrent requests towards its secondary rate
 * limits; a handful of GETs keeps a sweep of a hundred previews to seconds without meeting them.
 */
export const CONCURRENCY = 4;

export interface ReadStatesOptions {
  read(number: number, signal: AbortSignal): Promise<PullRequestAnswer>;
  clock: Clock;
  signal: AbortSignal;
  concurrency?: number;
  /** Told of each wait, for the log. */
  onWait?(message: string): void;
}

/** The state of each pull request, by number (each number asked once). */
export async function readPullStates(
  numbers: readonly number[],
  o: ReadStatesOptions,
): Promise<Map<number, PullState>> {
  const queue = [...new Set(numbers)];
  const states = new Map<number, PullState>();
  let next = 0;
  let pausedUntil = 0;

  async function reader(): Promise<void> {
    while (next < queue.length) {
      const number = queue[next++]!;
      for (let attempt = 1; ; attempt++) {
        const paused = pausedUntil - o.clock.now();
        if (paused > 0) await o.clock.sleep(paused, o.signal);
        const judged = judge(await o.read(number, o.signal), attempt, o.clock.now());
        if ('state' in judged) {
          states.set(number, judged.state);
          break;
        }
        o.onWait?.(`pull request #${number}: ${judged.why}; asking again in ${Math.ceil(judged.waitMs / 1000)} s`);
        if (judged.rateLimited) pausedUntil = Math.max(pausedUntil, o.clock.now() + judged.waitMs);
        else await o.clock.sleep(judged.waitMs, o.signal);
      }
    }
  }

  const readers = Math.max(1, Math.min(o.concurrency ?? CONCURRENCY, queue.length));
  await Promise.all(Array.from({ length: readers }, reader));
  return states;
}
