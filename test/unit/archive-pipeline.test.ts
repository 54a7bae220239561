/**
 * The writer's parts: results written in the order they were started, progress by tenths, the
 * deflate workers (whole entries, pieces of one stream, closing), and which files are worth
 * deflating.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  hasPrecompressedExtension,
  hasTextualExtension,
  probeSampleBytes,
  sampleShrinks,
} from '../../src/archive/zip/compressibility.js';
import { BufferPool } from '../../src/archive/zip/buffer-pool.js';
import {
  DeflatePool,
  DeflateThreads,
  FINAL_BLOCK,
  SLAB_BYTES,
  type WholeMode,
} from '../../src/archive/zip/deflate-pool.js';
import { InOrder } from '../../src/archive/zip/in-order.js';
import { ProgressMeter } from '../../src/archive/progress-meter.js';
import type { ArchiveProgress } from '../../src/archive/types.js';
import { VirtualClock } from '../../src/util/clock.js';
import { noise, prose } from './helpers/archive-tree.js';

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('InOrder', () => {
  it('emits in the order work was added, however it finishes', async () => {
    const seen: number[] = [];
    const out = new InOrder<number>((n) => seen.push(n), 1000, 100);
    out.add(later(1, 30), 1);
    out.add(2, 1);
    out.add(later(3, 1), 1);
    expect(seen).toEqual([]);
    await out.drain();
    expect(seen).toEqual([1, 2, 3]);
  });

  it('makes room by waiting for the oldest work when the byte or entry limit is reached', async () => {
    const seen: number[] = [];
    const out = new InOrder<number>((n) => seen.push(n), 10, 3);
    out.add(later(1, 5), 6);
    await out.room(6); // 6 + 6 > 10: the first must be written first
    expect(seen).toEqual([1]);
    out.add(later(2, 1), 1);
    out.add(later(3, 1), 1);
    out.add(later(4, 1), 1);
    await out.room(0); // three open entries: wait for one
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });

  it('stops waiting at once when aborted, with the abort reason', async () => {
    const controller = new AbortController();
    const out = new InOrder<number>(
      () => {},
      10,
      100,
      () => {},
      controller.signal,
    );
    // Work that never settles: a deflate still running on a busy worker.
    out.add(new Promise<number>(() => {}), 10);
    const waiting = out.room(10);
    controller.abort(new Error('cancelled by SIGINT'));
    await expect(waiting).rejects.toThrow('cancelled by SIGINT');
    await expect(out.drain()).rejects.toThrow('cancelled by SIGINT');
  });

  it('surfaces a failure when its turn comes, never as an unhandled rejection', async () => {
    const seen: number[] = [];
    const out = new InOrder<number>((n) => seen.push(n), 100, 100);
    out.add(later(1, 20), 1);
    out.add(Promise.reject(new Error('boom')), 1);
    await expect(out.drain()).rejects.toThrow('boom');
    expect(seen).toEqual([1]);
  });
});

describe('ProgressMeter', () => {
  it('reports on each new tenth, and after 5 s without one', () => {
    const clock = new VirtualClock(0);
    const seen: ArchiveProgress[] = [];
    const meter = new ProgressMeter(1000, clock, (p) => seen.push(p));
    meter.add(50);
    expect(seen).toEqual([]);
    clock.advance(2000);
    meter.add(60); // 110: first tenth
    expect(seen).toEqual([{ bytesDone: 110, bytesTotal: 1000, rate: 55, elapsedMs: 2000 }]);
    clock.advance(4999);
    meter.add(1);
    expect(seen.length).toBe(1);
    clock.advance(1);
    meter.add(1); // 5 s since the last report
    expect(seen.length).toBe(2);
    meter.add(888); // 1000: the last tenth
    expect(seen.at(-1)).toMatchObject({ bytesDone: 1000 });
    expect(seen.length).toBe(3);
  });

  it('with a total not known yet, reports by time only, then by tenths once it is given', () => {
    const clock = new VirtualClock(0);
    const seen: ArchiveProgress[] = [];
    const meter = new ProgressMeter(Infinity, clock, (p) => seen.push(p));
    meter.add(900);
    expect(seen).toEqual([]);
    clock.advance(5000);
    meter.add(10);
    expect(seen).toEqual([{ bytesDone: 910, bytesTotal: Infinity, rate: 182, elapsedMs: 5000 }]);
    meter.setTotal(1000);
    meter.add(1); // 911 of 1000: the ninth tenth, at once
    expect(seen.at(-1)).toMatchObject({ bytesDone: 911, bytesTotal: 1000 });
  });
});

describe('DeflatePool', () => {
  const pool = (threads: number) =>
    new DeflatePool(6, new DeflateThreads(threads), new BufferPool(SLAB_BYTES), new BufferPool(1 << 20));
  const whole = (p: DeflatePool, data: Buffer, mode: WholeMode) => {
    data.copy(p.room(data.length, mode));
    return p.whole(data.length, mode);
  };

  it('deflates whole entries on workers as a fresh zlib stream would, with their CRC, or stores them', async () => {
    const cases: [Buffer, WholeMode, boolean][] = [
      [prose(100_000, 1), 'deflate', true],
      [prose(300, 2), 'deflate', true],
      [prose(70_000, 3), 'deflate', true],
      [noise(5000), 'deflate', false], // does not shrink: stored
      [noise(700), 'store', false], // not tried
      [prose(400_000, 5), 'probe', true],
      // 40,000 bytes: the probe reads the first eighth, 5,000 bytes; noise there, so the prose
      // after it is never tried,
      [Buffer.concat([noise(5000), prose(35_000)]), 'probe', false],
      // prose there: deflated whole, and kept because it shrinks.
      [Buffer.concat([prose(5000), noise(35_000)]), 'probe', true],
    ];
    const p = pool(2);
    try {
      const pending = cases.map(([data, mode]) => whole(p, data, mode));
      p.flush();
      const results = await Promise.all(pending);
      results.forEach(({ crc, deflated, data }, i) => {
        const [input, , shrinks] = cases[i]!;
        expect(crc).toBe(zlib.crc32(input));
        expect(deflated, `case ${i}`).toBe(shrinks);
        expect(data.equals(shrinks ? zlib.deflateRawSync(input, { level: 6 }) : input)).toBe(true);
      });
      results.forEach((r) => r.release());
    } finally {
      await p.close();
    }
  });

  /** Outcomes of pending jobs: 'deflated', or the error's message. */
  const outcomesOf = (pending: Promise<{ deflated: boolean }>[]) =>
    pending.map((job) =>
      job.then(
        (r) => (r.deflated ? 'deflated' : 'stored'),
        (e: Error) => e.message,
      ),
    );

  it('answers at once, undone, the jobs a worker has not begun when it is closed', async () => {
    // A worker stopped while zlib sets up a stream aborts the whole process on Node 24, so close()
    // lets each worker answer: the job under way done, those not begun at once, undone.
    const p = pool(2);
    const pending = Array.from({ length: 40 }, (_, i) => whole(p, prose(60_000, i), 'deflate'));
    p.flush();
    const outcomes = outcomesOf(pending);
    await p.close();
    const seen = new Set(await Promise.all(outcomes));
    expect([...seen].filter((o) => o !== 'deflated' && o !== 'deflate failed: stopped')).toEqual([]);
    expect(seen.has('deflate failed: stopped'), 'jobs not begun are not deflated after close').toBe(true);
  });

  it('does not fail the jobs of one worker when close() stops another', async () => {
    const p = pool(2);
    // A long job first, alone on one worker; the other takes the small ones, and is answered,
    // idle and stopped well before the long one is done.
    const piece = new BufferPool((1 << 20) + 32768).take();
    const pending = [p.piece(piece, noise(1 << 20).copy(piece), 1 << 20, 0)];
    pending.push(...Array.from({ length: 10 }, (_, i) => whole(p, prose(60_000, i), 'deflate')));
    p.flush();
    await pending[1]; // both workers are at work
    const outcomes = outcomesOf(pending);
    await p.close();
    const seen = new Set(await Promise.all(outcomes));
    expect([...seen].filter((o) => o !== 'deflated' && o !== 'deflate failed: stopped')).toEqual([]);
  });

  it('deflates pieces apart that concatenate into one stream', async () => {
    const p = pool(2);
    const large = new BufferPool((1 << 20) + 32768);
    const data = prose(3 * 65536 + 17, 4);
    const cuts = [0, 65536, 131072, 196608, data.length];
    const pending = cuts.slice(0, -1).map((start, i) => {
      const buf = large.take();
      const n = data.copy(buf, 0, start, cuts[i + 1]);
      // The dictionary rides behind the piece, here at 1 MiB; the first piece has none.
      const dictLen = data.copy(buf, 1 << 20, Math.max(0, start - 32768), start);
      return p.piece(buf, n, 1 << 20, dictLen);
    });
    const parts = await Promise.all(pending);
    await p.close();
    const stream = Buffer.concat([...parts.map((x) => x.data), FINAL_BLOCK]);
    expect(zlib.inflateRawSync(stream).equals(data)).toBe(true);
    // The dictionaries keep the ratio close to one stream's.
    expect(stream.length).toBeLessThan(zlib.deflateRawSync(data, { level: 6 }).length * 1.02);
  });
});

