/**
 * Bounds what is read ahead of the writer: bytes held and entries open at once. Grants go in
 * request order, which is the order entries are written, so the oldest holder can always be
 * written and release its share: no deadlock, and memory stays flat whatever the tree.
 */
export class ByteWindow {
  private bytes = 0;
  private items = 0;
  private readonly waiters: { bytes: number; grant: () => void; fail: (e: unknown) => void }[] = [];
  private failure: { reason: unknown } | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly maxItems: number,
  ) {}

  acquire(bytes: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.reason);
    if (this.waiters.length === 0 && this.fits(bytes)) {
      this.take(bytes);
      return Promise.resolve();
    }
    return new Promise((grant, fail) => this.waiters.push({ bytes, grant, fail }));
  }

  release(bytes: number): void {
    this.bytes -= bytes;
    this.items--;
    while (this.waiters.length > 0 && this.fits(this.waiters[0]!.bytes)) {
      const w = this.waiters.shift()!;
      this.take(w.bytes);
      w.grant();
    }
  }

  /** Fails every waiting and later `acquire`: the writer has stopped. */
  cancel(reason: unknown): void {
    this.failure = { reason };
    for (const w of this.waiters.splice(0)) w.fail(reason);
  }

  private fits(bytes: number): boolean {
    // An entry larger than the whole window still goes through, alone.
    if (this.items === 0) return true;
    return this.bytes + bytes <= this.maxBytes && this.items < this.maxItems;
  }

  private take(bytes: number): void {
    this.bytes += bytes;
    this.items++;
  }
}
