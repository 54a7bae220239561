/**
 * Hands work to the writer in the order it was started, however it finishes: the reader pushes
 * each entry's pending result as soon as it starts it, the writer awaits them one by one.
 */
export class OrderedQueue<T> {
  private readonly items: Promise<T>[] = [];
  private closed = false;
  private failure: { reason: unknown } | undefined;
  private wake: (() => void) | undefined;

  push(item: Promise<T>): void {
    // The writer awaits it later; until then a rejection must not count as unhandled.
    item.catch(() => {});
    this.items.push(item);
    this.notify();
  }

  /** No more items will come. */
  close(): void {
    this.closed = true;
    this.notify();
  }

  fail(reason: unknown): void {
    this.failure = { reason };
    this.notify();
  }

  /** The next item's result, or undefined once the queue is closed and drained. */
  async next(): Promise<T | undefined> {
    for (;;) {
      if (this.failure) throw this.failure.reason;
      const item = this.items.shift();
      if (item) return item;
      if (this.closed) return undefined;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
