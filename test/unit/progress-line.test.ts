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
  it('says nothing for small, quick work: under 16 MiB and under 5 s', () => {
    expect(lines({ bytesDone: 1, bytesTotal: 16 * MiB - 1, elapsedMs: 4999 })).toEqual([]);
  });

  it('speaks from 16 MiB exactly, however quick', () => {
    expect(lines({ bytesDone: 8 * MiB, bytesTotal: 16 * MiB, elapsedMs: 0 })).toEqual([
      'uploading: 50%, 8.0 MiB of 16.0 MiB (1.0 MiB/s)',
    ]);
  });

  it('speaks from 5 s exactly, however small', () => {
    expect(lines({ bytesDone: 512, bytesTotal: 1024, elapsedMs: 5000 })).toEqual([
      'uploading: 50%, 512 B of 1.0 KiB (1.0 MiB/s)',
    ]);
  });

  it('gives no percentage of an empty total', () => {
    expect(lines({ bytesDone: 0, bytesTotal: 0, elapsedMs: 6000 })).toEqual(['uploading: 0 B of 0 B (1.0 MiB/s)']);
  });

  it('a total not known yet (the zip still being written) says how much so far', () => {
    expect(lines({ bytesDone: 20 * MiB, bytesTotal: Infinity, elapsedMs: 6000 })).toEqual([
      'uploading: 20.0 MiB so far, while the zip is written (1.0 MiB/s)',
    ]);
  });

  it('rounds the percentage down: 99.9 % is not done', () => {
    expect(lines({ bytesDone: 999, bytesTotal: 1000, elapsedMs: 6000 })[0]).toMatch(/^uploading: 99%,/);
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
