/**
 * A file another part of the process is still writing, as its readers see it: how far it is
 * on disk, and whether it is finished (with its final size) or failed (with the writer's
 * error). The writer reports; an upload sent while the zip is written reads up to `written`
 * and waits for more. Nothing of the file is held in memory: readers read it back from disk.
 */
export class GrowingFile {
  /** Bytes on disk so far: a reader may read [0, written). */
  written = 0;
  /** The final size, once the writer is done. */
  size: number | undefined;
  /** The writer's error, once it has failed. */
  error: Error | undefined;
  private waiters: (() => void)[] = [];
  /** Settles with the final size, or the writer's error. */
  readonly done: Promise<number>;
  private settle!: { resolve: (size: number) => void; reject: (err: Error) => void };

  constructor(readonly path: string) {
    this.done = new Promise<number>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A reader that never asks for `done` must not turn a writer's failure into an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** The writer has put this many bytes on disk. */
  grow(bytesOnDisk: number): void {
    if (this.size !== undefined || this.error || bytesOnDisk <= this.written) return;
    this.written = bytesOnDisk;
    this.wake();
  }

  /** The writer is done: the file has its final size. */
  finish(size: number): void {
    if (this.size !== undefined || this.error) return;
    this.written = size;
    this.size = size;
    this.settle.resolve(size);
    this.wake();
  }

  /** The writer failed: readers stop with its error. */
  fail(error: Error): void {
    if (this.size !== undefined || this.error) return;
    this.error = error;
    this.settle.reject(error);
    this.wake();
  }

  /** Resolves once more than `offset` bytes are on disk, or the file is finished or failed. */
  async beyond(offset: number): Promise<void> {
    while (this.written <= offset && this.size === undefined && !this.error) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
