/**
 * The emulator's clock: the injected base clock plus an offset that the control route
 * `POST /__emulator/clock` moves forward, so tests and rehearsals can make a 10-minute build
 * finish now. Time-driven states (operations, archives, transfers) are computed from it.
 */
import { realClock, type Clock } from '../src/util/clock.js';

export class EmulatorClock {
  private offset = 0;
  constructor(readonly base: Clock = realClock) {}
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
