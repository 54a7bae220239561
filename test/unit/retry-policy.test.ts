import { describe, expect, it } from 'vitest';
import {
  backoffCeiling,
  backoffDelay,
  decideRetry,
  isRetryable,
  mayHaveActed,
  parseRetryAfter,
  resolveRetryOptions,
  type AttemptOutcome,
  type RetryOptions,
} from '../../src/api/retry-policy.js';
import type { NetworkFailure } from '../../src/api/network-failure.js';

const opts = (over: Partial<RetryOptions> = {}): RetryOptions => resolveRetryOptions({ random: () => 0.5, ...over });
const status = (s: number, retryAfterMs?: number): AttemptOutcome => ({ kind: 'response', status: s, retryAfterMs });
const net = (failure: NetworkFailure): AttemptOutcome => ({ kind: 'network', failure });

describe('isRetryable: the decision table', () => {
  // [outcome, safe route (GET/PATCH/DELETE/idempotent POST), unsafe POST]
  const table: [string, AttemptOutcome, boolean, boolean][] = [
    ['400', status(400), false, false],
    ['401', status(401), false, false],
    ['403', status(403), false, false],
    ['404', status(404), false, false],
    ['409', status(409), false, false],
    ['413', status(413), false, false],
    ['429', status(429), true, true],
    ['500', status(500), true, false],
    ['502', status(502), true, false],
    ['503', status(503), true, true],
    ['504', status(504), true, false],
    ['connection refused', net('refused'), true, true],
    ['certificate not trusted', net('certificate'), false, false],
    ['TLS handshake failed', net('tls'), false, false],
    ['host does not resolve', net('dns'), true, true],
    ['proxy wants credentials', net('proxy-auth'), false, false],
    ['proxy would not tunnel', net('proxy'), true, true],
    ['reset before any response byte', net('reset'), true, true],
    ['request timeout', net('timeout'), true, false],
    ['answer cut off', net('broken'), true, false],
    ['cancelled', { kind: 'cancelled' }, false, false],
  ];
  it.each(table)('%s: safe %s, unsafe POST %s', (_name, outcome, safe, unsafe) => {
    expect(isRetryable(outcome, true)).toBe(safe);
    expect(isRetryable(outcome, false)).toBe(unsafe);
  });

  it('counts an attempt as possibly acted on only when the server may have seen it and not refused it', () => {
    expect(mayHaveActed(net('refused'))).toBe(false);
    for (const f of ['certificate', 'tls', 'dns', 'proxy', 'proxy-auth'] as const)
      expect(mayHaveActed(net(f))).toBe(false);
    expect(mayHaveActed(net('broken'))).toBe(true);
    expect(mayHaveActed(net('reset'))).toBe(true);
    expect(mayHaveActed(net('timeout'))).toBe(true);
    expect(mayHaveActed(status(500))).toBe(true);
    expect(mayHaveActed(status(502))).toBe(true);
    expect(mayHaveActed(status(503))).toBe(false);
    expect(mayHaveActed(status(429))).toBe(false);
    expect(mayHaveActed(status(400))).toBe(false);
  });
});

