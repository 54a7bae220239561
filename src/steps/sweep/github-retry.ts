/**
 * What one answer of GitHub to `GET /pulls/{n}` means for the sweep: a state, or a wait and
 * another try. Pure: the time comes in as `now`, the loop that waits is in read-states.ts.
 *
 * | answer                                                          | then                                  |
 * | --------------------------------------------------------------- | ------------------------------------- |
 * | 200 open / closed (merged or not)                               | that state                            |
 * | 404, 410 (no such pull request in the repository)               | missing (the preview is kept)         |
 * | 403/429 with `retry-after` (secondary rate limit)               | wait that long, try again             |
 * | 403/429 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset` | wait until the reset, try again       |
 * | 429, or 403 saying "rate limit", without either header          | wait a minute (GitHub's advice)       |
 * | 401                                                             | unreadable: the token was refused     |
 * | 403 otherwise                                                   | unreadable: no permission             |
 * | 5xx, or no answer                                               | back off (1 s, 2 s, 4 s), try again   |
 * | anything else                                                   | unreadable, with GitHub's status      |
 *
 * A wait longer than `MAX_WAIT_MS` (a primary rate limit that resets in half an hour), or
 * attempts run out: unreadable, and the preview is kept for the next sweep.
 */
import { parseRetryAfter } from '../../api/retry-policy.js';
import type { PullRequestAnswer } from '../../github/pull-request-state.js';
import type { PullState } from './decide.js';

export const MAX_ATTEMPTS = 4;
/** Longest single wait for a rate limit: a nightly job can wait a couple of minutes, not an hour. */
export const MAX_WAIT_MS = 120_000;
/** GitHub: without a retry-after, wait at least one minute after a secondary rate limit. */
export const UNHINTED_RATE_LIMIT_MS = 60_000;
const BACKOFF_MS = [1_000, 2_000, 4_000];

export type Judgement =
  | { readonly state: PullState }
  | {
      readonly waitMs: number;
      readonly why: string;
      /** A rate limit holds every request, not only this one's. */
      readonly rateLimited: boolean;
    };

/** `attempt`: how many requests for this pull request have been answered, this one included. */
export function judge(answer: PullRequestAnswer, attempt: number, now: number): Judgement {
  if (answer.kind === 'found') {
    return { state: { kind: answer.state === 'open' ? 'open' : answer.merged ? 'merged' : 'closed' } };
  }
  if (answer.kind === 'not-found') return { state: { kind: 'missing', repository: answer.repository } };
  if (answer.kind === 'unreachable') return backOff(attempt, `GitHub could not be reached: ${answer.message}`);
  const { status } = answer;
  const rateWait = rateLimitWait(answer, now);
  if (rateWait !== null) {
    const what = `GitHub's rate limit (${status})`;
    if (attempt >= MAX_ATTEMPTS) return unreadable(`${what}, still after ${attempt} attempts`);
    if (rateWait > MAX_WAIT_MS) {
      return unreadable(`${what} lifts in ${Math.ceil(rateWait / 1000)} s, longer than a sweep waits`);
    }
    return { waitMs: rateWait, why: what, rateLimited: true };
  }
  if (status === 401) return unreadable('GitHub refused github-token (401); check the token');
  if (status === 403) {
    return unreadable('no permission (403); give the workflow "permissions: pull-requests: read"');
  }
  if (status >= 500) return backOff(attempt, `GitHub answered ${status}`);
  return unreadable(`GitHub answered ${status}${answer.message ? `: ${answer.message}` : ''}`);
}

/** How long a rate-limit answer says to wait, or null when the answer is not a rate limit. */
export function rateLimitWait(answer: Extract<PullRequestAnswer, { kind: 'refused' }>, now: number): number | null {
  if (answer.status !== 403 && answer.status !== 429) return null;
  // The client's own reading of the header: seconds or an HTTP date.
  const retryAfter = parseRetryAfter(answer.headers['retry-after'], now);
  if (retryAfter !== undefined) return retryAfter;
  const reset = answer.headers['x-ratelimit-reset'];
  if (answer.headers['x-ratelimit-remaining'] === '0' && reset && /^\d+$/.test(reset)) {
    // One second past the reset: GitHub's clock and ours differ by that much.
    return Math.max(0, Number(reset) * 1000 - now) + 1000;
  }
  if (answer.status === 429 || /rate limit/i.test(answer.message)) return UNHINTED_RATE_LIMIT_MS;
  return null;
}

function backOff(attempt: number, why: string): Judgement {
  if (attempt >= MAX_ATTEMPTS) return unreadable(`${why}, still after ${attempt} attempts`);
  return { waitMs: BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!, why, rateLimited: false };
}

function unreadable(reason: string): Judgement {
  return { state: { kind: 'unreadable', reason } };
}
