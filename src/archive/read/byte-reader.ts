/**
 * A stream of bytes (an HTTP body) read in the pieces a parser asks for: exactly n bytes, some
 * bytes, a look ahead, or bytes handed back. It holds only what arrived and was not taken yet,
 * at most the parser's look ahead plus one piece of the stream: never the whole stream.
 */
export class ByteReader {
  private readonly source: AsyncIterator<Uint8Array>;
  private held: Buffer = Buffer.alloc(0);
  private ended = false;
  /** Bytes taken so far: the offset of the next byte in the stream. */
  offset = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** Reads until at least `n` bytes are held, or the stream ends; returns how many are held. */
  async fill(n: number): Promise<number> {
    while (this.held.length < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      const piece = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      this.held = this.held.length === 0 ? piece : Buffer.concat([this.held, piece]);
    }
    return this.held.length;
  }

  /** The bytes held, not taken: what `fill` gathered. */
  peek(): Buffer {
    return this.held;
  }

  /** Exactly `n` bytes, or null when the stream ends first. */
  async take(n: number): Promise<Buffer | null> {
    if ((await this.fill(n)) < n) return null;
    return this.advance(n);
  }

  /** Between 1 and `max` bytes (what is held, else the next piece), or null at the end. */
  async takeSome(max: number): Promise<Buffer | null> {
    if ((await this.fill(1)) === 0) return null;
    return this.advance(Math.min(max, this.held.length));
  }

  /** Puts bytes taken last back in front (an inflater that stopped inside a piece). */
  giveBack(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.held = this.held.length === 0 ? bytes : Buffer.concat([bytes, this.held]);
    this.offset -= bytes.length;
  }

  /** Stops reading: the source is told, so an HTTP body closes its connection. */
  async close(): Promise<void> {
    this.ended = true;
    this.held = Buffer.alloc(0);
    await this.source.return?.();
  }

  private advance(n: number): Buffer {
    const out = this.held.subarray(0, n);
    this.held = this.held.subarray(n);
    this.offset += n;
    return out;
  }
}
