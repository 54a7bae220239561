/**
 * The edges of the retry policy: waits that end exactly at a budget, the reasons it gives (they
 * reach the log), and what counts as acted on. Each case is one a planted bug would get wrong.
 */
import { describe, expect, it } from 'vitest';
import {
  decideRetry,
  mayHaveActed,
  parseRetryAfter,
  resolveRetryOptions,
  type AttemptOutcome,
  type RetryOptions,
} from '../../src/api/retry-policy.js';

const opts = (over: Partial<RetryOptions> = {}): RetryOptions => resolveRetryOptions({ random: () => 0.5, ...over });
const status = (s: number, retryAfterMs?: number): AttemptOutcome => ({ kind: 'response', status: s, retryAfterMs });

describe('decideRetry: reasons', () => {
  it('names the status, the connection failure, and a Retry-After', () => {
    expect(decideRetry(status(503), { safe: true, attempt: 1, elapsedMs: 0 }, opts())).toMatchObject({
      retry: true,
      reason: 'status 503',
    });
    expect(
      decideRetry({ kind: 'network', failure: 'reset' }, { safe: true, attempt: 1, elapsedMs: 0 }, opts()),
    ).toMatchObject({ retry: true, reason: 'connection reset' });
    expect(decideRetry(status(429, 1000), { safe: false, attempt: 1, elapsedMs: 0 }, opts())).toEqual({
      retry: true,
      delayMs: 1000,
      reason: 'status 429, retry-after',
    });
  });

  it('calls 399 a success and 400 not retryable', () => {
    expect(decideRetry(status(399), { safe: true, attempt: 1, elapsedMs: 0 }, opts()).reason).toBe('success');
    expect(decideRetry(status(400), { safe: true, attempt: 1, elapsedMs: 0 }, opts()).reason).toBe('not-retryable');
  });
});

describe('decideRetry: a wait that ends exactly at a budget is still taken', () => {
  it('the overall budget', () => {
    const o = opts({ budgetMs: 10_000 });
    expect(decideRetry(status(503, 4000), { safe: true, attempt: 1, elapsedMs: 6000 }, o)).toMatchObject({
      retry: true,
      delayMs: 4000,
    });
    expect(decideRetry(status(503, 4001), { safe: true, attempt: 1, elapsedMs: 6000 }, o)).toEqual({
      retry: false,
      reason: 'budget',
    });
  });

  it('the short budget of a refused connection', () => {
    const o = opts({ unreachableBudgetMs: 1000, baseMs: 1000, random: () => 0.5 });
    // attempt 1: ceiling 1000, delay 500
    const refused: AttemptOutcome = { kind: 'network', failure: 'refused' };
    expect(decideRetry(refused, { safe: true, attempt: 1, elapsedMs: 500 }, o)).toMatchObject({
      retry: true,
      delayMs: 500,
    });
    expect(decideRetry(refused, { safe: true, attempt: 1, elapsedMs: 501 }, o)).toEqual({
      retry: false,
      reason: 'budget',
    });
  });
});

describe('mayHaveActed', () => {
  it('counts a 504 as possibly acted on, and a cancelled attempt not', () => {
    expect(mayHaveActed(status(504))).toBe(true);
    expect(mayHaveActed({ kind: 'cancelled' })).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads an HTTP date, and not an ISO date (which names no day or month)', () => {
    const now = Date.parse('Sun, 22 Nov 2026 10:00:00 GMT');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('2026-11-22T10:00:05Z', now)).toBeUndefined();
  });
});
