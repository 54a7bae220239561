/**
 * The emulator's clock: the injected base clock plus an offset that the control route
 * `POST /__emulator/clock` moves forward, so tests and rehearsals can make a 10-minute build
 * finish now. Time-driven states (operations, archives, transfers) are computed from it.
 */
import { type Clock } from '../src/util/clock.js';
export declare class EmulatorClock {
    readonly base: Clock;
    private offset;
    constructor(base?: Clock);
    now(): number;
    iso(): string;
    advance(ms: number): void;
}