describe('decideRetry', () => {
  const ctx = { safe: true, attempt: 1, elapsedMs: 0 };

  it('never retries a certificate or handshake failure, whatever the budget', () => {
    for (const f of ['certificate', 'tls', 'proxy-auth'] as const) {
      expect(decideRetry(net(f), ctx, opts())).toEqual({ retry: false, reason: 'not-retryable' });
    }
  });

  it('retries a name that does not resolve once only', () => {
    expect(decideRetry(net('dns'), { ...ctx, sameOutcomes: 1 }, opts()).retry).toBe(true);
    expect(decideRetry(net('dns'), { ...ctx, attempt: 2, sameOutcomes: 2 }, opts())).toEqual({
      retry: false,
      reason: 'attempts',
    });
    // After a 503 the first DNS failure still gets its one retry.
    expect(decideRetry(net('dns'), { ...ctx, attempt: 3, sameOutcomes: 1 }, opts()).retry).toBe(true);
  });

  it('retries a refused connection (or a proxy that would not tunnel) within the short budget only', () => {
    const o = opts({ unreachableBudgetMs: 10_000, random: () => 1 });
    expect(decideRetry(net('refused'), { ...ctx, attempt: 3, elapsedMs: 7_000 }, o).retry).toBe(true); // 7 + 2 ≤ 10
    expect(decideRetry(net('refused'), { ...ctx, attempt: 3, elapsedMs: 8_500 }, o)).toEqual({
      retry: false,
      reason: 'budget',
    });
    expect(decideRetry(net('proxy'), { ...ctx, attempt: 3, elapsedMs: 8_500 }, o).retry).toBe(false);
    // A 503 at the same point is still retried: the short budget is for unreachable servers.
    expect(decideRetry(status(503), { ...ctx, attempt: 3, elapsedMs: 8_500 }, o).retry).toBe(true);
  });

  it('starts no retry once the deadline has passed, even with no wait', () => {
    const o = opts({ random: () => 0 });
    expect(decideRetry(status(503), { ...ctx, remainingMs: 0 }, o)).toEqual({ retry: false, reason: 'deadline' });
    expect(decideRetry(status(503), { ...ctx, remainingMs: -5 }, o)).toEqual({ retry: false, reason: 'deadline' });
    expect(decideRetry(status(503), { ...ctx, remainingMs: 1 }, o).retry).toBe(true);
  });

  it('does not retry a success', () => {
    expect(decideRetry(status(200), ctx, opts())).toEqual({ retry: false, reason: 'success' });
  });
  it('does not retry when cancelled', () => {
    expect(decideRetry({ kind: 'cancelled' }, ctx, opts())).toEqual({ retry: false, reason: 'cancelled' });
  });
  it('does not retry what the table forbids', () => {
    expect(decideRetry(status(500), { ...ctx, safe: false }, opts())).toEqual({
      retry: false,
      reason: 'not-retryable',
    });
    expect(decideRetry(status(404), ctx, opts())).toEqual({ retry: false, reason: 'not-retryable' });
  });
  it('retries with a jittered backoff below the ceiling', () => {
    const d = decideRetry(status(503), { ...ctx, attempt: 3 }, opts({ random: () => 0.5 }));
    expect(d).toEqual({ retry: true, delayMs: 1000, reason: 'status 503' }); // 0.5 × min(15000, 500·2²)
  });
  it('stops after the last attempt', () => {
    expect(decideRetry(status(503), { ...ctx, attempt: 5 }, opts())).toEqual({ retry: false, reason: 'attempts' });
    expect(decideRetry(status(503), { ...ctx, attempt: 4 }, opts()).retry).toBe(true);
  });
  it('stops when the wait would end past the budget', () => {
    const o = opts({ budgetMs: 10_000, random: () => 0.999 });
    expect(decideRetry(status(503), { ...ctx, attempt: 2, elapsedMs: 9_500 }, o)).toEqual({
      retry: false,
      reason: 'budget',
    });
    expect(decideRetry(status(503), { ...ctx, attempt: 2, elapsedMs: 8_000 }, o).retry).toBe(true);
  });
  it('stops when the wait would end past the caller deadline', () => {
    const d = decideRetry(status(503, 5_000), { ...ctx, remainingMs: 4_999 }, opts());
    expect(d).toEqual({ retry: false, reason: 'deadline' });
    expect(decideRetry(status(503, 5_000), { ...ctx, remainingMs: 5_000 }, opts()).retry).toBe(true);
  });
  it('honours Retry-After instead of the backoff, capped', () => {
    expect(decideRetry(status(429, 7_000), ctx, opts())).toMatchObject({ retry: true, delayMs: 7_000 });
    expect(decideRetry(status(429, 0), ctx, opts())).toMatchObject({ retry: true, delayMs: 0 });
    expect(decideRetry(status(503, 600_000), ctx, opts({ maxRetryAfterMs: 30_000 }))).toMatchObject({
      retry: true,
      delayMs: 30_000,
    });
  });
  it('gives up when even the capped Retry-After exceeds the budget', () => {
    const d = decideRetry(status(503, 60_000), { ...ctx, elapsedMs: 100_000 }, opts({ maxRetryAfterMs: 60_000 }));
    expect(d).toEqual({ retry: false, reason: 'budget' });
  });
  it('retries an unsafe POST after a refused or reset connection, not after a timeout', () => {
    const unsafe = { ...ctx, safe: false };
    expect(decideRetry(net('refused'), unsafe, opts()).retry).toBe(true);
    expect(decideRetry(net('reset'), unsafe, opts()).retry).toBe(true);
    expect(decideRetry(net('timeout'), unsafe, opts())).toEqual({ retry: false, reason: 'not-retryable' });
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap', () => {
    const o = { baseMs: 500, capMs: 15_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffCeiling(n, o))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000,
    ]);
  });
  it('stays within [0, ceiling) for any random value (full jitter)', () => {
    const o = { baseMs: 500, capMs: 15_000 };
    for (const r of [0, 0.25, 0.999999, 1, -1, 2]) {
      for (let n = 1; n <= 8; n++) {
        const d = backoffDelay(n, { ...o, random: () => r });
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(backoffCeiling(n, o));
      }
    }
    expect(backoffDelay(3, { ...o, random: () => 0 })).toBe(0);
  });
  it('clamps the number of attempts to at least one', () => {
    expect(resolveRetryOptions({ attempts: 0 }).attempts).toBe(1);
    expect(resolveRetryOptions({ attempts: 2.7 }).attempts).toBe(2);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  it.each([
    ['5', 5000],
    ['0', 0],
    [' 120 ', 120_000],
    ['Thu, 01 Jan 2026 12:00:30 GMT', 30_000],
    ['Thu, 01 Jan 2026 11:00:00 GMT', 0],
  ])('%j → %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
  it.each([undefined, null, '', '1.5', '-1', 'soon', '12abc'])('%j is ignored', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
