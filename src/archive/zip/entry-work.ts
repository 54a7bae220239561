import zlib from 'node:zlib';
import type { BufferPool } from './buffer-pool.js';
import { hasPrecompressedExtension, hasTextualExtension, PROBE_FROM, sampleShrinks } from './compressibility.js';
import { DICTIONARY_BYTES, FINAL_BLOCK, type DeflatePool, type Packed, type WholeMode } from './deflate-pool.js';
import type { InOrder } from './in-order.js';
import { readFull } from './source-file.js';
import type { PlanEntry } from '../types.js';
import { METHOD_DEFLATE, METHOD_STORE } from './zip-format.js';
import { createHash } from 'node:crypto';
import { linkBytes, sha256Hex } from '../digest/content-digest.js';

/** Files up to this size are read whole and deflated as one job; larger ones go in pieces of it. */
export const PIECE_BYTES = 1024 * 1024;

/** A piece, then the previous piece's tail as its dictionary (see queuePieces). */
export const LARGE_BUFFER_BYTES = PIECE_BYTES + DICTIONARY_BYTES;

/** Deflate cannot win back its own framing on so few bytes; not worth a try. */
const DEFLATE_FROM = 64;

/** Streams planned at least this large announce ZIP64 (deflate may grow data a little). */
const ZIP64_STREAM_ABOVE = 0xf0000000;

const noop = () => {};

/** What the writer does next, in zip order. `release` frees the item's memory once written. */
export type WriteItem =
  | {
      kind: 'whole';
      entry: PlanEntry;
      method: number;
      crc: number;
      size: number;
      data: Buffer;
      release: () => void;
      /** Hex sha256 of the bytes read, for the content digest (when asked for). */
      sha256?: string;
    }
  | { kind: 'skip'; entry: PlanEntry; reason: 'vanished' | 'replaced' }
  | { kind: 'begin'; entry: PlanEntry; method: number; zip64: boolean }
  | { kind: 'piece'; data: Buffer; raw: number; release: () => void }
  | { kind: 'end'; crc: number; size: number; sha256?: string };

export interface WriteContext {
  level: number;
  deflate: DeflatePool;
  out: InOrder<WriteItem>;
  /**
   * Buffers of LARGE_BUFFER_BYTES, for pieces of large files and whole files too large for a
   * slab (shared with the deflate pool).
   */
  large: BufferPool;
  /** Hash each file's bytes as they are read, for the content digest: no second read. */
  digest: boolean;
}

const worthTrying = (ctx: WriteContext, name: string, size: number) =>
  ctx.level > 0 && size >= DEFLATE_FROM && !hasPrecompressedExtension(name);

/** A symlink: its target, stored. */
export function linkItem(entry: PlanEntry, digest: boolean): WriteItem {
  const data = linkBytes(entry.linkTarget);
  const crc = zlib.crc32(data);
  const sha256 = digest ? { sha256: sha256Hex(data) } : {};
  return { kind: 'whole', entry, method: METHOD_STORE, crc, size: data.length, data, release: noop, ...sha256 };
}

/** A file of no telling name is probed before it is deflated whole, unless it is small. */
function wholeMode(ctx: WriteContext, name: string, size: number): WholeMode {
  if (!worthTrying(ctx, name, size)) return 'store';
  return size >= PROBE_FROM && !hasTextualExtension(name) ? 'probe' : 'deflate';
}

/** Reads a file of `size` (at most PIECE_BYTES) whole: stored, or deflated when that shrinks it. */
export function wholeItem(ctx: WriteContext, entry: PlanEntry, fd: number, size: number): Promise<WriteItem> {
  const mode = wholeMode(ctx, entry.name, size);
  const room = ctx.deflate.room(size, mode);
  const n = readFull(fd, room, entry.name);
  // Hashed here, before the deflate job may reuse the buffer: the read's own bytes.
  const sha256 = ctx.digest ? { sha256: sha256Hex(room.subarray(0, n)) } : {};
  return ctx.deflate.whole(n, mode).then((p: Packed): WriteItem => ({
    ...sha256,
    kind: 'whole',
    entry,
    method: p.deflated ? METHOD_DEFLATE : METHOD_STORE,
    crc: p.crc,
    size: n,
    data: p.data,
    release: p.release,
  }));
}

/**
 * Queues a large file piece by piece: each piece is read (in order, so the CRC runs along),
 * then deflated in parallel with the others.
 */
export async function queuePieces(ctx: WriteContext, entry: PlanEntry, fd: number, size: number): Promise<void> {
  const { out, large } = ctx;
  await out.room(PIECE_BYTES);
  let piece = large.take();
  let n = readFull(fd, piece.subarray(0, PIECE_BYTES), entry.name);
  const deflate = worthTrying(ctx, entry.name, size) && sampleShrinks(piece.subarray(0, n));
  const zip64 = Math.max(size, entry.size) >= ZIP64_STREAM_ABOVE;
  out.add({ kind: 'begin', entry, method: deflate ? METHOD_DEFLATE : METHOD_STORE, zip64 }, 0);

  let crc = 0;
  let total = 0;
  const hash = ctx.digest ? createHash('sha256') : undefined;
  // The previous piece's last bytes, kept here while that piece is away on a worker, and copied
  // in behind the next one: one buffer for the whole file, where a copy per piece would leave
  // 32 KiB of garbage on each thread.
  const tail = deflate ? Buffer.allocUnsafe(DICTIONARY_BYTES) : undefined;
  let tailLen = 0;
  while (n > 0) {
    const data = piece.subarray(0, n);
    crc = zlib.crc32(data, crc);
    hash?.update(data);
    total += n;
    if (tail) {
      const raw = n;
      tail.copy(piece, PIECE_BYTES, 0, tailLen);
      const dictLen = tailLen;
      tailLen = data.copy(tail, 0, Math.max(0, n - DICTIONARY_BYTES));
      const packed = ctx.deflate.piece(piece, n, PIECE_BYTES, dictLen);
      out.add(
        packed.then((p): WriteItem => ({ kind: 'piece', data: p.data, raw, release: p.release })),
        PIECE_BYTES,
      );
    } else {
      const read = piece;
      out.add({ kind: 'piece', data, raw: n, release: () => large.give(read) }, PIECE_BYTES);
    }
    if (n < PIECE_BYTES) break;
    await out.room(PIECE_BYTES);
    piece = large.take();
    n = readFull(fd, piece.subarray(0, PIECE_BYTES), entry.name);
    if (n === 0) large.give(piece);
  }
  if (tail) out.add({ kind: 'piece', data: FINAL_BLOCK, raw: 0, release: noop }, 0);
  out.add({ kind: 'end', crc, size: total, ...(hash ? { sha256: hash.digest('hex') } : {}) }, 0);
}
