import { closeSync, openSync, rmSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { realClock, type Clock } from '../../util/clock.js';
import { ByteSink } from './byte-sink.js';
import { BufferPool } from './buffer-pool.js';
import { DeflatePool, DeflateThreads, SLAB_BYTES } from './deflate-pool.js';
import {
  LARGE_BUFFER_BYTES,
  linkItem,
  PIECE_BYTES,
  queuePieces,
  wholeItem,
  type WriteItem,
  type WriteContext,
} from './entry-work.js';
import { InOrder } from './in-order.js';
import { ProgressMeter } from '../progress-meter.js';
import { closeSource, openSource } from './source-file.js';
import type { ArchivePlan, ArchiveProgress, SkippedPath, WrittenArchive } from '../types.js';
import { checkWorkerCount, deflateWorkerCount } from './worker-count.js';
import { ZipWriter } from './zip-writer.js';
import { dosStamp } from './zip-format.js';
import { ContentDigest } from '../digest/content-digest.js';
import type { PlanEntry } from '../types.js';

/**
 * Read-ahead bounds: memory stays near this whatever the size of the tree. A piece per deflate
 * worker and one being read keep every worker busy on a large file; more only holds memory
 * (6 MiB on two workers cost 4-5 MB more peak RSS than 3 MiB, at the same speed, measured with
 * the archive benchmark's child on the large and medium trees).
 */
const windowBytes = (threads: number) => Math.max(2, threads + 1) * PIECE_BYTES;
const WINDOW_ENTRIES = 128;
/** Reads and writes are synchronous; let timers and an abort in this often. */
const YIELD_EVERY_BYTES = 8 * 1024 * 1024;
const YIELD_EVERY_ENTRIES = 256;
const U32_MAX = 0xffffffff;

const LATE_WORDS = {
  vanished: 'vanished before it was read',
  replaced: 'was replaced (by a link, or another file) after it was planned',
} as const;

export interface WriteArchiveOptions {
  /** 0 stores everything; 1 to 9 deflate what shrinks. */
  level: number;
  outFile: string;
  /** Seconds since the epoch stamped on every entry (SOURCE_DATE_EPOCH); default 1980-01-01 00:00. */
  sourceDateEpoch?: number;
  clock?: Clock;
  onProgress?: (p: ArchiveProgress) => void;
  signal?: AbortSignal;
  warn?: (message: string) => void;
  /**
   * Bytes of the zip on disk so far, after each write: another reader of `outFile` (an upload
   * sent while the zip is written) may read that far. Writes are synchronous, so those bytes
   * are in the file when this is called.
   */
  onWritten?: (bytesOnDisk: number) => void;
  /**
   * Deflate workers started ahead (`startDeflateThreads`); the writer stops them when it is done
   * or fails. Without them it starts its own.
   */
  threads?: DeflateThreads;
  /**
   * How many workers to start when `threads` is not given: one per core, at most
   * MAX_DEFLATE_WORKERS, unless given (the archive benchmark compares counts with it).
   */
  workers?: number;
  /** Also compute the content digest (`contentDigest` of the result), from the zip's own reads. */
  digest?: boolean;
}

/**
 * Starts the deflate workers a zip at `level` needs: `workers` of them (by default one per core,
 * at most MAX_DEFLATE_WORKERS), none at level 0, where starting them costs more than storing.
 * Pass them to `writeArchive`, or `release()` them.
 */
export function startDeflateThreads(level: number, workers: number = deflateWorkerCount()): DeflateThreads {
  checkWorkerCount(workers);
  return new DeflateThreads(level === 0 ? 0 : workers);
}

/**
 * Writes the planned entries, in plan order, to `outFile` as a zip: files are read ahead and
 * deflated in parallel on worker threads, and laid out in order by one writer that hashes the
 * bytes as they go. On failure or abort the partial file is removed.
 */
export async function writeArchive(plan: ArchivePlan, opts: WriteArchiveOptions): Promise<WrittenArchive> {
  let fd: number;
  try {
    if (!Number.isInteger(opts.level) || opts.level < 0 || opts.level > 9) {
      throw new Error(`compression-level must be a whole number from 0 to 9, got ${String(opts.level)}`);
    }
    if (opts.workers !== undefined) checkWorkerCount(opts.workers);
    opts.signal?.throwIfAborted();
    // Created, never opened: a file or link already there (planted in a shared temp dir, say) fails
    // the run instead of being written through. Only its owner may read it.
    fd = openSync(opts.outFile, 'wx', 0o600);
  } catch (err) {
    await opts.threads?.release();
    throw err;
  }
  const sink = new ByteSink(fd, opts.onWritten);
  const zip = new ZipWriter(sink, dosStamp(opts.sourceDateEpoch));
  const meter = new ProgressMeter(plan.totalBytes, opts.clock ?? realClock, opts.onProgress);
  const skipped: SkippedPath[] = [];
  const large = new BufferPool(LARGE_BUFFER_BYTES);
  let zip64Stream = false;
  const digest = opts.digest ? new ContentDigest() : undefined;
  let streaming: PlanEntry | undefined;
  const digestOf = (entry: PlanEntry, size: number, sha256: string | undefined) =>
    digest?.add({ name: entry.name, kind: entry.kind, mode: entry.mode, size, sha256: sha256 ?? '' });

  const emit = (item: WriteItem) => {
    switch (item.kind) {
      case 'whole':
        zip.addWhole({ ...item.entry, method: item.method }, item.crc, item.size, item.data);
        digestOf(item.entry, item.size, item.sha256);
        item.release();
        return meter.add(item.size);
      case 'skip':
        skipped.push({ path: item.entry.name, reason: item.reason });
        opts.warn?.(`"${item.entry.name}" ${LATE_WORDS[item.reason]}; left out of the archive`);
        return meter.add(item.entry.size);
      case 'begin':
        zip64Stream = item.zip64;
        streaming = item.entry;
        return zip.beginStream({ ...item.entry, method: item.method }, item.zip64);
      case 'piece':
        zip.streamData(item.data);
        item.release();
        return meter.add(item.raw);
      case 'end':
        if (!zip64Stream && item.size >= U32_MAX) throw new Error('a file grew past 4 GiB while being archived');
        zip.endStream(item.crc, item.size);
        return digestOf(streaming!, item.size, item.sha256);
    }
  };
  const threads = opts.threads ?? startDeflateThreads(opts.level, opts.workers);
  const deflate = new DeflatePool(opts.level, threads, new BufferPool(SLAB_BYTES), large);
  const out = new InOrder(
    emit,
    windowBytes(threads.workers.length),
    WINDOW_ENTRIES,
    () => deflate.flush(),
    opts.signal,
  );
  const ctx: WriteContext = { level: opts.level, deflate, out, large, digest: digest !== undefined };
  try {
    let sinceYield = { bytes: 0, entries: 0 };
    for (const entry of plan.entries) {
      if (sinceYield.bytes >= YIELD_EVERY_BYTES || sinceYield.entries >= YIELD_EVERY_ENTRIES) {
        await nextTurn();
        sinceYield = { bytes: 0, entries: 0 };
      }
      opts.signal?.throwIfAborted();
      sinceYield.bytes += entry.size;
      sinceYield.entries++;
      await addEntry(ctx, entry);
    }
    await ctx.out.drain();
    opts.signal?.throwIfAborted();
    const files = zip.finish();
    const sha256 = sink.finish();
    closeSync(fd);
    return {
      file: opts.outFile,
      bytes: sink.offset,
      files,
      sha256,
      skipped,
      ...(digest ? { contentDigest: digest.finish() } : {}),
    };
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(opts.outFile, { force: true });
    throw err;
  } finally {
    await deflate.close();
  }
}

async function addEntry(ctx: WriteContext, entry: ArchivePlan['entries'][number]): Promise<void> {
  if (entry.kind === 'symlink') {
    await ctx.out.room(entry.size);
    return ctx.out.add(linkItem(entry, ctx.digest), entry.size);
  }
  const source = openSource(entry);
  if ('skip' in source) return ctx.out.add({ kind: 'skip', entry, reason: source.skip }, 0);
  const { fd, size } = source;
  try {
    // Planned or found large: streamed (the larger of the two sizes also decides ZIP64).
    if (Math.max(size, entry.size) > PIECE_BYTES) return await queuePieces(ctx, entry, fd, size);
    // A file too large to share a slab holds a whole PIECE_BYTES buffer until it is written.
    const held = size > SLAB_BYTES ? PIECE_BYTES : size;
    await ctx.out.room(held);
    ctx.out.add(wholeItem(ctx, entry, fd, size), held);
  } finally {
    closeSource(fd);
  }
}
