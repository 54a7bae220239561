import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { GrowingFile } from './growing-file.js';

/**
 * Most bytes of the file per chunk. 64 KiB chunks (the fs default) cost the upload more in
 * per-chunk work than the copy itself; 1 MiB chunks halved its time (measured on loopback).
 */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Fewest bytes of the file per chunk, the last one excepted: well above the write high-water
 * mark of a socket (16 KiB; 64 KiB from Node 22), so writing any chunk but the last fills it.
 * See `PartBody` for why that matters.
 */
export const MIN_CHUNK_BYTES = 256 * 1024;

/** The file of a part: finished, of a known size, or still being written. */
export type PartFile = { path: string; size: number } | GrowingFile;

/**
 * `head`, then the file's bytes read back from disk, then `tail`: one multipart body. For a
 * finished file, a file shorter than its size fails the stream (the Content-Length was already
 * promised); for a file still being written, the writer's failure fails it with the writer's
 * error, and the stream waits for the writer when it has caught up, so memory stays flat
 * however far the socket lags behind.
 *
 * The file is read into two buffers used in turn, not a fresh buffer per chunk: fresh buffers
 * turn into garbage once sent, and V8 lets tens of MB of it build up before freeing any
 * (measured: 25-50 MB more peak memory uploading the 600 MiB benchmark tree). Reuse is safe
 * because of how undici writes a stream body: it pauses the stream when a write leaves the
 * socket over its high-water mark, and resumes it only once the socket has drained (given all
 * it had to the kernel). Every chunk but the last is at least MIN_CHUNK_BYTES, above that mark,
 * so chunk n is emitted only after chunk n - 1 has drained; and the stream reads at most one
 * chunk ahead of what it emitted, so chunk n + 1 is read (into chunk n - 1's buffer) only after
 * that. This holds only with nothing between this stream and the socket that keeps chunks of
 * its own (the transport counts bytes with a listener, not a stream stage). A test holds undici
 * to it (a server that reads slowly, directly, through a proxy and over TLS, must receive every
 * byte as on disk), so an upgrade that changes it fails there, not in a user's upload.
 *
 * A consumer that keeps chunks (a test collecting them, say) must copy them.
 */
export class PartBody extends Readable {
  private headSent = false;
  private offset = 0;
  private handle: FileHandle | undefined;
  private readonly buffers: Buffer[] = [];
  private turn = 0;
  private readonly growing: GrowingFile | undefined;

  constructor(
    private readonly file: PartFile,
    private readonly head: Buffer,
    private readonly tail: Buffer,
  ) {
    super();
    this.growing = file instanceof GrowingFile ? file : undefined;
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file.path, 'r').then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (err: Error) => callback(this.growing?.error ?? err),
    );
  }

  // Pushes after a destroy are ignored by the stream, so the chunk of a read that was in flight
  // then needs no check of its own.
  override _read(): void {
    if (!this.headSent) {
      this.headSent = true;
      this.push(this.head);
      return;
    }
    this.next().then(
      (chunk) => {
        if (chunk) return void this.push(chunk);
        this.push(this.tail);
        this.push(null);
      },
      (err: Error) => this.destroy(err),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return callback(error);
    // FileHandle.close waits for a read in flight, and a closed handle never reads another file.
    const done = () => callback(error);
    handle.close().then(done, done);
  }

  /** The next chunk of the file, or undefined at its end (or once destroyed). */
  private async next(): Promise<Buffer | undefined> {
    const end = await this.available();
    if (end === undefined || !this.handle) return undefined;
    const want = Math.min(CHUNK_BYTES, end - this.offset);
    const buf = (this.buffers[this.turn++ % 2] ??= Buffer.allocUnsafeSlow(CHUNK_BYTES));
    const { bytesRead } = await this.handle.read(buf, 0, want, this.offset);
    if (bytesRead < want) {
      throw new Error(
        this.growing
          ? `"${this.file.path}" is shorter than its writer said`
          : `"${this.file.path}" shrank by ${end - this.offset - bytesRead} bytes while it was being sent`,
      );
    }
    this.offset += want;
    return buf.subarray(0, want);
  }

  /**
   * How far the file may be read: at least MIN_CHUNK_BYTES past the offset, or to its end;
   * undefined once every byte has been read. A wait for the writer ends when it writes more,
   * finishes or fails (it always does one: the deploy stops it whatever happens).
   */
  private async available(): Promise<number | undefined> {
    for (;;) {
      if (this.growing?.error) throw this.growing.error;
      const size = this.file.size;
      if (size !== undefined) return this.offset < size ? size : undefined;
      // Only a growing file has no size yet.
      const growing = this.growing!;
      if (growing.written - this.offset >= MIN_CHUNK_BYTES) return growing.written;
      await growing.beyond(this.offset + MIN_CHUNK_BYTES - 1);
    }
  }
}
