/** How a step's failure is classified: cancelled, timed out, or failed, with its cause kept. */
import { describe, expect, it } from 'vitest';
import { CancelledError, TimeoutError } from '../../src/api/errors.js';
import { StepError, isCancellation, toStepError } from '../../src/step-kit/step-error.js';

const abortError = () => Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });

describe('isCancellation', () => {
  it.each([
    ['a StepError cancelled', new StepError('x', 'cancelled'), true],
    ['a StepError failed', new StepError('x', 'failure'), false],
    ['a StepError timed out', new StepError('x', 'timeout'), false],
    ['CancelledError', new CancelledError({ method: 'GET', path: '/v1/x' }), true],
    ['an AbortError', abortError(), true],
    ['another Error', new Error('boom'), false],
    ['a string', 'boom', false],
  ] as const)('%s → %s', (_, err, want) => {
    expect(isCancellation(err)).toBe(want);
  });

  it('any error once the run is cancelled (the signal aborted), but not a StepError that failed', () => {
    const c = new AbortController();
    c.abort();
    expect(isCancellation(new Error('socket closed'), c.signal)).toBe(true);
    expect(isCancellation(new Error('socket closed'), new AbortController().signal)).toBe(false);
    expect(isCancellation(new StepError('x', 'failure'), c.signal)).toBe(false);
  });
});

describe('toStepError', () => {
  it('keeps a StepError as it is', () => {
    const e = new StepError('as said', 'unhealthy');
    expect(toStepError(e, 'uploading')).toBe(e);
  });

  const aborted = abortError();
  const timedOut = new TimeoutError({ method: 'GET', path: '/v1/x' });
  const boom = new Error('boom');
  it.each<[string, unknown, string, string]>([
    // A cancellation says what was cut short.
    ['cancelled', aborted, 'uploading the zip', 'cancelled while uploading the zip'],
    ['timeout', timedOut, 'waiting for the build', `waiting for the build: ${timedOut.message}`],
    ['failure', boom, 'listing installs', 'listing installs: boom'],
    ['failure', 'text thrown', 'x', 'x: text thrown'],
  ])('%s: %j while %s, keeping the cause', (outcome, cause, doing, message) => {
    const e = toStepError(cause, doing);
    expect([e.name, e.message, e.outcome, e.cause]).toEqual(['StepError', message, outcome, cause]);
  });
});
