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
import { formatDuration, waitForOperation } from '../../src/api/wait-for-operation.js';
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
function operationDoneAfter(clock: VirtualClock, buildMs: number, doneAs: Partial<Operation> = {}) {
  const polls: { at: number; name: string }[] = [];
  return {
    polls,
    getOperation: async (name: string) => {
      polls.push({ at: clock.now() - START, name });
      return clock.now() - START >= buildMs ? op(true, doneAs) : op(false);
    },
  };
}

describe('waitForOperation', () => {
  it('polls at once, then on the schedule, and returns the done operation', async () => {
    const clock = new VirtualClock(START);
    const fake = operationDoneAfter(clock, 3_500);
    const result = await waitForOperation({ clock, ...fake }, NAME, { timeoutMs: 60_000 });
    expect(result.done).toBe(true);
    expect(fake.polls.map((p) => p.at)).toEqual([0, 1000, 2000, 3000, 4000]);
  });

  it('returns a failed operation with its error rather than throwing', async () => {
    const clock = new VirtualClock(START);
    const fake = operationDoneAfter(clock, 0, { error: { code: 3, message: 'npm run build exited with 1' } });
    const result = await waitForOperation({ clock, ...fake }, NAME, { timeoutMs: 1000 });
    expect(result.error?.message).toBe('npm run build exited with 1');
  });

  it('keeps polling the name it was given although the answer carries another', async () => {
    const clock = new VirtualClock(START);
    const real = 'accounts/demo/apps/web/environments/env-1/operations/b-42';
    const names: string[] = [];
    let n = 0;
    const getOperation = async (name: string) => {
      names.push(name);
      n++;
      return op(n >= 3, { name: real });
    };
    const result = await waitForOperation({ clock, getOperation }, NAME, { timeoutMs: 60_000 });
    expect(result.name).toBe(real);
    expect(names).toEqual([NAME, NAME, NAME]);
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
    expect(err.message).toBe(
      `GET /v1/${NAME}: operation not done after 4.5s (6 polls); ` +
        'the build may still be running; raise the timeout, or check the environment in the portal',
    );
  });

  it('ends a long wait at the deadline too, and polls no more than the schedule allows', async () => {
    const clock = new VirtualClock(START);
    const fake = operationDoneAfter(clock, Infinity);
    await expect(waitForOperation({ clock, ...fake }, NAME, { timeoutMs: 30 * 60_000 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    expect(clock.now() - START).toBe(30 * 60_000);
    expect(fake.polls.at(-1)!.at).toBe(30 * 60_000);
    expect(fake.polls.length).toBeLessThan(650);
  });

  // A build done at the deadline is a build done: the run must not say "timed out" (and have
  // someone deploy again) for a build that finished in time. One millisecond later, it is late.
  it.each([
    ['at the deadline', 4_500, 'done'],
    ['a millisecond after the deadline', 4_501, 'timeout'],
    ['already, at the first look, with no time to wait', 0, 'done'],
  ] as const)('a build done %s', async (_, buildMs, expected) => {
    const clock = new VirtualClock(START);
    const fake = operationDoneAfter(clock, buildMs);
    const timeoutMs = buildMs === 0 ? 0 : 4_500;
    const result = await waitForOperation({ clock, ...fake }, NAME, { timeoutMs }).catch((e: unknown) => e);
    if (expected === 'done') {
      expect(result).toEqual(op(true));
      expect(fake.polls.at(-1)!.at).toBe(buildMs);
    } else {
      expect(result).toBeInstanceOf(TimeoutError);
      expect(fake.polls.at(-1)!.at).toBe(4_500);
    }
    expect(clock.now() - START).toBe(Math.min(buildMs, 4_500));
  });

  it('makes one poll when the timeout is zero', async () => {
    const clock = new VirtualClock(START);
    const fake = operationDoneAfter(clock, 10);
    await expect(waitForOperation({ clock, ...fake }, NAME, { timeoutMs: 0 })).rejects.toBeInstanceOf(TimeoutError);
    expect(fake.polls).toHaveLength(1);
  });

  it('rides out transient poll failures and reports each one', async () => {
    const clock = new VirtualClock(START);
    let n = 0;
    const seen: (string | undefined)[] = [];
    const getOperation = async () => {
      n++;
      if (n === 2 || n === 3) throw new ServiceUnavailable({ method: 'GET', path: '/v1/x', status: 503 });
      return op(n >= 4);
    };
    const result = await waitForOperation({ clock, getOperation }, NAME, {
      timeoutMs: 60_000,
      onPoll: (o, info) => seen.push(o ? `op ${info.poll}` : `error ${info.error?.name}`),
    });
    expect(result.done).toBe(true);
    expect(seen).toEqual(['op 1', 'error ServiceUnavailable', 'error ServiceUnavailable', 'op 4']);
  });

  it('rides out a name that stops resolving or a refused connection, as any outage', async () => {
    const clock = new VirtualClock(START);
    let n = 0;
    const getOperation = async () => {
      n++;
      if (n === 2) throw new NetworkError({ method: 'GET', path: '/p', failure: 'dns' });
      if (n === 3) throw new NetworkError({ method: 'GET', path: '/p', failure: 'refused' });
      return op(n >= 4);
    };
    await expect(waitForOperation({ clock, getOperation }, NAME, { timeoutMs: 60_000 })).resolves.toMatchObject({
      done: true,
    });
  });

  it('says the last poll failed when it times out during an outage', async () => {
    const clock = new VirtualClock(START);
    const getOperation = async () => {
      throw new ServiceUnavailable({ method: 'GET', path: '/v1/x', status: 503 });
    };
    const err = (await waitForOperation({ clock, getOperation }, NAME, { timeoutMs: 2000 }).catch(
      (e: unknown) => e,
    )) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toContain('the last poll failed (status 503)');
    expect(err.cause).toBeInstanceOf(ServiceUnavailable);
    expect(err.operation).toBeUndefined();
  });

  it('throws a non-transient poll error at once', async () => {
    const clock = new VirtualClock(START);
    for (const e of [
      new NotFound({ method: 'GET', path: '/p' }),
      new AuthenticationError({ method: 'GET', path: '/p' }),
      new WrongServer({ method: 'GET', path: '/p', status: 404 }),
      new NetworkError({ method: 'GET', path: '/p', failure: 'certificate' }),
      new NetworkError({ method: 'GET', path: '/p', failure: 'tls' }),
      new NetworkError({ method: 'GET', path: '/p', failure: 'proxy-auth' }),
    ]) {
      const getOperation = async () => {
        throw e;
      };
      await expect(waitForOperation({ clock, getOperation }, NAME, { timeoutMs: 60_000 })).rejects.toBe(e);
    }
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

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [4_500, '4.5s'],
    [59_600, '1m'],
    [90_000, '1m30s'],
    [1_800_000, '30m'],
    [3_661_000, '1h1m1s'],
  ])('%i → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
