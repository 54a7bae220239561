/**
 * Recycles buffers of one size. Reads pass at disk speed; a fresh buffer for each would leave
 * garbage faster than the collector returns it (V8 lets tens of MB of dead buffers pile up
 * before it looks), and memory would grow with the tree instead of staying at the window.
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];

  constructor(readonly size: number) {}

  /** A buffer of `size` bytes over an ArrayBuffer of its own, so it can move to a worker. */
  take(): Buffer {
    const ab = this.free.pop();
    return ab ? Buffer.from(ab) : Buffer.allocUnsafeSlow(this.size);
  }

  /** Takes back memory nothing reads any more (or that came back from a worker). */
  give(memory: Buffer | ArrayBuffer): void {
    const ab = memory instanceof ArrayBuffer ? memory : (memory.buffer as ArrayBuffer);
    if (ab.byteLength === this.size) this.free.push(ab);
  }
}
