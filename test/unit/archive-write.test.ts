/**
 * writeArchive against real trees: every zip is proved valid by an independent reader and holds
 * exactly the planned bytes. How it chooses to store or deflate, streams large files, stamps
 * times, reports progress, meets a tree changed after planning, stops, and uses its threads.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import {
  deflateWorkerCount,
  MAX_DEFLATE_WORKERS,
  planArchive,
  startDeflateThreads,
  writeArchive,
  type ArchivePlan,
  type ArchiveProgress,
} from '../../src/archive/index.js';
import { VirtualClock } from '../../src/util/clock.js';
import { canMakeFifo, canMakeUnreadable, unreadableFile } from '../support/platform.js';
import { noise, prose, readZip, sha256Of, unzipTest, useTempDir, writeTree } from './helpers/archive-tree.js';

const STORE = 0;
const DEFLATE = 8;

const tmp = useTempDir();
let root: string;
let out: string;
beforeEach(() => {
  root = path.join(tmp.dir, 'root');
  out = path.join(tmp.dir, 'out');
  mkdirSync(root);
  mkdirSync(out);
});

/** `count` files of prose under the root, named by `name`. */
const proseFiles = (count: number, name: (i: number) => string, size: number) =>
  writeTree(root, Object.fromEntries(Array.from({ length: count }, (_, i) => [name(i), prose(size, i)])));

/** Writes the zip, proves it valid with unzip -t, and checks it holds exactly the plan's bytes. */
let zips = 0;
async function writeAndCheck(plan: ArchivePlan, level = 6, extra: Partial<Parameters<typeof writeArchive>[1]> = {}) {
  const file = path.join(out, `app-${++zips}.zip`);
  const written = await writeArchive(plan, { level, outFile: file, ...extra });
  await unzipTest(file);
  const entries = await readZip(file);
  expect(entries.map((e) => e.name)).toEqual(plan.entries.map((e) => e.name));
  for (const [i, planned] of plan.entries.entries()) {
    const got = entries[i]!;
    if (planned.kind === 'symlink') {
      expect(got.data.toString()).toBe(planned.linkTarget);
      expect(got.mode).toBe(0o120777);
    } else {
      expect(got.data.equals(readFileSync(planned.absPath))).toBe(true);
      expect(got.mode).toBe(0o100000 | planned.mode);
    }
    expect(got.extraLength).toBe(0);
  }
  expect(written.files).toBe(plan.entries.length);
  expect(written.bytes).toBe(statSync(file).size);
  expect(written.sha256).toBe(sha256Of(file));
  return { written, entries, file };
}

/** Writes the zip with its warnings collected; what it holds, read back by an independent reader. */
async function writeWarned(plan: ArchivePlan) {
  const warnings: string[] = [];
  const file = path.join(out, `app-${++zips}.zip`);
  const written = await writeArchive(plan, { level: 6, outFile: file, warn: (m) => warnings.push(m) });
  await unzipTest(file);
  return { written, warnings, names: (await readZip(file)).map((e) => e.name) };
}

