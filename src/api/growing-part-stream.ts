import { close, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import type { GrowingFile } from './growing-file.js';

/** Largest read, as in FilePartStream: fewer, larger chunks cost the socket less. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * `head`, then the file as it is written, then `tail`: one multipart body of a length not known
 * when it starts. Bytes are read back from disk up to what the writer has put there, so memory
 * stays flat however far the socket lags behind the writer; when the reader catches up, it
 * waits for the writer. The writer's failure fails the stream with the writer's error.
 */
export class GrowingPartStream extends Readable {
  private fd: number | undefined;
  private offset = 0;
  private head: Buffer | undefined;

  constructor(
    private readonly file: GrowingFile,
    head: Buffer,
    private readonly tail: Buffer,
  ) {
    super();
    this.head = head;
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file.path, 'r', (err, fd) => {
      if (err) return callback(this.file.error ?? err);
      this.fd = fd;
      callback();
    });
  }

  override _read(): void {
    if (this.head) {
      const head = this.head;
      this.head = undefined;
      this.push(head);
      return;
    }
    this.next();
  }

  private next(): void {
    if (this.destroyed) return;
    const { file } = this;
    if (file.error) return void this.destroy(file.error);
    const want = Math.min(CHUNK_BYTES, file.written - this.offset);
    if (want <= 0) {
      if (file.size !== undefined) {
        this.push(this.tail);
        this.push(null);
        return;
      }
      // Caught up with the writer: go on once it has written more, finished or failed.
      void file.beyond(this.offset).then(() => this.next());
      return;
    }
    const buf = Buffer.allocUnsafeSlow(want);
    read(this.fd!, buf, 0, want, this.offset, (err, n) => {
      if (this.destroyed) return;
      if (err) return this.destroy(err);
      if (n === 0) return this.destroy(new Error(`"${file.path}" is shorter than its writer said`));
      this.offset += n;
      this.push(n === want ? buf : buf.subarray(0, n));
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.fd === undefined) return callback(error);
    const fd = this.fd;
    this.fd = undefined;
    close(fd, () => callback(error));
  }
}
