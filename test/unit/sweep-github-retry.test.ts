/**
 * Reading pull request states within GitHub's rate limits: what each answer means (judge), and
 * the readers that share a pause when a rate limit is met (readPullStates, on a virtual clock).
 */
import { describe, expect, it } from 'vitest';
import type { PullRequestAnswer } from '../../src/github/pull-request-state.js';
import {
  judge,
  MAX_ATTEMPTS,
  MAX_WAIT_MS,
  rateLimitWait,
  UNHINTED_RATE_LIMIT_MS,
  type Judgement,
} from '../../src/steps/sweep/github-retry.js';
import { readPullStates } from '../../src/steps/sweep/read-states.js';
import { VirtualClock } from '../../src/util/clock.js';

const NOW = Date.UTC(2026, 10, 1, 3, 0, 0);
type Refused = Extract<PullRequestAnswer, { kind: 'refused' }>;
const refused = (status: number, headers: Record<string, string> = {}, message = ''): Refused => ({
  kind: 'refused',
  status,
  headers,
  message,
});
const found = (state: 'open' | 'closed', merged = false): PullRequestAnswer => ({ kind: 'found', state, merged });
const unreachable = (message: string): PullRequestAnswer => ({ kind: 'unreachable', message });
const notFound = (status: 404 | 410): PullRequestAnswer => ({ kind: 'not-found', status, repository: 'octo-org/shop' });
const spent = (inSeconds: number | string) => ({
  'x-ratelimit-remaining': '0',
  'x-ratelimit-reset': typeof inSeconds === 'string' ? inSeconds : String(NOW / 1000 + inSeconds),
});
const waits = (waitMs: number, why: string, rateLimited = false): Judgement => ({ waitMs, why, rateLimited });
const unreadable = (reason: string): Judgement => ({ state: { kind: 'unreadable', reason } });
const NO_PERMISSION = unreadable('no permission (403); give the workflow "permissions: pull-requests: read"');
const LIMIT = (status: number) => `GitHub's rate limit (${status})`;

describe('judge: one answer of GitHub', () => {
  const LAST = MAX_ATTEMPTS;
  const retryAfter = (seconds: number) => ({ 'retry-after': String(seconds) });
  it.each<[PullRequestAnswer, number, Judgement]>([
    [found('open'), 1, { state: { kind: 'open' } }],
    [found('closed'), 1, { state: { kind: 'closed' } }],
    [found('closed', true), 1, { state: { kind: 'merged' } }],
    [notFound(404), 1, { state: { kind: 'missing', repository: 'octo-org/shop' } }],
    [notFound(410), 1, { state: { kind: 'missing', repository: 'octo-org/shop' } }],
    // No answer, or a 5xx: backed off 1 s, 2 s, 4 s, then the preview kept.
    [unreachable('ECONNRESET at x'), 1, waits(1_000, 'GitHub could not be reached: ECONNRESET at x')],
    [refused(502), 2, waits(2_000, 'GitHub answered 502')],
    [unreachable('ECONNRESET'), 3, waits(4_000, 'GitHub could not be reached: ECONNRESET')],
    [refused(503), LAST, unreadable(`GitHub answered 503, still after ${LAST} attempts`)],
    // A retry-after on an answer that is no rate limit is not waited for.
    [refused(500, retryAfter(90)), 1, waits(1_000, 'GitHub answered 500')],
    // A secondary rate limit, waited out for as long as retry-after says; a primary one until its reset.
    [refused(403, retryAfter(30)), 1, waits(30_000, LIMIT(403), true)],
    [refused(429, retryAfter(2)), 1, waits(2_000, LIMIT(429), true)],
    [refused(403, spent(45)), 1, waits(46_000, LIMIT(403), true)],
    // A rate limit that gives no time: a minute.
    [refused(429), 1, waits(UNHINTED_RATE_LIMIT_MS, LIMIT(429), true)],
    [refused(403, {}, 'You have exceeded a secondary rate limit'), 1, waits(60_000, LIMIT(403), true)],
    [refused(403, spent(1800)), 1, unreadable(`${LIMIT(403)} lifts in 1801 s, longer than a sweep waits`)],
    [refused(429, retryAfter(5)), LAST - 1, waits(5_000, LIMIT(429), true)],
    [refused(429, retryAfter(5)), LAST, unreadable(`${LIMIT(429)}, still after ${LAST} attempts`)],
    [refused(403, {}, 'Resource not accessible by integration'), 1, NO_PERMISSION],
    // x-ratelimit-reset counts only when the limit is spent, and only as whole seconds.
    [refused(403, { ...spent(30), 'x-ratelimit-remaining': '7' }), 1, NO_PERMISSION],
    [refused(403, spent(`${NOW / 1000 + 30}x`)), 1, NO_PERMISSION],
    [refused(403, spent(`x${NOW / 1000 + 30}`)), 1, NO_PERMISSION],
    [refused(403, spent('')), 1, NO_PERMISSION],
    [refused(401), 1, unreadable('GitHub refused github-token (401); check the token')],
    [refused(422, {}, 'Validation Failed'), 1, unreadable('GitHub answered 422: Validation Failed')],
    [refused(418), 1, unreadable('GitHub answered 418')],
  ])('%j, attempt %i: %j', (answer, attempt, want) => {
    expect(judge(answer, attempt, NOW)).toEqual(want);
  });

  it.each<[Refused, number | null]>([
    [refused(500, { 'retry-after': '5' }), null],
    [refused(401, { 'retry-after': '5' }), null],
    [refused(403, spent(30)), 31_000],
  ])('rateLimitWait(%j) is %s', (answer, ms) => {
    expect(rateLimitWait(answer, NOW)).toBe(ms);
  });

  // The longest wait, at the second: a wait one second longer keeps the preview for the next
  // sweep instead of holding the job (and its minutes) for up to an hour.
  it.each([
    ['retry-after in seconds', (s: number) => ({ 'retry-after': String(s) })],
    ['retry-after as an HTTP date', (s: number) => ({ 'retry-after': new Date(NOW + s * 1000).toUTCString() })],
    // GitHub's reset is a second; one more is added for the clocks' difference.
    ['x-ratelimit-reset', (s: number) => spent(s - 1)],
  ])('%s: a wait of exactly MAX_WAIT_MS is waited, one second more is not', (_, headers) => {
    const limit = MAX_WAIT_MS / 1000;
    for (const status of [403, 429]) {
      expect(judge(refused(status, headers(limit)), 1, NOW)).toEqual(waits(MAX_WAIT_MS, LIMIT(status), true));
      expect(judge(refused(status, headers(limit + 1)), 1, NOW)).toEqual(
        unreadable(`${LIMIT(status)} lifts in ${limit + 1} s, longer than a sweep waits`),
      );
    }
  });
});

