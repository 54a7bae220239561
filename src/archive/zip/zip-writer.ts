import type { ByteSink } from './byte-sink.js';
import {
  centralHeader,
  dataDescriptor,
  endOfCentralDirectory,
  localHeader,
  unixAttributes,
  type DosStamp,
  type EntryHeader,
} from './zip-format.js';

/** Central directory records are kept in blocks of about this size rather than one per entry. */
const BLOCK_BYTES = 64 * 1024;

export interface EntryMeta {
  name: string;
  kind: 'file' | 'symlink';
  mode: number;
  method: number;
}

/**
 * Lays entries out one after another on a sink and keeps the central directory (the only
 * thing held for the whole run: about 50 bytes plus the name per entry) until `finish`.
 */
export class ZipWriter {
  private readonly blocks: Buffer[] = [];
  private block: Buffer[] = [];
  private blockBytes = 0;
  private entries = 0;
  private current: { header: EntryHeader; attributes: number; offset: number } | undefined;

  constructor(
    private readonly sink: ByteSink,
    private readonly stamp: DosStamp,
  ) {}

  /** An entry whose bytes are all at hand: sizes and CRC go in the local header. */
  addWhole(meta: EntryMeta, crc: number, size: number, data: Buffer): void {
    const header = this.header(meta, { crc, size, compressedSize: data.length, streamed: false, zip64: false });
    const offset = this.sink.offset;
    this.sink.push(localHeader(header));
    this.sink.push(data);
    this.record(header, unixAttributes(meta.kind, meta.mode), offset);
  }

  /** An entry too large to hold: its data follows in pieces, then a descriptor with sizes and CRC. */
  beginStream(meta: EntryMeta, zip64: boolean): void {
    const header = this.header(meta, { crc: 0, size: 0, compressedSize: 0, streamed: true, zip64 });
    this.current = { header, attributes: unixAttributes(meta.kind, meta.mode), offset: this.sink.offset };
    this.sink.push(localHeader(header));
  }

  streamData(data: Buffer): void {
    if (!this.current) throw new Error('zip writer: data outside a streamed entry');
    this.current.header.compressedSize += data.length;
    this.sink.push(data);
  }

  endStream(crc: number, size: number): void {
    const cur = this.current;
    if (!cur) throw new Error('zip writer: end of a streamed entry that was not begun');
    this.current = undefined;
    cur.header.crc = crc;
    cur.header.size = size;
    this.sink.push(dataDescriptor(crc, cur.header.compressedSize, size, cur.header.zip64));
    this.record(cur.header, cur.attributes, cur.offset);
  }

  /** Appends the central directory and end records; returns the number of entries. */
  finish(): number {
    const cdOffset = this.sink.offset;
    this.closeBlock();
    for (const b of this.blocks) this.sink.push(b);
    this.sink.push(endOfCentralDirectory(this.entries, this.sink.offset - cdOffset, cdOffset));
    return this.entries;
  }

  private header(meta: EntryMeta, rest: Omit<EntryHeader, 'name' | 'method' | 'stamp'>): EntryHeader {
    return { name: Buffer.from(meta.name, 'utf8'), method: meta.method, stamp: this.stamp, ...rest };
  }

  private record(header: EntryHeader, attributes: number, offset: number): void {
    const rec = centralHeader(header, attributes, offset);
    this.block.push(rec);
    this.blockBytes += rec.length;
    this.entries++;
    if (this.blockBytes >= BLOCK_BYTES) this.closeBlock();
  }

  private closeBlock(): void {
    if (this.block.length === 0) return;
    this.blocks.push(Buffer.concat(this.block, this.blockBytes));
    this.block = [];
    this.blockBytes = 0;
  }
}
