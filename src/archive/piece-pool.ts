/**
 * Reuses the read buffers of large files. Their pieces pass at disk speed; fresh buffers for
 * each would leave garbage faster than the collector returns it, and the process's memory
 * would grow with the size of the files instead of staying at the window's size.
 */
export class PiecePool {
  private readonly free: Buffer[] = [];

  constructor(readonly pieceBytes: number) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.pieceBytes);
  }

  /** Hands a buffer back once nothing reads it any more. */
  give(buf: Buffer): void {
    this.free.push(buf);
  }
}