describe('compressibility', () => {
  it('knows formats that are compressed already, by extension, case-insensitively', () => {
    expect(['a.PNG', 'x/y.woff2', 'v.tar.gz', 'm.mp4'].every(hasPrecompressedExtension)).toBe(true);
    expect(['a.js', 'png', 'dir.png/file', '.gz/x', 'noext'].some(hasPrecompressedExtension)).toBe(false);
  });

  it('knows text formats, which are deflated without a probe', () => {
    expect(['a.js', 'b.CSS', 'x/y.json', 'm.map', 'i.svg'].every(hasTextualExtension)).toBe(true);
    expect(['a.bin', 'b.dat', 'js', 'dir.js/file', 'noext', 'a.png'].some(hasTextualExtension)).toBe(false);
  });

  it('samples an eighth of a file, from 4 KiB up to 64 KiB', () => {
    expect([100, 8192, 40_000, 400_000, 5_000_000].map(probeSampleBytes)).toEqual([100, 4096, 5000, 50_000, 65_536]);
  });

  it('probes the head of a file at level 1', () => {
    expect(sampleShrinks(prose(200_000))).toBe(true);
    expect(sampleShrinks(noise(200_000))).toBe(false);
    expect(sampleShrinks(Buffer.concat([noise(65536), prose(200_000)]))).toBe(false);
    expect(sampleShrinks(Buffer.alloc(0))).toBe(false);
  });
});
