import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  CancelledError,
  NetworkError,
  NotFound,
  ServiceUnavailable,
  TimeoutError,
  WrongServer,
} from '../../src/api/errors.js';
import type { Operation } from '../../src/api/types.js';
import { waitForOperation } from '../../src/api/wait-for-operation.js';
import { VirtualClock } from '../../src/util/clock.js';

const NAME = 'accounts/demo/apps/web/environments/env-1/operations/no_build';
const START = Date.UTC(2026, 0, 1);

function op(done: boolean, extra: Partial<Operation> = {}): Operation {
  return {
    name: NAME,
    metadata: { build: 'accounts/demo/apps/web/environments/env-1/builds/no_build', deployment: '' },
    done,
    ...extra,
  };
}

/** An operation that becomes done `buildMs` after the start; records when and what was polled. */
function operationDoneAfter(clock: VirtualClock, buildMs: number, doneAs: Partial<Operation> = {}, every = {}) {
  const polls: { at: number; name: string }[] = [];
  return {
    polls,
    getOperation: async (name: string) => {
      polls.push({ at: clock.now() - START, name });
      return clock.now() - START >= buildMs ? op(true, { ...every, ...doneAs }) : op(false, every);
    },
  };
}

describe('waitForOperation', () => {
  it('polls the name it was given at once, then on the schedule (although the answers name another), to the end', async () => {
    const clock = new VirtualClock(START);
    const real = 'accounts/demo/apps/web/environments/env-1/operations/b-42';
    const fake = operationDoneAfter(clock, 3_500, {}, { name: real });
    const result = await waitForOperation({ clock, ...fake }, NAME, { timeoutMs: 60_000 });
    expect(result).toMatchObject({ done: true, name: real });
    expect(fake.polls).toEqual([0, 1000, 2000, 3000, 4000].map((at) => ({ at, name: NAME })));
  });

  it('respects the timeout exactly: never sleeps past it, polls last at the deadline, then throws', async () => {
    const clock = new VirtualClock(START);
    const fake = operationDoneAfter(clock, Infinity);
    const err = (await waitForOperation({ clock, ...fake }, NAME, { timeoutMs: 4_500 }).catch(
      (e: unknown) => e,
    )) as TimeoutError;
    expect(fake.polls.map((p) => p.at)).toEqual([0, 1000, 2000, 3000, 4000, 4500]);
    expect(clock.now() - START).toBe(4_500);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.operation).toEqual(op(false));
    expect(err.waitedMs).toBe(4_500);
    expect(err.message).toMatch(
      /^GET \/v1\/\S+: operation not done after 4\.5s \(6 polls\); the build may still be running/,
    );
  });

  // A build done at the deadline is a build done: the run must not say "timed out" (and have
  // someone deploy again) for a build that finished in time. One millisecond later, it is late.
  it.each([
    ['at the deadline', 4_500, 4_500, 'done'],
    ['a millisecond after the deadline', 4_501, 4_500, 'timeout'],
    ['already, at the first look, with no time to wait', 0, 0, 'done'],
    ['later, with no time to wait: one poll', 10, 0, 'timeout'],
  ] as const)('a build done %s', async (_, buildMs, timeoutMs, expected) => {
    const clock = new VirtualClock(START);
    const fake = operationDoneAfter(clock, buildMs);
    const result = await waitForOperation({ clock, ...fake }, NAME, { timeoutMs }).catch((e: unknown) => e);
    if (expected === 'done') expect(result).toEqual(op(true));
    else expect(result).toBeInstanceOf(TimeoutError);
    expect(fake.polls.at(-1)!.at).toBe(Math.min(buildMs, timeoutMs));
    expect(clock.now() - START).toBe(Math.min(buildMs, timeoutMs));
    if (timeoutMs === 0) expect(fake.polls).toHaveLength(1);
  });

  it('rides out a poll that fails as any outage does (503, a name that stops resolving, a refused connection), reporting each', async () => {
    const clock = new VirtualClock(START);
    const outage = [
      new ServiceUnavailable({ method: 'GET', path: '/v1/x', status: 503 }),
      new NetworkError({ method: 'GET', path: '/p', failure: 'dns' }),
      new NetworkError({ method: 'GET', path: '/p', failure: 'refused' }),
    ];
    let n = 0;
    const getOperation = async () => {
      const failed = outage[n++ - 1];
      if (failed) throw failed;
      return op(n >= 5);
    };
    const seen: (string | undefined)[] = [];
    const result = await waitForOperation({ clock, getOperation }, NAME, {
      timeoutMs: 60_000,
      onPoll: (o, info) =>
        seen.push(
          o ? `op ${info.poll}` : `error ${info.error instanceof NetworkError ? info.error.failure : info.error?.name}`,
        ),
    });
    expect(result.done).toBe(true);
    expect(seen).toEqual(['op 1', 'error ServiceUnavailable', 'error dns', 'error refused', 'op 5']);
  });

  it.each([
    new NotFound({ method: 'GET', path: '/p' }),
    new AuthenticationError({ method: 'GET', path: '/p' }),
    new WrongServer({ method: 'GET', path: '/p', status: 404 }),
    new NetworkError({ method: 'GET', path: '/p', failure: 'certificate' }),
    new NetworkError({ method: 'GET', path: '/p', failure: 'tls' }),
    new NetworkError({ method: 'GET', path: '/p', failure: 'proxy-auth' }),
  ])('throws a poll error no wait will change at once: %s', async (e) => {
    const getOperation = async () => {
      throw e;
    };
    const clock = new VirtualClock(START);
    await expect(waitForOperation({ clock, getOperation }, NAME, { timeoutMs: 60_000 })).rejects.toBe(e);
    expect(clock.now()).toBe(START);
  });

  it('is cancelled by the signal while sleeping', async () => {
    const clock = new VirtualClock(START);
    const ac = new AbortController();
    const fake = operationDoneAfter(clock, Infinity);
    const err = await waitForOperation({ clock, ...fake }, NAME, {
      timeoutMs: 60_000,
      signal: ac.signal,
      onPoll: (_o, info) => {
        if (info.poll === 2) ac.abort();
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect(fake.polls).toHaveLength(2);
  });

  it('hands its deadline to each poll so retries cannot overrun it', async () => {
    const clock = new VirtualClock(START);
    const deadlines: number[] = [];
    const getOperation = async (_n: string, o: { deadline: number }) => {
      deadlines.push(o.deadline);
      return op(true);
    };
    await waitForOperation({ clock, getOperation }, NAME, { timeoutMs: 7_000 });
    expect(deadlines).toEqual([START + 7_000]);
  });
});
