/**
 * Time as a dependency: the flow, the client's retries and the poller all take a Clock, so
 * tests and benchmarks drive time instead of waiting for it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * A clock that only moves when told to, or when something sleeps on it: sleeping advances
 * virtual time at once, so a poll that would wait a minute finishes in microseconds while
 * every timestamp it sees is as if it had waited.
 */
export class VirtualClock implements Clock {
  private current: number;
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    this.current += Math.max(0, ms);
    await Promise.resolve();
  }
}
