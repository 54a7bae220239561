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
export declare const realClock: Clock;
/**
 * A clock that only moves when told to, or when something sleeps on it: sleeping advances
 * virtual time at once, so a poll that would wait a minute finishes in microseconds while
 * every timestamp it sees is as if it had waited.
 */
export declare class VirtualClock implements Clock {
    private current;
    constructor(start?: number);
    now(): number;
    advance(ms: number): void;
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
