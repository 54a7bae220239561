import zlib from 'node:zlib';
import type { ByteWindow } from './byte-window.js';
import { hasPrecompressedExtension, sampleShrinks } from './compressibility.js';
import { DICTIONARY_BYTES, FINAL_BLOCK, type Deflater } from './deflater.js';
import type { OrderedQueue } from './ordered-queue.js';
import type { PiecePool } from './piece-pool.js';
import { openSource, readAll, readFull } from './source-file.js';
import type { PlanEntry } from './types.js';
import { METHOD_DEFLATE, METHOD_STORE } from './zip-format.js';

/** Files up to this size are read whole and deflated as one job; larger ones go in pieces of it. */
export const PIECE_BYTES = 1024 * 1024;

/** Below this, deflating the whole file costs little more than probing it first. */
const PROBE_ABOVE = 256 * 1024;

/** Streams planned at least this large announce ZIP64 (deflate may grow data a little). */
const ZIP64_STREAM_ABOVE = 0xf0000000;

/**
 * What the writer does next, in zip order. `held` is window share to give back once written,
 * `raw` the input bytes the step accounts for (for progress), `recycle` a pooled buffer to give
 * back once the data is on disk.
 */
export type Step =
  | { kind: 'whole'; entry: PlanEntry; method: number; crc: number; size: number; data: Buffer; held: number }
  | { kind: 'skip'; entry: PlanEntry; held?: number }
  | { kind: 'begin'; entry: PlanEntry; method: number; zip64: boolean }
  | { kind: 'piece'; data: Buffer; held?: number; raw: number; recycle?: Buffer }
  | { kind: 'end'; crc: number; size: number };

export interface StepContext {
  level: number;
  deflater: Deflater;
  window: ByteWindow;
  queue: OrderedQueue<Step>;
  pieces: PiecePool;
  stopped: () => boolean;
}

async function shouldDeflate(ctx: StepContext, name: string, head: Buffer, size: number): Promise<boolean> {
  if (ctx.level === 0 || size === 0 || hasPrecompressedExtension(name)) return false;
  return size <= PROBE_ABOVE || sampleShrinks(head, (b) => ctx.deflater.fast(b));
}

/** A file read whole (the window share is already taken): stored or deflated, whichever is smaller. */
export async function wholeStep(ctx: StepContext, entry: PlanEntry): Promise<Step> {
  const held = entry.size;
  if (entry.kind === 'symlink') {
    const data = Buffer.from(entry.linkTarget ?? '', 'utf8');
    return { kind: 'whole', entry, method: METHOD_STORE, crc: zlib.crc32(data), size: data.length, data, held };
  }
  const file = await openSource(entry.absPath, entry.name);
  if (!file) return { kind: 'skip', entry, held };
  let data: Buffer;
  try {
    data = await readAll(file, entry.size, entry.name);
  } finally {
    await file.close();
  }
  const crc = zlib.crc32(data);
  if (await shouldDeflate(ctx, entry.name, data, data.length)) {
    const packed = await ctx.deflater.whole(data);
    if (packed.length < data.length)
      return { kind: 'whole', entry, method: METHOD_DEFLATE, crc, size: data.length, data: packed, held };
  }
  return { kind: 'whole', entry, method: METHOD_STORE, crc, size: data.length, data, held };
}

/**
 * Queues a large file piece by piece. Pieces are read here, in order (so the CRC runs along
 * with them), and deflated in parallel; each takes its window share before it is read.
 */
export async function queueStreamed(ctx: StepContext, entry: PlanEntry): Promise<void> {
  const { queue, window } = ctx;
  const file = await openSource(entry.absPath, entry.name);
  if (!file) return queue.push(Promise.resolve<Step>({ kind: 'skip', entry }));
  try {
    await window.acquire(PIECE_BYTES);
    let piece = ctx.pieces.take();
    let n = await readFull(file, piece, entry.name);
    const deflate = await shouldDeflate(ctx, entry.name, piece.subarray(0, n), entry.size);
    const method = deflate ? METHOD_DEFLATE : METHOD_STORE;
    queue.push(Promise.resolve<Step>({ kind: 'begin', entry, method, zip64: entry.size >= ZIP64_STREAM_ABOVE }));

    let crc = 0;
    let size = 0;
    let dictionary: Buffer | undefined;
    for (;;) {
      const data = piece.subarray(0, n);
      crc = zlib.crc32(data, crc);
      size += n;
      if (!deflate) {
        queue.push(Promise.resolve<Step>({ kind: 'piece', data, held: PIECE_BYTES, raw: n, recycle: piece }));
      } else {
        const read = piece;
        const packed = ctx.deflater.piece(data, dictionary).then((out): Step => {
          ctx.pieces.give(read);
          return { kind: 'piece', data: out, held: PIECE_BYTES, raw: n };
        });
        queue.push(packed);
        dictionary = Buffer.from(data.subarray(Math.max(0, n - DICTIONARY_BYTES)));
      }
      if (n < PIECE_BYTES || ctx.stopped()) break;
      await window.acquire(PIECE_BYTES);
      piece = ctx.pieces.take();
      n = await readFull(file, piece, entry.name);
      if (n === 0) {
        ctx.pieces.give(piece);
        window.release(PIECE_BYTES);
        break;
      }
    }
    if (deflate) queue.push(Promise.resolve<Step>({ kind: 'piece', data: FINAL_BLOCK, raw: 0 }));
    queue.push(Promise.resolve<Step>({ kind: 'end', crc, size }));
  } finally {
    await file.close();
  }
}
