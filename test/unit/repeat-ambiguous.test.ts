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

function context(signal = new AbortController().signal) {
  const { ctx, log } = testContext({ signal });
  return { ctx, log };
}

/** An attempt that fails with each error in turn, then succeeds with `value`. */
function scripted<T>(errors: Error[], value: T) {
  let calls = 0;
  return {
    attempt: async () => {
      calls++;
      const err = errors.shift();
      if (err) throw err;
      return value;
    },
    calls: () => calls,
  };
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
    const { ctx, log } = context();
    const s = scripted([lost500(), lost500()], { id: 'copy-1' });
    await expect(repeatAmbiguous(ctx, { what: 'install copy a → b', attempt: s.attempt })).resolves.toEqual({
      id: 'copy-1',
    });
    expect(s.calls()).toBe(3);
    expect(
      log.lines.filter((l) => l.startsWith('warning: install copy a → b: the answer was lost (status 500)')),
    ).toHaveLength(2);
  });

  it('looks before repeating, and takes what it finds without repeating', async () => {
    const { ctx, log } = context();
    const s = scripted([lost500()], 'created');
    const result = await repeatAmbiguous(ctx, {
      what: 'create app "shop"',
      attempt: s.attempt,
      look: async () => 'found',
    });
    expect(result).toBe('found');
    expect(s.calls()).toBe(1);
    expect(log.lines).toContain('create app "shop": the answer was lost (status 500) but it had taken effect');
  });

  it('repeats when the look finds nothing', async () => {
    const { ctx, log } = context();
    const s = scripted([lost500()], 'created');
    await expect(repeatAmbiguous(ctx, { what: 'x', attempt: s.attempt, look: async () => null })).resolves.toBe(
      'created',
    );
    expect(s.calls()).toBe(2);
    // Looked, and found not done: a repeat is safe, so it is said, not warned.
    expect(log.lines).toEqual([
      expect.stringMatching(
        /^x: the answer was lost \(status 500\) and it had not taken effect; repeating it in \d+ ms$/,
      ),
    ]);
  });

  it('ends at once on an answer that is not lost', async () => {
    const { ctx } = context();
    const refused = new BadRequest({ ...at, status: 400 });
    const s = scripted([refused], 'never');
    await expect(repeatAmbiguous(ctx, { what: 'x', attempt: s.attempt })).rejects.toBe(refused);
    expect(s.calls()).toBe(1);
  });

  it(`gives up after ${AMBIGUOUS_ROUNDS} rounds with the last error`, async () => {
    const { ctx } = context();
    const errors = Array.from({ length: AMBIGUOUS_ROUNDS + 1 }, lost500);
    const last = errors[AMBIGUOUS_ROUNDS - 1];
    const s = scripted(errors, 'never');
    await expect(repeatAmbiguous(ctx, { what: 'x', attempt: s.attempt })).rejects.toBe(last);
    expect(s.calls()).toBe(AMBIGUOUS_ROUNDS);
  });

  it('does not repeat once the run is cancelled', async () => {
    const controller = new AbortController();
    const { ctx } = context(controller.signal);
    const s = scripted([lost500()], 'never');
    controller.abort(new Error('cancelled by SIGINT'));
    await expect(repeatAmbiguous(ctx, { what: 'x', attempt: s.attempt })).rejects.toBeInstanceOf(InternalServerError);
    expect(s.calls()).toBe(1);
  });
});
