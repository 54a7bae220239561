/**
 * One deflated entry of a zip read as a stream: compressed bytes go to node:zlib's raw inflater
 * until the deflate stream says it has ended, which is where the entry's data ends when the zip
 * records its sizes only after it (a data descriptor). The inflater stops at its end by itself;
 * the bytes it did not take are handed back to the reader, for the descriptor and what follows.
 *
 * Output is handed to `sink` a piece at a time and awaited (a file write): while the sink is
 * busy the inflater holds its output and takes no more input, so a piece of input that inflates
 * a thousandfold (a zip bomb) is never held whole in memory, and a sink that throws (a bound
 * reached) stops it at once.
 */
import { createInflateRaw, crc32 } from 'node:zlib';
import type { ByteReader } from './byte-reader.js';

/** Compressed bytes handed to the inflater at a time. */
const FEED_BYTES = 64 * 1024;
const CUT_SHORT = 'the zip ends inside its deflated data';

export interface Inflated {
  /** Compressed bytes the deflate stream took. */
  readonly compressed: number;
  /** Bytes it inflated to, and their CRC-32. */
  readonly size: number;
  readonly crc: number;
}

/**
 * Inflates the deflate stream at the reader's position into `sink`. `compressedSize`, when the
 * local header gives it, is all the input the stream may take; else it ends where it ends.
 * Rejects with what the sink threw, or `broken(detail)` for input that ends early or is not deflate.
 */
export async function inflateEntry(
  reader: ByteReader,
  compressedSize: number | null,
  sink: (piece: Buffer) => void | Promise<void>,
  broken: (detail: string) => Error,
): Promise<Inflated> {
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  let size = 0;
  let crc = 0;
  const drained = (async () => {
    for await (const piece of inflater as AsyncIterable<Buffer>) {
      size += piece.length;
      crc = crc32(piece, crc);
      await sink(piece);
    }
  })();
  // A sink that throws or an inflater error must stop the feeding below, which may be waiting
  // for the inflater to take a piece it never will.
  const failed = new Promise<never>((_, reject) => drained.catch(reject));
  failed.catch(() => undefined);
  let fed = 0;
  try {
    for (;;) {
      const room = compressedSize === null ? FEED_BYTES : Math.min(FEED_BYTES, compressedSize - fed);
      const piece = room > 0 ? await reader.takeSome(room) : null;
      if (piece === null) {
        if (room > 0 && compressedSize !== null) throw broken(CUT_SHORT);
        // The input ends (or the header's size is reached): an unfinished stream is zlib's error.
        inflater.end();
        break;
      }
      fed += piece.length;
      await Promise.race([
        new Promise<void>((resolve, reject) => inflater.write(piece, (err) => (err ? reject(err) : resolve()))),
        failed,
      ]);
      // bytesWritten counts what the inflater took; less than it was given: the stream ended inside this piece.
      if (inflater.bytesWritten < fed) {
        reader.giveBack(piece.subarray(piece.length - (fed - inflater.bytesWritten)));
        fed = inflater.bytesWritten;
        break;
      }
    }
    await drained;
  } catch (err) {
    inflater.destroy();
    await drained.catch(() => undefined);
    // zlib's own errors carry a Z_ code: the input, not the sink.
    const code = (err as { code?: unknown }).code;
    if (code === 'Z_BUF_ERROR') throw broken(CUT_SHORT);
    if (typeof code === 'string' && code.startsWith('Z_')) throw broken(`its deflated data is broken (${code})`);
    throw err;
  }
  inflater.destroy();
  return { compressed: fed, size, crc };
}
