import { availableParallelism } from 'node:os';
import { open, rm } from 'node:fs/promises';
import { realClock, type Clock } from '../util/clock.js';
import { ByteSink } from './byte-sink.js';
import { ByteWindow } from './byte-window.js';
import { Deflater } from './deflater.js';
import { PIECE_BYTES, queueStreamed, wholeStep, type Step, type StepContext } from './entry-steps.js';
import { OrderedQueue } from './ordered-queue.js';
import { PiecePool } from './piece-pool.js';
import { ProgressMeter } from './progress-meter.js';
import type { ArchivePlan, ArchiveProgress, SkippedPath, WrittenArchive } from './types.js';
import { ZipWriter } from './zip-writer.js';
import { dosStamp } from './zip-format.js';

/** Read-ahead bounds: memory stays near this whatever the size of the tree. */
const WINDOW_BYTES = 16 * 1024 * 1024;
const WINDOW_ENTRIES = 128;
const U32_MAX = 0xffffffff;

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
}

/**
 * Writes the planned entries, in plan order, to `outFile` as a zip: files are read ahead and
 * deflated in parallel on the threadpool, then laid out in order by one writer that hashes the
 * bytes as they go. On failure or abort the partial file is removed.
 */
export async function writeArchive(plan: ArchivePlan, opts: WriteArchiveOptions): Promise<WrittenArchive> {
  if (!Number.isInteger(opts.level) || opts.level < 0 || opts.level > 9) {
    throw new Error(`compression-level must be a whole number from 0 to 9, got ${String(opts.level)}`);
  }
  opts.signal?.throwIfAborted();
  const out = await open(opts.outFile, 'w');
  let stopped = false;
  const ctx: StepContext = {
    level: opts.level,
    deflater: new Deflater(opts.level, Math.max(2, availableParallelism())),
    window: new ByteWindow(WINDOW_BYTES, WINDOW_ENTRIES),
    queue: new OrderedQueue<Step>(),
    pieces: new PiecePool(PIECE_BYTES),
    stopped: () => stopped,
  };
  const reading = produce(plan, ctx).then(
    () => ctx.queue.close(),
    (err) => ctx.queue.fail(err),
  );
  try {
    const sink = new ByteSink(out);
    const zip = new ZipWriter(sink, dosStamp(opts.sourceDateEpoch));
    const meter = new ProgressMeter(plan.totalBytes, opts.clock ?? realClock, opts.onProgress);
    const skipped: SkippedPath[] = [];
    let streamed = { zip64: false };
    for (;;) {
      const step = await orAbort(ctx.queue.next(), opts.signal);
      if (!step) break;
      switch (step.kind) {
        case 'whole':
          zip.addWhole({ ...step.entry, method: step.method }, step.crc, step.size, step.data);
          meter.add(step.size);
          break;
        case 'skip':
          skipped.push({ path: step.entry.name, reason: 'vanished' });
          opts.warn?.(`"${step.entry.name}" vanished before it was read; left out of the archive`);
          meter.add(step.entry.size);
          break;
        case 'begin':
          zip.beginStream({ ...step.entry, method: step.method }, step.zip64);
          streamed = { zip64: step.zip64 };
          break;
        case 'piece':
          zip.streamData(step.data);
          meter.add(step.raw);
          if (step.recycle) {
            await sink.flush();
            ctx.pieces.give(step.recycle);
          }
          break;
        case 'end':
          if (!streamed.zip64 && step.size >= U32_MAX) throw new Error('a file grew past 4 GiB while being archived');
          zip.endStream(step.crc, step.size);
          break;
      }
      if ('held' in step && step.held !== undefined) ctx.window.release(step.held);
      await orAbort(sink.maybeFlush(), opts.signal);
    }
    await reading;
    const files = zip.finish();
    const sha256 = await sink.finish();
    await out.close();
    return { file: opts.outFile, bytes: sink.offset, files, sha256, skipped };
  } catch (err) {
    stopped = true;
    ctx.window.cancel(err);
    await out.close().catch(() => {});
    await rm(opts.outFile, { force: true });
    throw err;
  }
}

/** The reader: starts each entry's work in zip order, as far ahead as the window allows. */
async function produce(plan: ArchivePlan, ctx: StepContext): Promise<void> {
  for (const entry of plan.entries) {
    if (ctx.stopped()) return;
    if (entry.kind === 'file' && entry.size > PIECE_BYTES) {
      await queueStreamed(ctx, entry);
    } else {
      await ctx.window.acquire(entry.size);
      ctx.queue.push(wholeStep(ctx, entry));
    }
  }
}

/**
 * `p`, or the signal's reason as soon as it aborts. The listener goes when `p` settles: racing
 * against one long-lived promise instead would keep every step's data reachable from it.
 */
function orAbort<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