describe('writeArchive', () => {
  it('writes a valid zip of exactly the planned entries, files and symlinks', async () => {
    writeTree(root, {
      'index.html': prose(5000),
      'src/app.js': prose(30_000, 2),
      'bin/run.sh': { data: '#!/bin/sh\necho hi\n', mode: 0o755 },
      'empty.txt': '',
      current: { link: 'src' },
      'ünïcode/名前.txt': 'utf-8 names',
    });
    const { entries } = await writeAndCheck(await planArchive({ root }));
    const unicode = entries.find((e) => e.name === 'ünïcode/名前.txt')!;
    expect(unicode.flags & 0x800).toBe(0x800);
    expect(entries.find((e) => e.name === 'index.html')!.flags & 0x800).toBe(0);
  });

  it('deflates what shrinks and stores what does not', async () => {
    writeTree(root, {
      'text.js': prose(50_000),
      'image.png': prose(50_000), // the extension says compressed already: not even tried
      'random.bin': noise(600_000), // no telling extension: the probe finds it incompressible
      'random-mid.dat': noise(40_000), // so does the probe's smaller sample of a mid-size file
      'records.dat': prose(40_000, 4), // no telling extension either, but the probe sees it shrink
      'random-small.dat': noise(3000), // small: deflated, found not to shrink, stored
      'random.js': noise(20_000), // a text name is deflated without a probe, then kept stored
      'tiny.txt': 'a',
    });
    const plan = await planArchive({ root });
    const { entries } = await writeAndCheck(plan);
    const notStored = entries.filter((e) => e.method !== STORE).map((e) => `${e.name} ${e.method}`);
    expect(notStored).toEqual([`records.dat ${DEFLATE}`, `text.js ${DEFLATE}`]);
    // Level 0 stores everything.
    expect((await writeAndCheck(plan, 0)).entries.every((e) => e.method === STORE)).toBe(true);
  });

  it('streams large files in pieces, deflated or stored, with data descriptors', async () => {
    writeTree(root, {
      'big.js': prose(5 * 1024 * 1024 + 123),
      'exact.js': prose(2 * 1024 * 1024, 3), // ends exactly on a piece boundary
      'big.mp4': noise(3 * 1024 * 1024),
    });
    const plan = await planArchive({ root });
    const { entries, written } = await writeAndCheck(plan);
    expect(entries.map((e) => [e.name, e.method, e.flags & 0x8])).toEqual([
      ['big.js', DEFLATE, 0x8],
      ['big.mp4', STORE, 0x8],
      ['exact.js', DEFLATE, 0x8],
    ]);
    expect(written.bytes).toBeLessThan(plan.totalBytes * 0.7);
  });

  it('announces ZIP64 for a stream that may pass 4 GiB', async () => {
    writeTree(root, { 'huge.log': prose(1_500_000) });
    const plan = await planArchive({ root });
    // Planned as 5 GiB: the writer must prepare for sizes it cannot know up front.
    plan.entries[0]!.size = 5 * 1024 ** 3;
    await writeAndCheck(plan);
  });

  it('stamps SOURCE_DATE_EPOCH, or 1980-01-01 00:00 without it', async () => {
    writeTree(root, { 'a.txt': 'a' });
    const plan = await planArchive({ root });
    const { entries } = await writeAndCheck(plan);
    expect(entries[0]!.lastModified).toEqual({ date: (0 << 9) | (1 << 5) | 1, time: 0 });
    const stamped = await writeAndCheck(plan, 6, { sourceDateEpoch: Date.UTC(2024, 1, 29, 13, 45, 30) / 1000 });
    expect(stamped.entries[0]!.lastModified).toEqual({
      date: (44 << 9) | (2 << 5) | 29,
      time: (13 << 11) | (45 << 5) | 15,
    });
  });

  it('reports progress by tenths of the bytes', async () => {
    proseFiles(20, (i) => `f${String(i).padStart(2, '0')}.txt`, 10_000);
    const plan = await planArchive({ root });
    const clock = new VirtualClock(0);
    const seen: ArchiveProgress[] = [];
    await writeAndCheck(plan, 6, { clock, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.bytesDone)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20].map((n) => n * 10_000));
    expect(seen.every((p) => p.bytesTotal === 200_000)).toBe(true);
  });

  it('leaves out a file that vanished after planning, with a warning', async () => {
    writeTree(root, { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    const plan = await planArchive({ root });
    rmSync(path.join(root, 'b.txt'));
    const { written, warnings, names } = await writeWarned(plan);
    expect([names, written.files, written.skipped]).toEqual([
      ['a.txt', 'c.txt'],
      2,
      [{ path: 'b.txt', reason: 'vanished' }],
    ]);
    expect(warnings).toEqual(['"b.txt" vanished before it was read; left out of the archive']);
  });

  // Only Windows has no unreadable file to offer; elsewhere a machine that cannot make one fails
  // the test rather than skipping it.
  it.skipIf(!canMakeUnreadable && process.platform === 'win32')(
    'fails naming a file it cannot read, and removes the partial zip',
    async () => {
      writeTree(root, { 'a.txt': prose(10_000) });
      const plan = await planArchive({ root });
      const locked = unreadableFile(root);
      if (!locked) throw new Error('this machine cannot make a file unreadable to this process (root without /sys?)');
      const { dev, ino } = statSync(locked);
      plan.entries.push({ name: 'locked.bin', absPath: locked, size: 100, mode: 0o644, kind: 'file', dev, ino });
      const file = path.join(out, 'app.zip');
      await expect(writeArchive(plan, { level: 6, outFile: file })).rejects.toThrow(
        'cannot read "locked.bin" (permission denied); make it readable or exclude it',
      );
      expect(existsSync(file)).toBe(false);
    },
  );

  it.skipIf(!canMakeFifo)('never blocks on, nor stores, a FIFO swapped in after planning', async () => {
    writeTree(root, { 'a.txt': 'a', 'b.txt': 'b' });
    const plan = await planArchive({ root });
    rmSync(path.join(root, 'a.txt'));
    execFileSync('mkfifo', [path.join(root, 'a.txt')]);
    const { written, warnings, names } = await writeWarned(plan);
    expect([names, written.skipped]).toEqual([['b.txt'], [{ path: 'a.txt', reason: 'replaced' }]]);
    expect(warnings).toEqual([
      '"a.txt" was replaced (by a link, or another file) after it was planned; left out of the archive',
    ]);
  });

  it('stops on abort and removes the partial zip', async () => {
    proseFiles(400, (i) => `f${i}.txt`, 20_000);
    const plan = await planArchive({ root });
    const file = path.join(out, 'app.zip');
    const controller = new AbortController();
    let reports = 0;
    const writing = writeArchive(plan, {
      level: 6,
      outFile: file,
      signal: controller.signal,
      onProgress: () => {
        if (++reports === 2) controller.abort(new Error('cancelled by the test'));
      },
    });
    await expect(writing).rejects.toThrow('cancelled by the test');
    expect(existsSync(file)).toBe(false);

    await expect(writeArchive(plan, { level: 6, outFile: file, signal: controller.signal })).rejects.toThrow(
      'cancelled by the test',
    );
    expect(existsSync(file)).toBe(false);
  });

  it('rejects a level outside 0 to 9', async () => {
    const plan = await planArchive({ root });
    await expect(writeArchive(plan, { level: 10, outFile: path.join(out, 'x.zip') })).rejects.toThrow(
      'compression-level must be a whole number from 0 to 9, got 10',
    );
  });
});

describe('deflate threads started ahead of the writer', () => {
  /** Workers this thread creates while `run` runs, and whether each has exited once it is done. */
  async function watchWorkers<T>(run: () => Promise<T>) {
    const created: Worker[] = [];
    const exited = new Set<Worker>();
    const onWorker = (w: Worker) => {
      created.push(w);
      w.once('exit', () => exited.add(w));
    };
    process.on('worker', onWorker);
    try {
      const result = await run().catch((err: unknown) => err);
      return { result, created, exited };
    } finally {
      process.off('worker', onWorker);
    }
  }

  it('are the ones the writer uses: it starts none of its own, writes the same zip, and stops them', async () => {
    proseFiles(40, (i) => `src/f${i}.js`, 20_000);
    const plan = await planArchive({ root });
    const own = await writeAndCheck(plan);
    const threads = startDeflateThreads(6);
    expect(threads.workers).toHaveLength(deflateWorkerCount());
    const { result, created } = await watchWorkers(() => writeAndCheck(plan, 6, { threads }));
    // (Node tells of a new worker a tick after creating it: those started above may be told here.)
    expect(created.filter((w) => !threads.workers.includes(w))).toEqual([]);
    expect((result as Awaited<typeof own>).written.sha256).toBe(own.written.sha256);
    // Stopped by the writer: a worker that has exited has no thread id left.
    expect(threads.workers.map((w) => w.threadId)).toEqual(threads.workers.map(() => -1));
  });

  it('are one per core up to a bound, or as many as the writer is told to start', async () => {
    expect([1, 2, 3, 4, 8, 16, 64].map((cores) => deflateWorkerCount(cores))).toEqual([1, 2, 3, 4, 4, 4, 4]);
    expect(MAX_DEFLATE_WORKERS).toBe(4);
    writeTree(root, { 'a.js': prose(20_000) });
    const plan = await planArchive({ root });
    const own = await writeAndCheck(plan);
    const { result, created } = await watchWorkers(() => writeAndCheck(plan, 6, { workers: 5 }));
    expect(created).toHaveLength(5);
    expect((result as Awaited<typeof own>).written.sha256).toBe(own.written.sha256);
  });

  it('refuse a number of workers no pool can start, before the zip file is made', async () => {
    const plan = await planArchive({ root });
    const file = path.join(out, 'app.zip');
    for (const workers of [0, 1.5, Number.NaN]) {
      await expect(writeArchive(plan, { level: 6, outFile: file, workers })).rejects.toThrow(
        'the deflate workers must be a whole number from 1',
      );
      expect(() => startDeflateThreads(6, workers)).toThrow('the deflate workers must be a whole number from 1');
    }
    expect(existsSync(file)).toBe(false);
  });

  it('are stopped when the writer fails before it starts (the zip file already exists)', async () => {
    const plan = await planArchive({ root });
    const file = path.join(out, 'taken.zip');
    writeFileSync(file, 'planted');
    const threads = startDeflateThreads(6);
    const { result, exited } = await watchWorkers(() => writeArchive(plan, { level: 6, outFile: file, threads }));
    expect((result as NodeJS.ErrnoException).code).toBe('EEXIST');
    expect(threads.workers.length).toBeGreaterThan(0);
    expect(threads.workers.every((w) => w.threadId === -1 || exited.has(w))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('planted');
  });

  it('are stopped by release() when no writer takes them, and none are started for level 0', async () => {
    const threads = startDeflateThreads(9);
    expect(threads.workers.length).toBeGreaterThan(0);
    await threads.release();
    expect(threads.workers.map((w) => w.threadId)).toEqual(threads.workers.map(() => -1));
    expect(startDeflateThreads(0).workers).toEqual([]);
  });

  it('fail the writer with an error a worker had before the writer took them', async () => {
    writeTree(root, { 'a.js': prose(20_000) });
    const plan = await planArchive({ root });
    const threads = startDeflateThreads(6);
    threads.workers[0]!.emit('error', new Error('worker could not start'));
    const file = path.join(out, 'app.zip');
    await expect(writeArchive(plan, { level: 6, outFile: file, threads })).rejects.toThrow('worker could not start');
    expect(existsSync(file)).toBe(false);
  });
});

describe('the zip checks of these tests', () => {
  // Info-ZIP where installed, else yauzl with a CRC check (windows-latest): both must catch a
  // flipped byte, or every "valid zip" above proves nothing on that OS.
  it('refuse a zip whose stored bytes no longer match their CRC', async () => {
    writeTree(root, { 'a.txt': 'the bytes the CRC was computed over' });
    const file = path.join(out, 'app.zip');
    await writeArchive(await planArchive({ root }), { level: 0, outFile: file });
    const zip = readFileSync(file);
    const at = zip.indexOf('the bytes');
    zip[at] ^= 0x20;
    writeFileSync(file, zip);
    await expect(readZip(file)).rejects.toThrow(/"a\.txt" fails its CRC check/);
    await expect(unzipTest(file)).rejects.toThrow();
  });
});
