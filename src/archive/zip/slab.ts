import type { BufferPool } from './buffer-pool.js';

/** One job of a batch, as the worker reads it (see deflate-worker-source.ts). */
export interface JobMessage {
  off: number;
  len: number;
  cap: number;
  piece: boolean;
  deflate: boolean;
  /** Bytes of the head to test at level 1 before deflating (0: no probe). */
  probe: number;
  /** A piece's dictionary: these bytes of the same buffer, after the piece (none when 0). */
  dictAt?: number;
  dictLen?: number;
}

/** What the worker says of one job. */
export interface JobResult {
  crc?: number;
  stored?: boolean;
  len?: number;
  overflowAt?: number;
  error?: string;
}

/** One buffer of jobs: a slab shared by small files, or one large file's or piece's own buffer. */
export class Slab {
  used = 0;
  refs = 0;
  sealed = false;
  readonly jobs: { msg: JobMessage; settle: (r: JobResult, buf: Buffer, extra: Buffer | undefined) => void }[] = [];

  constructor(
    public buf: Buffer,
    readonly home: BufferPool,
  ) {}

  /** Called as each job's bytes are written; the last one returns the buffer to its pool. */
  release(): void {
    if (--this.refs === 0 && this.sealed) this.home.give(this.buf);
  }
}
