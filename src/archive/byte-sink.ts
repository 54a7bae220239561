import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/** Small writes are gathered into one write call of about this size. */
const FLUSH_BYTES = 1024 * 1024;

/**
 * The zip file as bytes go out: counts them, hashes them as they pass, and writes them in
 * batches, so the hash and size need no second read of the file.
 */
export class ByteSink {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly hash = createHash('sha256');
  /** Bytes pushed so far: the offset of the next byte in the file. */
  offset = 0;

  constructor(private readonly file: FileHandle) {}

  push(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.hash.update(bytes);
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.offset += bytes.length;
  }

  /** Writes what is gathered once there is enough of it; call between entries. */
  async maybeFlush(): Promise<void> {
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const data = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    let written = 0;
    while (written < data.length) {
      const { bytesWritten } = await this.file.write(data, written, data.length - written);
      written += bytesWritten;
    }
  }

  /** Flushes and returns the hex sha256 of everything pushed. */
  async finish(): Promise<string> {
    await this.flush();
    return this.hash.digest('hex');
  }
}
