/**
 * repeatAmbiguous on a virtual clock: which failures a step settles by looking and repeating
 * (a lost answer: 500, 502, a timeout, a cut-off answer) and which end it at once.
 */
import { describe, expect, it } from 'vitest';
import {
  BadRequest,
  CancelledError,
  InternalServerError,
  NetworkError,
  ServiceUnavailable,
  UpstreamInvalid,
  errorForStatus,
} from '../../src/api/errors.js';
import { AMBIGUOUS_ROUNDS, answerLost, repeatAmbiguous } from '../../src/step-kit/repeat-ambiguous.js';
import { testContext } from '../helpers/step-context.js';

const at = { method: 'POST', path: '/v1/install_copy' };
const lost500 = () => new InternalServerError({ ...at, status: 500, mayHaveSucceeded: true });

/** repeatAmbiguous over an attempt that fails with each error in turn, then gives `value`. */
function repeat<T>(errors: Error[], value: T, over: { look?: () => Promise<T | null>; what?: string } = {}) {
  const controller = new AbortController();
  const { ctx, log } = testContext({ signal: controller.signal });
  let calls = 0;
  const attempt = async () => {
    calls++;
    const err = errors.shift();
    if (err) throw err;
    return value;
  };
  const run = () => repeatAmbiguous(ctx, { what: over.what ?? 'x', attempt, look: over.look });
  return { run, calls: () => calls, log, controller };
}

describe('answerLost', () => {
  it.each([
    ['a 500 that may have acted', lost500(), true],
    ['a 502 that may have acted', new UpstreamInvalid({ ...at, status: 502, mayHaveSucceeded: true }), true],
    ['a 504 that may have acted', errorForStatus({ ...at, status: 504, mayHaveSucceeded: true }), true],
    ['a 501 that may have acted', errorForStatus({ ...at, status: 501, mayHaveSucceeded: true }), false],
    ['a dropped connection after sending', new NetworkError({ ...at, mayHaveSucceeded: true }), true],
    ['a refused connection', new NetworkError({ ...at, mayHaveSucceeded: false }), false],
    ['a 400 after an earlier reset', new BadRequest({ ...at, status: 400, mayHaveSucceeded: true }), false],
    ['a 503 after the client gave up', new ServiceUnavailable({ ...at, status: 503, mayHaveSucceeded: true }), false],
    ['a cancellation', new CancelledError({ ...at, mayHaveSucceeded: true }), false],
    ['a plain error', new Error('boom'), false],
  ])('%s → %s', (_, err, expected) => {
    expect(answerLost(err)).toBe(expected);
  });
});

describe('repeatAmbiguous', () => {
  it('repeats after a lost answer, and warns that a repeat may double the work', async () => {
    const r = repeat([lost500(), lost500()], { id: 'copy-1' }, { what: 'install copy a → b' });
    await expect(r.run()).resolves.toEqual({ id: 'copy-1' });
    expect(r.calls()).toBe(3);
    const warned = r.log.lines.filter((l) =>
      l.startsWith('warning: install copy a → b: the answer was lost (status 500)'),
    );
    expect(warned).toHaveLength(2);
  });

  it('looks before repeating, and takes what it finds without repeating', async () => {
    const r = repeat([lost500()], 'created', { what: 'create app "shop"', look: async () => 'found' });
    await expect(r.run()).resolves.toBe('found');
    expect(r.calls()).toBe(1);
    expect(r.log.lines).toContain('create app "shop": the answer was lost (status 500) but it had taken effect');
  });

  it('repeats when the look finds nothing, saying so without a warning: a repeat is safe', async () => {
    const r = repeat([lost500()], 'created', { look: async () => null });
    await expect(r.run()).resolves.toBe('created');
    expect(r.calls()).toBe(2);
    expect(r.log.lines).toEqual([
      expect.stringMatching(
        /^x: the answer was lost \(status 500\) and it had not taken effect; repeating it in \d+ ms$/,
      ),
    ]);
  });

  it('ends at once on an answer that is not lost', async () => {
    const refused = new BadRequest({ ...at, status: 400 });
    const r = repeat([refused], 'never');
    await expect(r.run()).rejects.toBe(refused);
    expect(r.calls()).toBe(1);
  });

  it(`gives up after ${AMBIGUOUS_ROUNDS} rounds with the last error`, async () => {
    const errors = Array.from({ length: AMBIGUOUS_ROUNDS + 1 }, lost500);
    const last = errors[AMBIGUOUS_ROUNDS - 1];
    const r = repeat(errors, 'never');
    await expect(r.run()).rejects.toBe(last);
    expect(r.calls()).toBe(AMBIGUOUS_ROUNDS);
  });

  it('does not repeat once the run is cancelled', async () => {
    const r = repeat([lost500()], 'never');
    r.controller.abort(new Error('cancelled by SIGINT'));
    await expect(r.run()).rejects.toBeInstanceOf(InternalServerError);
    expect(r.calls()).toBe(1);
  });
});
