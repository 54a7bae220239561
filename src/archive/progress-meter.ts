import type { Clock } from '../util/clock.js';
import type { ArchiveProgress } from './types.js';

/** At most one report per this long, besides one per tenth of the work. */
const REPORT_EVERY_MS = 5000;

/**
 * Turns a stream of "n more bytes done" into occasional progress reports. A total not known yet
 * is Infinity: reports then come by time only, until `setTotal` gives it.
 */
export class ProgressMeter {
  private done = 0;
  private readonly start: number;
  private lastAt: number;
  private lastTenth = 0;

  constructor(
    private total: number,
    private readonly clock: Clock,
    private readonly report: ((p: ArchiveProgress) => void) | undefined,
  ) {
    this.start = clock.now();
    this.lastAt = this.start;
  }

  /** The total is known now (an upload of a zip that was still being written). */
  setTotal(total: number): void {
    this.total = total;
  }

  add(bytes: number): void {
    if (!this.report || bytes === 0) return;
    this.done += bytes;
    const now = this.clock.now();
    const tenth = this.total > 0 ? Math.floor((this.done * 10) / this.total) : 10;
    if (tenth <= this.lastTenth && now - this.lastAt < REPORT_EVERY_MS) return;
    this.lastTenth = Math.max(this.lastTenth, tenth);
    this.lastAt = now;
    const elapsedMs = now - this.start;
    this.report({
      bytesDone: this.done,
      bytesTotal: this.total,
      rate: elapsedMs > 0 ? Math.round((this.done * 1000) / elapsedMs) : 0,
      elapsedMs,
    });
  }
}