describe('readPullStates: a few at a time, one pause for all', () => {
  const readers = (read: (n: number) => Promise<PullRequestAnswer>, concurrency?: number) => {
    const clock = new VirtualClock(NOW);
    const waits: string[] = [];
    const options = {
      clock,
      signal: new AbortController().signal,
      concurrency,
      read,
      onWait: (m: string) => waits.push(m),
    };
    return { clock, waits, options };
  };
  const turn = () => new Promise((r) => setImmediate(r));

  it('asks each number once, with no more than the concurrency in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const { options } = readers(async (n) => {
      asked.push(n);
      most = Math.max(most, ++inFlight);
      await turn();
      inFlight--;
      return found(n % 2 ? 'closed' : 'open');
    }, 3);
    const states = await readPullStates([1, 2, 3, 4, 5, 6, 7, 2, 3], options);
    expect(asked.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
    expect([states.get(2), states.get(7)]).toEqual([{ kind: 'open' }, { kind: 'closed' }]);
  });

  it('holds every reader after a secondary rate limit, then asks again', async () => {
    const times: [number, number][] = [];
    let limited = false;
    const { clock, waits, options } = readers(async (n) => {
      times.push([n, clock.now() - NOW]);
      if (n === 1 && !limited) {
        limited = true;
        return refused(403, { 'retry-after': '10' }, 'secondary rate limit');
      }
      await turn();
      return found('closed');
    }, 2);
    const states = await readPullStates([1, 2, 3, 4], options);
    expect([...states.keys()].sort()).toEqual([1, 2, 3, 4]);
    // Number 1 was asked again after the pause, and so was every request that started after the 403.
    const after = times.filter(([, at]) => at >= 10_000).map(([n]) => n);
    expect(after).toContain(1);
    expect(times.filter(([n]) => n === 1)).toHaveLength(2);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(waits).toEqual(["pull request #1: GitHub's rate limit (403); asking again in 10 s"]);
  });

  it('keeps asking after a 500 until an answer, and stops at the last attempt', async () => {
    let calls = 0;
    const flaky = await readPullStates([5], readers(async () => (++calls < 3 ? refused(500) : found('open'))).options);
    expect([flaky.get(5), calls]).toEqual([{ kind: 'open' }, 3]);
    const down = await readPullStates([6], readers(async () => refused(500)).options);
    expect(down.get(6)).toMatchObject({ kind: 'unreadable' });
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    const { options } = readers(async () => {
      controller.abort(new Error('cancelled'));
      return refused(503);
    });
    await expect(readPullStates([1], { ...options, signal: controller.signal })).rejects.toThrow('cancelled');
  });
});
