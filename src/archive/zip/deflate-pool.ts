import { crc32 } from 'node:zlib';
import { Worker } from 'node:worker_threads';
import type { BufferPool } from './buffer-pool.js';
import { probeSampleBytes } from './compressibility.js';
import { DEFLATE_WORKER_SOURCE } from './deflate-worker-source.js';
import { Slab, type JobMessage, type JobResult } from './slab.js';

/** Small files share slabs of this size; a slab goes to a worker once this full or this many jobs. */
export const SLAB_BYTES = 256 * 1024;
const SEND_AT_BYTES = 192 * 1024;
const SEND_AT_JOBS = 64;

/** What a file or piece became. `release` returns its memory once its bytes are written. */
export interface Packed {
  crc: number;
  deflated: boolean;
  data: Buffer;
  release: () => void;
}

export type WholeMode = 'store' | 'deflate' | 'probe';

/**
 * A worker's JS heap holds little (a batch's job list), but each job leaves one zlib output
 * buffer behind, outside the heap. V8 collects those only once the worker's heap and outside
 * memory together reach a limit it derives from the old generation's size, so that size is what
 * bounds the garbage. With 64 MB each worker carried 30-35 MB of dead buffers on Node 24 (peak RSS
 * of a deploy of the large bench tree 223-232 MB); with 16 MB, 159-174 MB; with 12 MB, 5 MB less
 * again (side by side on the large and medium trees, at the same speed).
 * What a worker uses is fixed by its code, not by the tree: at most 6.7 MB of heap in use
 * (8.8 MB in all spaces) on Node 24 and 6.3 MB on Node 20 during a deploy of the large tree. 6 MB
 * stops a worker at once ("JS heap out of memory"; the end-to-end tests on Node 24 fail), so 12
 * leaves nearly twice what is in use.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 12 };

/** What a pool hears from its threads. */
interface ThreadOwner {
  message(msg: BatchReply): void;
  error(err: Error): void;
  exit(index: number, code: number): void;
}

/**
 * The deflate workers, which may start before the pool that uses them: a deploy starts them once
 * its walk has kept a first entry, so that they boot (about 100 ms each on Node 24) while the rest
 * of the tree is walked. An error or exit before a pool adopts them is kept and told to it then;
 * threads no pool adopts are stopped with `release()`.
 */
export class DeflateThreads {
  /** 1 once the threads are told to stop (`close()`, `release()`): jobs not begun are answered at once. */
  readonly stop = new Int32Array(new SharedArrayBuffer(4));
  readonly workers: Worker[] = [];
  private owner: ThreadOwner | undefined;
  private readonly missed: ((owner: ThreadOwner) => void)[] = [];

  constructor(count: number) {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(DEFLATE_WORKER_SOURCE, {
        eval: true,
        resourceLimits: WORKER_LIMITS,
        workerData: { stop: this.stop.buffer },
      });
      worker.on('message', (msg: BatchReply) => this.owner?.message(msg));
      worker.on('error', (err) => this.tell((owner) => owner.error(err)));
      worker.on('exit', (code) => this.tell((owner) => owner.exit(i, code)));
      this.workers.push(worker);
    }
  }

  adopt(owner: ThreadOwner): void {
    if (this.owner) throw new Error('these deflate threads already have a pool');
    this.owner = owner;
    for (const told of this.missed.splice(0)) told(owner);
  }

  /** Stops the threads when no pool has adopted them; a pool that has stops them when it closes. */
  async release(): Promise<void> {
    if (this.owner) return;
    // No job was ever sent, so none can be stopped inside zlib's set-up (see DeflatePool.close).
    Atomics.store(this.stop, 0, 1);
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private tell(what: (owner: ThreadOwner) => void): void {
    if (this.owner) what(this.owner);
    else this.missed.push(what);
  }
}

