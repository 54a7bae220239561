interface Slot<T> {
  pending: Promise<unknown> | undefined;
  outcome: { value: T } | { error: unknown } | undefined;
  bytes: number;
}

/**
 * Work started in zip order, finishing in any order, handed to `emit` in the order it was
 * started. Bounded: `room` waits for the oldest work whenever the bytes held or the entries
 * open would pass their limit, so memory stays flat whatever the size of the tree.
 */
export class InOrder<T> {
  private readonly fifo: Slot<T>[] = [];
  private held = 0;

  constructor(
    private readonly emit: (value: T) => void,
    private readonly maxBytes: number,
    private readonly maxItems: number,
    /** Called before waiting: work that is gathered but not yet started must start now. */
    private readonly beforeWait: () => void = () => {},
    /**
     * Ends any wait at once when aborted: a cancelled job must not first sit out the deflates
     * already queued (seconds at level 9 on a busy machine), or the runner kills it before it
     * can say what it was doing and remove its partial zip.
     */
    private readonly signal?: AbortSignal,
  ) {}

  /** Queues a value or pending work that holds `bytes` until it is emitted. */
  add(work: T | Promise<T>, bytes: number): void {
    const slot: Slot<T> = { pending: undefined, outcome: undefined, bytes };
    if (work instanceof Promise) {
      // Handled here, so a failure waiting its turn is never an unhandled rejection.
      slot.pending = work.then(
        (value) => (slot.outcome = { value }),
        (error: unknown) => (slot.outcome = { error }),
      );
    } else {
      slot.outcome = { value: work };
    }
    this.fifo.push(slot);
    this.held += bytes;
    this.emitReady();
  }

  /** Returns once `bytes` more may be held: emits what is done, waits for the oldest if full. */
  async room(bytes: number): Promise<void> {
    this.emitReady();
    while (this.fifo.length > 0 && (this.held + bytes > this.maxBytes || this.fifo.length >= this.maxItems)) {
      this.beforeWait();
      await this.oldest();
      this.emitReady();
    }
  }

  /** Emits everything, waiting as needed. */
  async drain(): Promise<void> {
    while (this.fifo.length > 0) {
      this.beforeWait();
      await this.oldest();
      this.emitReady();
    }
  }

  /** Waits for the oldest work, or rejects with the abort reason, whichever comes first. */
  private async oldest(): Promise<void> {
    const pending = this.fifo[0]!.pending;
    const signal = this.signal;
    if (!signal) return void (await pending);
    signal.throwIfAborted();
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([pending, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private emitReady(): void {
    for (let head = this.fifo[0]; head?.outcome; head = this.fifo[0]) {
      this.fifo.shift();
      this.held -= head.bytes;
      if ('error' in head.outcome) throw head.outcome.error;
      this.emit(head.outcome.value);
    }
  }
}
