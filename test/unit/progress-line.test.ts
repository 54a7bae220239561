/** When the zip and the upload are worth a progress line, and what it says. */
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/step-kit/progress-line.js';
import { MemoryLogger } from '../../src/util/log.js';

const MiB = 1024 * 1024;
const lines = (p: { bytesDone: number; bytesTotal: number; rate?: number; elapsedMs: number }) => {
  const log = new MemoryLogger();
  progressLine(log, 'uploading')({ rate: MiB, ...p });
  return log.lines;
};

describe('progressLine without a live line (a log file)', () => {
  it.each<[number, number, number, string[]]>([
    // Nothing for small, quick work: under 16 MiB and under 5 s.
    [1, 16 * MiB - 1, 4999, []],
    // From 16 MiB exactly, however quick; from 5 s exactly, however small.
    [8 * MiB, 16 * MiB, 0, ['uploading: 50%, 8.0 MiB of 16.0 MiB (1.0 MiB/s)']],
    [512, 1024, 5000, ['uploading: 50%, 512 B of 1.0 KiB (1.0 MiB/s)']],
    // No percentage of an empty total.
    [0, 0, 6000, ['uploading: 0 B of 0 B (1.0 MiB/s)']],
    // A total not known yet (the zip still being written): how much so far.
    [20 * MiB, Infinity, 6000, ['uploading: 20.0 MiB so far, while the zip is written (1.0 MiB/s)']],
    // The percentage rounded down: 99.9 % is not done.
    [999, 1000, 6000, ['uploading: 99%, 999 B of 1000 B (1.0 MiB/s)']],
  ])('%i of %i bytes after %i ms: %j', (bytesDone, bytesTotal, elapsedMs, said) => {
    expect(lines({ bytesDone, bytesTotal, elapsedMs })).toEqual(said);
  });
});

describe('progressLine with a live line (a terminal)', () => {
  it('hands every report to the live line, small ones too, with the verb', () => {
    const seen: unknown[] = [];
    const log = Object.assign(new MemoryLogger(), { progress: (p: unknown) => seen.push(p) });
    progressLine(log, 'zipping')({ bytesDone: 1, bytesTotal: 2, rate: 3, elapsedMs: 4 });
    expect(seen).toEqual([{ activity: 'zipping', bytesDone: 1, bytesTotal: 2, rate: 3, elapsedMs: 4 }]);
    expect(log.lines).toEqual([]);
  });
});