/**
 * Deflates on worker threads (one per core, up to MAX_DEFLATE_WORKERS), in batches. zlib's async API costs more per call
 * than deflating a small file does, and gave no speed-up on trees of small files (measured);
 * workers deflating batches synchronously do, and leave the main thread to read, hash and
 * write. Files are read straight into the buffers that move to the workers and back, and those
 * buffers are reused, so memory stays flat.
 */
export class DeflatePool {
  private readonly workers: Slot[];
  private readonly inFlight = new Map<number, { slab: Slab; slot: Slot }>();
  private local: Slab | undefined;
  private remote: Slab | undefined;
  private nextId = 0;
  private failure: Error | undefined;
  /** Shared with the workers: 1 once `close()` is called. */
  private readonly stop: Int32Array;

  /** Adopts `threads`: from here on the pool hears them, and `close()` stops them. */
  constructor(
    private readonly level: number,
    threads: DeflateThreads,
    private readonly slabs: BufferPool,
    private readonly large: BufferPool,
  ) {
    this.stop = threads.stop;
    this.workers = threads.workers.map((worker) => ({ worker, busy: 0 }));
    threads.adopt({
      message: (msg) => this.settle(msg),
      error: (err) => this.fail(err),
      exit: (index, code) => {
        // A worker close() stopped exits with 1: not a failure for the batches of the others.
        if (code !== 0 && Atomics.load(this.stop, 0) === 0) {
          this.fail(new Error(`deflate worker stopped (exit code ${code})`));
        }
        this.workers[index]!.idle?.(); // gone: nothing of it is left to wait for
      },
    });
  }

  /**
   * Room to read a whole file of `size` bytes into (at most a large pool buffer's size).
   * Pass it, filled, to `whole` before asking for more room.
   */
  room(size: number, mode: WholeMode): Buffer {
    if (size > SLAB_BYTES) {
      const slab = new Slab(this.large.take(), this.large);
      if (mode === 'store') this.local = this.seal(this.local, slab);
      else this.remote = this.send(this.remote, slab);
      return slab.buf.subarray(0, size);
    }
    let slab = mode === 'store' ? this.local : this.remote;
    if (!slab || slab.buf.length - slab.used < size) {
      slab = new Slab(this.slabs.take(), this.slabs);
      if (mode === 'store') this.local = this.seal(this.local, slab);
      else this.remote = this.send(this.remote, slab);
    }
    return slab.buf.subarray(slab.used, slab.used + size);
  }

  /** The file just read into `room` (`n` bytes of it): its CRC, deflated when that shrinks it. */
  whole(n: number, mode: WholeMode): Promise<Packed> {
    const slab = (mode === 'store' ? this.local : this.remote)!;
    const off = slab.used;
    slab.used += n;
    slab.refs++;
    const release = () => slab.release();
    if (mode === 'store') {
      const data = slab.buf.subarray(off, off + n);
      return Promise.resolve({ crc: crc32(data), deflated: false, data, release });
    }
    const msg: JobMessage = {
      off,
      len: n,
      cap: n,
      piece: false,
      deflate: true,
      probe: mode === 'probe' ? probeSampleBytes(n) : 0,
    };
    const done = this.job(slab, msg, release);
    if (slab.used >= SEND_AT_BYTES || slab.jobs.length >= SEND_AT_JOBS) this.remote = this.send(slab, undefined);
    return done;
  }

  /**
   * One piece of a large file, in a buffer from the large pool: deflated apart from its
   * neighbours so pieces run in parallel (as pigz does), primed with the previous piece's last
   * 32 KiB so matches still reach back, sync-flushed so the outputs concatenate into one
   * stream. `FINAL_BLOCK` ends it. The dictionary is `dictLen` bytes of `buf` from `dictAt`, past
   * the piece: it moves to the worker with the piece, and no copy of it is left behind.
   */
  piece(buf: Buffer, n: number, dictAt: number, dictLen: number): Promise<Packed> {
    const slab = new Slab(buf, this.large);
    slab.used = n;
    slab.refs = 1;
    const msg: JobMessage = { off: 0, len: n, cap: buf.length, piece: true, deflate: true, probe: 0, dictAt, dictLen };
    const done = this.job(slab, msg, () => slab.release());
    this.send(slab, undefined);
    return done;
  }

