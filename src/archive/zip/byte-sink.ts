import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';

/** Small records are gathered into a staging buffer of this size before a write. */
const STAGE_BYTES = 1024 * 1024;

/**
 * The zip file as bytes go out: counts them, hashes them as they pass (so the hash and size
 * need no second read), and writes them. Once `push` returns, the caller may reuse its buffer.
 * Writes are synchronous for the same reason reads are (see source-file.ts). Small records are
 * hashed a stage at a time, as they are written: one hash call per MiB, not three per entry.
 */
export class ByteSink {
  private readonly stage = Buffer.allocUnsafe(STAGE_BYTES);
  private staged = 0;
  private readonly hash = createHash('sha256');
  /** Bytes pushed so far: the offset of the next byte in the file. */
  offset = 0;
  /** Bytes written to the file so far (pushed ones may wait in the stage). */
  private onDisk = 0;

  /** `onWritten` hears the bytes on disk after each write: a reader may then read that far. */
  constructor(
    private readonly fd: number,
    private readonly onWritten?: (bytesOnDisk: number) => void,
  ) {}

  push(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.offset += bytes.length;
    if (bytes.length >= STAGE_BYTES / 4) {
      this.flush();
      this.hash.update(bytes);
      this.write(bytes);
    } else {
      if (bytes.length > STAGE_BYTES - this.staged) this.flush();
      bytes.copy(this.stage, this.staged);
      this.staged += bytes.length;
    }
  }

  flush(): void {
    if (this.staged === 0) return;
    const staged = this.stage.subarray(0, this.staged);
    this.hash.update(staged);
    this.write(staged);
    this.staged = 0;
  }

  /** Flushes and returns the hex sha256 of everything pushed. */
  finish(): string {
    this.flush();
    return this.hash.digest('hex');
  }

  private write(data: Buffer): void {
    let written = 0;
    while (written < data.length) written += writeSync(this.fd, data, written, data.length - written);
    this.onDisk += data.length;
    this.onWritten?.(this.onDisk);
  }
}
