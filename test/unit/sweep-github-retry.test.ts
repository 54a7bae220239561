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
} from '../../src/steps/sweep/github-retry.js';
import { readPullStates } from '../../src/steps/sweep/read-states.js';
import { VirtualClock } from '../../src/util/clock.js';

const NOW = Date.UTC(2026, 10, 1, 3, 0, 0);
const refused = (status: number, headers: Record<string, string> = {}, message = ''): PullRequestAnswer => ({
  kind: 'refused',
  status,
  headers,
  message,
});

describe('the edges of each rule', () => {
  it('no answer at all: backed off, in words that carry what the reader said', () => {
    expect(judge({ kind: 'unreachable', message: 'ECONNRESET at api.github.com' }, 1, NOW)).toEqual({
      waitMs: 1_000,
      why: 'GitHub could not be reached: ECONNRESET at api.github.com',
      rateLimited: false,
    });
  });

  it('a retry-after on an answer that is no rate limit (500, 401) is not waited for', () => {
    expect(rateLimitWait(refused(500, { 'retry-after': '5' }) as never, NOW)).toBeNull();
    expect(rateLimitWait(refused(401, { 'retry-after': '5' }) as never, NOW)).toBeNull();
    expect(judge(refused(500, { 'retry-after': '90' }), 1, NOW)).toMatchObject({ waitMs: 1_000, rateLimited: false });
  });

  it('x-ratelimit-reset counts only when the limit is spent, and only as whole seconds', () => {
    const at = String(NOW / 1000 + 30);
    const noPermission = 'no permission (403); give the workflow "permissions: pull-requests: read"';
    expect(rateLimitWait(refused(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': at }) as never, NOW)).toBe(
      31_000,
    );
    for (const headers of [
      { 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': at },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': `${at}x` },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': `x${at}` },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '' },
    ]) {
      expect(judge(refused(403, headers), 1, NOW)).toEqual({ state: { kind: 'unreadable', reason: noPermission } });
    }
  });
});

describe('judge: one answer of GitHub', () => {
  it('reads open, closed and merged', () => {
    expect(judge({ kind: 'found', state: 'open', merged: false }, 1, NOW)).toEqual({ state: { kind: 'open' } });
    expect(judge({ kind: 'found', state: 'closed', merged: false }, 1, NOW)).toEqual({ state: { kind: 'closed' } });
    expect(judge({ kind: 'found', state: 'closed', merged: true }, 1, NOW)).toEqual({ state: { kind: 'merged' } });
  });

  it('takes 404 and 410 as a pull request that is not there', () => {
    expect(judge(refused(404), 1, NOW)).toEqual({ state: { kind: 'missing' } });
    expect(judge(refused(410), 1, NOW)).toEqual({ state: { kind: 'missing' } });
  });

  it('waits out a secondary rate limit for as long as retry-after says (403 or 429)', () => {
    expect(judge(refused(403, { 'retry-after': '30' }), 1, NOW)).toMatchObject({ waitMs: 30_000, rateLimited: true });
    expect(judge(refused(429, { 'retry-after': '2' }), 1, NOW)).toMatchObject({ waitMs: 2_000, rateLimited: true });
  });

  it('waits until x-ratelimit-reset when the primary limit is spent', () => {
    const reset = String(NOW / 1000 + 45);
    const j = judge(refused(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), 1, NOW);
    expect(j).toMatchObject({ waitMs: 46_000, rateLimited: true });
  });

  it('waits a minute for a rate limit that gives no time', () => {
    expect(judge(refused(429), 1, NOW)).toMatchObject({ waitMs: UNHINTED_RATE_LIMIT_MS });
    expect(judge(refused(403, {}, 'You have exceeded a secondary rate limit'), 1, NOW)).toMatchObject({
      waitMs: UNHINTED_RATE_LIMIT_MS,
    });
  });

  it('gives up on a wait longer than a sweep waits, and keeps the preview', () => {
    const reset = String(NOW / 1000 + 1800);
    const j = judge(refused(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), 1, NOW);
    expect('state' in j && j.state.kind).toBe('unreadable');
    expect(MAX_WAIT_MS).toBeLessThan(1_800_000);
  });

  // The longest wait, at the second: a wait one second longer keeps the preview for the next
  // sweep instead of holding the job (and its minutes) for up to an hour.
  it.each([
    ['retry-after in seconds', (s: number) => ({ 'retry-after': String(s) })],
    ['retry-after as an HTTP date', (s: number) => ({ 'retry-after': new Date(NOW + s * 1000).toUTCString() })],
    // GitHub's reset is a second; one more is added for the clocks' difference.
    [
      'x-ratelimit-reset',
      (s: number) => ({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + s - 1) }),
    ],
  ])('%s: a wait of exactly MAX_WAIT_MS is waited, one second more is not', (_, headers) => {
    const limit = MAX_WAIT_MS / 1000;
    for (const status of [403, 429]) {
      expect(judge(refused(status, headers(limit)), 1, NOW)).toEqual({
        waitMs: MAX_WAIT_MS,
        why: `GitHub's rate limit (${status})`,
        rateLimited: true,
      });
      expect(judge(refused(status, headers(limit + 1)), 1, NOW)).toEqual({
        state: {
          kind: 'unreadable',
          reason: `GitHub's rate limit (${status}) lifts in ${limit + 1} s, longer than a sweep waits`,
        },
      });
    }
  });

  it('a rate limit is waited out up to the last attempt, and then keeps the preview', () => {
    const limited = refused(429, { 'retry-after': '5' });
    expect(judge(limited, MAX_ATTEMPTS - 1, NOW)).toMatchObject({ waitMs: 5_000, rateLimited: true });
    expect(judge(limited, MAX_ATTEMPTS, NOW)).toEqual({
      state: { kind: 'unreadable', reason: `GitHub's rate limit (429), still after ${MAX_ATTEMPTS} attempts` },
    });
  });

  it('takes a 403 without rate-limit headers as no permission, and does not ask again', () => {
    const j = judge(refused(403, {}, 'Resource not accessible by integration'), 1, NOW);
    expect(j).toEqual({
      state: {
        kind: 'unreadable',
        reason: 'no permission (403); give the workflow "permissions: pull-requests: read"',
      },
    });
    expect(judge(refused(401), 1, NOW)).toEqual({
      state: { kind: 'unreadable', reason: 'GitHub refused github-token (401); check the token' },
    });
    expect(judge(refused(422, {}, 'Validation Failed'), 1, NOW)).toEqual({
      state: { kind: 'unreadable', reason: 'GitHub answered 422: Validation Failed' },
    });
    expect(judge(refused(418), 1, NOW)).toEqual({ state: { kind: 'unreadable', reason: 'GitHub answered 418' } });
  });

  it('backs off after a 5xx or no answer, then gives up after the last attempt', () => {
    expect(judge(refused(500), 1, NOW)).toMatchObject({ waitMs: 1_000, rateLimited: false });
    expect(judge(refused(502), 2, NOW)).toMatchObject({ waitMs: 2_000 });
    expect(judge({ kind: 'unreachable', message: 'ECONNRESET' }, 3, NOW)).toMatchObject({ waitMs: 4_000 });
    const last = judge(refused(503), MAX_ATTEMPTS, NOW);
    expect(last).toEqual({
      state: { kind: 'unreadable', reason: `GitHub answered 503, still after ${MAX_ATTEMPTS} attempts` },
    });
  });
});

describe('readPullStates: a few at a time, one pause for all', () => {
  const found = (state: 'open' | 'closed'): PullRequestAnswer => ({ kind: 'found', state, merged: false });

  it('asks each number once, with no more than the concurrency in flight', async () => {
    const clock = new VirtualClock(NOW);
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const states = await readPullStates([1, 2, 3, 4, 5, 6, 7, 2, 3], {
      clock,
      signal: new AbortController().signal,
      concurrency: 3,
      read: async (n) => {
        asked.push(n);
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setImmediate(r));
        inFlight--;
        return found(n % 2 ? 'closed' : 'open');
      },
    });
    expect(asked.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
    expect(states.get(2)).toEqual({ kind: 'open' });
    expect(states.get(7)).toEqual({ kind: 'closed' });
  });

  it('holds every reader after a secondary rate limit, then asks again', async () => {
    const clock = new VirtualClock(NOW);
    const times: [number, number][] = [];
    let limited = false;
    const waits: string[] = [];
    const states = await readPullStates([1, 2, 3, 4], {
      clock,
      signal: new AbortController().signal,
      concurrency: 2,
      onWait: (m) => waits.push(m),
      read: async (n) => {
        times.push([n, clock.now() - NOW]);
        if (n === 1 && !limited) {
          limited = true;
          return refused(403, { 'retry-after': '10' }, 'secondary rate limit');
        }
        await new Promise((r) => setImmediate(r));
        return found('closed');
      },
    });
    expect([...states.keys()].sort()).toEqual([1, 2, 3, 4]);
    // Number 1 was asked again after the pause, and so was every request that started after the 403.
    const after = times.filter(([, at]) => at >= 10_000).map(([n]) => n);
    expect(after).toContain(1);
    expect(times.filter(([n]) => n === 1)).toHaveLength(2);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(waits).toEqual(["pull request #1: GitHub's rate limit (403); asking again in 10 s"]);
  });

  it('keeps asking after a 500 until an answer, and stops at the last attempt', async () => {
    const clock = new VirtualClock(NOW);
    let calls = 0;
    const flaky = await readPullStates([5], {
      clock,
      signal: new AbortController().signal,
      read: async () => (++calls < 3 ? refused(500) : found('open')),
    });
    expect(flaky.get(5)).toEqual({ kind: 'open' });
    expect(calls).toBe(3);
    const down = await readPullStates([6], {
      clock,
      signal: new AbortController().signal,
      read: async () => refused(500),
    });
    expect(down.get(6)).toMatchObject({ kind: 'unreadable' });
  });

  it('stops when the run is cancelled', async () => {
    const clock = new VirtualClock(NOW);
    const controller = new AbortController();
    const read = async () => {
      controller.abort(new Error('cancelled'));
      return refused(503);
    };
    await expect(readPullStates([1], { clock, signal: controller.signal, read })).rejects.toThrow('cancelled');
  });
});
