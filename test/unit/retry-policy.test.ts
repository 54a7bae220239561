/**
 * The retry policy of src/api/retry-policy.ts as tables: which outcomes are retried for a safe
 * route and for an unsafe POST, and which may have acted; each decision with its wait and the
 * reason it logs, at the exact edges of the attempts, the budgets and a caller's deadline.
 */
import { describe, expect, it } from 'vitest';
import {
  backoffCeiling,
  backoffDelay,
  decideRetry,
  isRetryable,
  mayHaveActed,
  parseRetryAfter,
  resolveRetryOptions,
  type AttemptContext,
  type AttemptOutcome,
  type RetryDecision,
  type RetryOptions,
} from '../../src/api/retry-policy.js';
import type { NetworkFailure } from '../../src/api/network-failure.js';

const status = (s: number, retryAfterMs?: number): AttemptOutcome => ({ kind: 'response', status: s, retryAfterMs });
const net = (failure: NetworkFailure): AttemptOutcome => ({ kind: 'network', failure });
const ctx = (over: Partial<AttemptContext> = {}): AttemptContext => ({ safe: true, attempt: 1, elapsedMs: 0, ...over });
const no = (reason: Extract<RetryDecision, { retry: false }>['reason']): RetryDecision => ({ retry: false, reason });
const yes = (delayMs: number, reason: string): RetryDecision => ({ retry: true, delayMs, reason });

describe('isRetryable and mayHaveActed: the decision table', () => {
  // [outcome, safe route (GET/PATCH/DELETE/idempotent POST), unsafe POST, may have acted]
  it.each<[string, AttemptOutcome, boolean, boolean, boolean]>([
    ['400', status(400), false, false, false],
    ['404', status(404), false, false, false],
    ['409', status(409), false, false, false],
    ['429', status(429), true, true, false],
    ['500', status(500), true, false, true],
    ['502', status(502), true, false, true],
    ['503', status(503), true, true, false],
    ['504', status(504), true, false, true],
    ['connection refused', net('refused'), true, true, false],
    ['certificate not trusted', net('certificate'), false, false, false],
    ['TLS handshake failed', net('tls'), false, false, false],
    ['host does not resolve', net('dns'), true, true, false],
    ['proxy wants credentials', net('proxy-auth'), false, false, false],
    ['proxy would not tunnel', net('proxy'), true, true, false],
    ['reset before any response byte', net('reset'), true, true, true],
    ['request timeout', net('timeout'), true, false, true],
    ['answer cut off', net('broken'), true, false, true],
    ['cancelled', { kind: 'cancelled' }, false, false, false],
  ])('%s: safe %s, unsafe POST %s, may have acted %s', (_name, outcome, safe, unsafe, acted) => {
    expect(isRetryable(outcome, true)).toBe(safe);
    expect(isRetryable(outcome, false)).toBe(unsafe);
    expect(mayHaveActed(outcome)).toBe(acted);
  });
});

