/**
 * The emulator's clock: a base clock (the system's, or one a test injects) plus an offset that
 * the control route `POST /__emulator/clock` moves forward, so tests and rehearsals can make a
 * 10-minute build finish now. Time-driven states (operations, archives, transfers) are computed
 * from it.
 */
/** All the emulator asks of a clock it is given: the time now, in milliseconds since the epoch. */
export interface BaseClock {
    now(): number;
}
export declare const systemClock: BaseClock;
export declare class EmulatorClock {
    readonly base: BaseClock;
    private offset;
    constructor(base?: BaseClock);
    now(): number;
    iso(): string;
    advance(ms: number): void;
}
