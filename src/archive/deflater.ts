import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * zlib's async deflate, which runs on the libuv threadpool, with a cap on jobs at once: enough
 * to keep every core busy, few enough that file reads and writes still find a free thread.
 */
export class Deflater {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly level: number,
    private readonly concurrency: number,
  ) {}

  /** The level-1 deflate of a sample, for the compressibility probe. */
  fast(sample: Buffer): Promise<Buffer> {
    return this.run(() => deflateRaw(sample, { level: 1 }));
  }

  /** A whole entry, ended with a final block. */
  whole(data: Buffer): Promise<Buffer> {
    return this.run(() => deflateRaw(data, { level: this.level }));
  }

  /**
   * One piece of a large entry, deflated apart from its neighbours so pieces run in parallel
   * (as pigz does): primed with the previous piece's last 32 KiB so matches still reach back,
   * and sync-flushed so the pieces' outputs concatenate into one stream. `FINAL_BLOCK` ends it.
   */
  piece(data: Buffer, dictionary: Buffer | undefined): Promise<Buffer> {
    const opts: zlib.ZlibOptions = { level: this.level, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (dictionary && dictionary.length > 0) opts.dictionary = dictionary;
    return this.run(() => deflateRaw(data, opts));
  }

  private async run(job: () => Promise<Buffer>): Promise<Buffer> {
    // A finishing job hands its slot straight to the next waiter.
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** An empty final block with fixed codes: ends a stream of sync-flushed pieces. */
export const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Back-references reach at most this far, so this much of the previous piece primes the next. */
export const DICTIONARY_BYTES = 32 * 1024;