describe('decideRetry (jitter 0.5: half the backoff ceiling)', () => {
  const short = { unreachableBudgetMs: 1_000, baseMs: 1_000 };
  const tight = { budgetMs: 10_000 };
  const after = (code: number) => `status ${code}, retry-after`;
  it.each<[string, AttemptOutcome, AttemptContext, Partial<RetryOptions>, RetryDecision]>([
    ['a success', status(200), ctx(), {}, no('success')],
    ['a 399', status(399), ctx(), {}, no('success')],
    ['a cancelled attempt', { kind: 'cancelled' }, ctx(), {}, no('cancelled')],
    ['a 400', status(400), ctx(), {}, no('not-retryable')],
    ['an untrusted certificate, whatever the budget', net('certificate'), ctx(), {}, no('not-retryable')],
    ['a 500 of an unsafe POST', status(500), ctx({ safe: false }), {}, no('not-retryable')],
    ['a timeout of an unsafe POST', net('timeout'), ctx({ safe: false }), {}, no('not-retryable')],
    ['a reset of an unsafe POST', net('reset'), ctx({ safe: false }), {}, yes(250, 'connection reset')],
    ['a refused unsafe POST', net('refused'), ctx({ safe: false }), {}, yes(250, 'connection refused')],
    // Full jitter below min(15 s, 500 ms · 2^(n-1)); five attempts in all.
    ['a 503 after the third attempt', status(503), ctx({ attempt: 3 }), {}, yes(1_000, 'status 503')],
    ['a 503 after the fourth', status(503), ctx({ attempt: 4 }), {}, yes(2_000, 'status 503')],
    ['a 503 after the fifth', status(503), ctx({ attempt: 5 }), {}, no('attempts')],
    // A name that does not resolve is retried once in a row.
    ['a first DNS failure', net('dns'), ctx({ sameOutcomes: 1 }), {}, yes(250, 'connection dns')],
    ['a second DNS failure in a row', net('dns'), ctx({ attempt: 2, sameOutcomes: 2 }), {}, no('attempts')],
    ['a DNS failure after a 503', net('dns'), ctx({ attempt: 3, sameOutcomes: 1 }), {}, yes(1_000, 'connection dns')],
    // Retry-After replaces the backoff, capped at 30 s; a wait that ends exactly at the budget (2 min) is taken.
    ['429, Retry-After, unsafe POST', status(429, 7_000), ctx({ safe: false }), {}, yes(7_000, after(429))],
    ['Retry-After: 0', status(429, 0), ctx(), {}, yes(0, after(429))],
    ['capped, at the budget', status(503, 600_000), ctx({ elapsedMs: 90_000 }), {}, yes(30_000, after(503))],
    ['a wait ending at the budget', status(503, 4_000), ctx({ elapsedMs: 6_000 }), tight, yes(4_000, after(503))],
    ['a wait ending 1 ms past it', status(503, 4_001), ctx({ elapsedMs: 6_000 }), tight, no('budget')],
    ['a backoff past it', status(503), ctx({ elapsedMs: 9_800 }), tight, no('budget')],
    // The short budget of a server never reached (refused, or a proxy that would not tunnel).
    ['refused, at the short budget', net('refused'), ctx({ elapsedMs: 500 }), short, yes(500, 'connection refused')],
    ['a refused connection 1 ms past it', net('refused'), ctx({ elapsedMs: 501 }), short, no('budget')],
    ['a proxy that would not tunnel, past it', net('proxy'), ctx({ elapsedMs: 501 }), short, no('budget')],
    ['a 503 past it: not its budget', status(503), ctx({ elapsedMs: 501 }), short, yes(500, 'status 503')],
    // A caller's deadline: no retry is started once it has passed, nor one whose wait ends past it.
    ['a deadline reached, with no wait', status(503), ctx({ remainingMs: 0 }), { random: () => 0 }, no('deadline')],
    ['1 ms left, with no wait', status(503), ctx({ remainingMs: 1 }), { random: () => 0 }, yes(0, 'status 503')],
    [
      'a wait ending at the deadline',
      status(503, 5_000),
      ctx({ remainingMs: 5_000 }),
      {},
      yes(5_000, 'status 503, retry-after'),
    ],
    ['a wait ending 1 ms past it', status(503, 5_000), ctx({ remainingMs: 4_999 }), {}, no('deadline')],
  ])('%s', (_name, outcome, context, over, decision) => {
    expect(decideRetry(outcome, context, resolveRetryOptions({ random: () => 0.5, ...over }))).toEqual(decision);
  });
});

describe('backoff', () => {
  const o = { baseMs: 500, capMs: 15_000 };

  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffCeiling(n, o))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000,
    ]);
  });

  it('stays within [0, ceiling) for any random value (full jitter)', () => {
    for (const r of [0, 0.25, 0.999999, 1, -1, 2]) {
      for (let n = 1; n <= 8; n++) {
        const d = backoffDelay(n, { ...o, random: () => r });
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(backoffCeiling(n, o));
      }
    }
    expect(backoffDelay(3, { ...o, random: () => 0 })).toBe(0);
    // The top of the range: a source returning 1 (or more) waits one millisecond short of the ceiling.
    expect(backoffDelay(3, { ...o, random: () => 1 })).toBe(1999);
    expect(backoffDelay(3, { ...o, random: () => 2 })).toBe(1999);
  });

  it('clamps the number of attempts to a whole number, at least one', () => {
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
  ])('%j → %i ms', (value, ms) => expect(parseRetryAfter(value, now)).toBe(ms));

  // An HTTP date names a day or month: an ISO date is not one.
  it.each([undefined, null, '', '1.5', '-1', 'soon', '12abc', '2026-01-01T12:00:05Z'])('%j is ignored', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