  /** Sends the slab being filled; call before waiting for any result. */
  flush(): void {
    this.remote = this.send(this.remote, undefined);
  }

  /**
   * Stops the workers, each once it has answered the batches it was given. Node aborts the whole
   * process when a worker is stopped while zlib sets up a stream ("close before init"), so a busy
   * worker is not stopped mid-batch, unless a worker has failed (then the batches of the others
   * are not waited for). Told to stop, a worker answers the jobs it has not begun at once, so
   * the wait is at most the one job under way (one file, or one 1 MiB piece).
   */
  async close(): Promise<void> {
    Atomics.store(this.stop, 0, 1);
    await Promise.all(
      this.workers.map(async (slot) => {
        if (slot.busy > 0 && !this.failure) await new Promise<void>((idle) => (slot.idle = idle));
        await slot.worker.terminate();
      }),
    );
  }

  private job(slab: Slab, msg: JobMessage, release: () => void): Promise<Packed> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      slab.jobs.push({
        msg,
        settle: (r, buf, extra) => {
          if (r.error !== undefined) return reject(new Error(`deflate failed: ${r.error}`));
          const data =
            r.stored || r.len === undefined
              ? buf.subarray(msg.off, msg.off + msg.len)
              : r.overflowAt !== undefined
                ? extra!.subarray(r.overflowAt, r.overflowAt + r.len)
                : buf.subarray(msg.off, msg.off + r.len);
          resolve({ crc: r.crc ?? 0, deflated: !r.stored, data, release });
        },
      });
    });
  }

  /** Seals `current` (its buffer goes home once its last job is written) and returns `next`. */
  private seal(current: Slab | undefined, next: Slab | undefined): Slab | undefined {
    if (current) {
      current.sealed = true;
      if (current.refs === 0) current.home.give(current.buf);
    }
    return next;
  }

  /** Sends `current`'s jobs to the least busy worker, seals it, and returns `next`. */
  private send(current: Slab | undefined, next: Slab | undefined): Slab | undefined {
    if (!current || current.jobs.length === 0) return this.seal(current, next);
    current.sealed = true;
    const slot = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    slot.busy++;
    this.inFlight.set(id, { slab: current, slot });
    const buffer = current.buf.buffer as ArrayBuffer;
    slot.worker.postMessage({ id, level: this.level, buffer, jobs: current.jobs.map((j) => j.msg) }, [buffer]);
    return next;
  }

  private settle(msg: BatchReply): void {
    const sent = this.inFlight.get(msg.id);
    if (!sent) return;
    this.inFlight.delete(msg.id);
    if (--sent.slot.busy === 0) sent.slot.idle?.();
    const { slab } = sent;
    slab.buf = Buffer.from(msg.buffer);
    const extra = msg.extra ? Buffer.from(msg.extra) : undefined;
    slab.jobs.forEach((job, i) => job.settle(msg.results[i]!, slab.buf, extra));
    slab.jobs.length = 0;
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const { slab } of this.inFlight.values()) {
      for (const job of slab.jobs) job.settle({ error: err.message }, slab.buf, undefined);
    }
    this.inFlight.clear();
    for (const slot of this.workers) slot.idle?.();
  }
}

interface Slot {
  worker: Worker;
  /** Batches sent and not yet answered. */
  busy: number;
  /** Called when `busy` comes back to 0 (or a worker fails), while `close()` waits. */
  idle?: () => void;
}

interface BatchReply {
  id: number;
  buffer: ArrayBuffer;
  extra?: ArrayBuffer;
  results: JobResult[];
}

/** An empty final block with fixed codes: ends a stream of sync-flushed pieces. */
export const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Back-references reach at most this far, so this much of the previous piece primes the next. */
export const DICTIONARY_BYTES = 32 * 1024;
