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

  it('a cancellation says what was cut short, and keeps the cause', () => {
    const cause = abortError();
    const e = toStepError(cause, 'uploading the zip');
    expect([e.message, e.outcome, e.cause, e.name]).toEqual([
      'cancelled while uploading the zip',
      'cancelled',
      cause,
      'StepError',
    ]);
  });

  it('a timeout is a timeout, naming what was being done', () => {
    const cause = new TimeoutError({ method: 'GET', path: '/v1/x' });
    const e = toStepError(cause, 'waiting for the build');
    expect([e.message, e.outcome, e.cause]).toEqual([`waiting for the build: ${cause.message}`, 'timeout', cause]);
  });

  it('anything else is a failure, naming what was being done', () => {
    const cause = new Error('boom');
    const e = toStepError(cause, 'listing installs');
    expect([e.message, e.outcome, e.cause]).toEqual(['listing installs: boom', 'failure', cause]);
    expect(toStepError('text thrown', 'x').message).toBe('x: text thrown');
  });
});
