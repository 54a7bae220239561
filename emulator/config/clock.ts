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

export const systemClock: BaseClock = { now: () => Date.now() };

export class EmulatorClock {
  private offset = 0;
  constructor(readonly base: BaseClock = systemClock) {}
  now(): number {
    return this.base.now() + this.offset;
  }
  iso(): string {
    return new Date(this.now()).toISOString();
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}
