/**
 * Byte layouts of the zip records we write (APPNOTE 6.3.10), as pure functions. Only what a
 * reproducible archive needs: no extra field except ZIP64's, one fixed timestamp, Unix modes.
 */

export const METHOD_STORE = 0;
export const METHOD_DEFLATE = 8;

const FLAG_DATA_DESCRIPTOR = 1 << 3;
const FLAG_UTF8 = 1 << 11;
/** Made by Unix (3), spec 3.0: readers then take the mode from the high half of external attrs. */
const VERSION_MADE_BY = (3 << 8) | 30;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;

export interface DosStamp {
  time: number;
  date: number;
}

/**
 * The DOS date and time for `epochSeconds`, read in UTC so the bytes do not depend on the
 * machine's time zone; clamped to the range DOS dates can hold (1980 to 2107).
 */
export function dosStamp(epochSeconds?: number): DosStamp {
  const min = Date.UTC(1980, 0, 1);
  const max = Date.UTC(2107, 11, 31, 23, 59, 58);
  const ms = epochSeconds === undefined ? min : Math.min(max, Math.max(min, epochSeconds * 1000));
  const d = new Date(ms);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** External attributes: the Unix mode (type and permissions) in the high 16 bits. */
export function unixAttributes(kind: 'file' | 'symlink', mode: number): number {
  const type = kind === 'symlink' ? 0o120000 : 0o100000;
  return ((type | (mode & 0o7777)) << 16) >>> 0;
}

export interface EntryHeader {
  name: Buffer;
  method: number;
  stamp: DosStamp;
  crc: number;
  compressedSize: number;
  size: number;
  /** Sizes follow the data in a descriptor; the local header carries zeros. */
  streamed: boolean;
  /** Streamed entries that may pass 4 GiB announce ZIP64 up front (sizes known only later). */
  zip64: boolean;
}

function flags(h: EntryHeader): number {
  return (h.streamed ? FLAG_DATA_DESCRIPTOR : 0) | (isAscii(h.name) ? 0 : FLAG_UTF8);
}

function versionNeeded(h: EntryHeader, zip64: boolean): number {
  if (zip64) return 45;
  return h.method === METHOD_DEFLATE ? 20 : 10;
}

function isAscii(name: Buffer): boolean {
  for (let i = 0; i < name.length; i++) if (name[i]! > 0x7f) return false;
  return true;
}

/*
 * The records are written once per entry, thousands of times in a run: each is laid out in a
 * single allocation (from Node's small-buffer pool) rather than concatenated from parts.
 */

/** Fixed part, then the name, then the extra field. */
function record(fixed: number, name: Buffer, extra: Buffer | undefined): Buffer {
  const b = Buffer.allocUnsafe(fixed + name.length + (extra?.length ?? 0));
  name.copy(b, fixed);
  extra?.copy(b, fixed + name.length);
  return b;
}

export function localHeader(h: EntryHeader): Buffer {
  const zip64 = h.zip64 || h.size >= U32_MAX || h.compressedSize >= U32_MAX;
  const extra = zip64 ? zip64Extra(h.streamed ? [0, 0] : [h.size, h.compressedSize]) : undefined;
  const b = record(30, h.name, extra);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(versionNeeded(h, zip64), 4);
  b.writeUInt16LE(flags(h), 6);
  b.writeUInt16LE(h.method, 8);
  b.writeUInt16LE(h.stamp.time, 10);
  b.writeUInt16LE(h.stamp.date, 12);
  b.writeUInt32LE(h.streamed ? 0 : h.crc, 14);
  b.writeUInt32LE(zip64 ? U32_MAX : h.streamed ? 0 : h.compressedSize, 18);
  b.writeUInt32LE(zip64 ? U32_MAX : h.streamed ? 0 : h.size, 22);
  b.writeUInt16LE(h.name.length, 26);
  b.writeUInt16LE(extra?.length ?? 0, 28);
  return b;
}

/** Follows a streamed entry's data; 8-byte sizes when its local header announced ZIP64. */
export function dataDescriptor(crc: number, compressedSize: number, size: number, zip64: boolean): Buffer {
  const b = Buffer.alloc(zip64 ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc, 4);
  if (zip64) {
    b.writeBigUInt64LE(BigInt(compressedSize), 8);
    b.writeBigUInt64LE(BigInt(size), 16);
  } else {
    b.writeUInt32LE(compressedSize, 8);
    b.writeUInt32LE(size, 12);
  }
  return b;
}

export function centralHeader(h: EntryHeader, externalAttributes: number, offset: number): Buffer {
  // The ZIP64 extra holds, in this order, only the fields too large for their 32-bit slot.
  const big: number[] = [];
  if (h.size >= U32_MAX) big.push(h.size);
  if (h.compressedSize >= U32_MAX) big.push(h.compressedSize);
  if (offset >= U32_MAX) big.push(offset);
  const zip64 = big.length > 0;
  const extra = zip64 ? zip64Extra(big) : undefined;
  const b = record(46, h.name, extra);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION_MADE_BY, 4);
  b.writeUInt16LE(versionNeeded(h, zip64 || h.zip64), 6);
  b.writeUInt16LE(flags(h), 8);
  b.writeUInt16LE(h.method, 10);
  b.writeUInt16LE(h.stamp.time, 12);
  b.writeUInt16LE(h.stamp.date, 14);
  b.writeUInt32LE(h.crc, 16);
  b.writeUInt32LE(Math.min(h.compressedSize, U32_MAX), 20);
  b.writeUInt32LE(Math.min(h.size, U32_MAX), 24);
  b.writeUInt16LE(h.name.length, 28);
  b.writeUInt16LE(extra?.length ?? 0, 30);
  b.fill(0, 32, 38); // comment length, disk number start, internal attributes
  b.writeUInt32LE(externalAttributes, 38);
  b.writeUInt32LE(Math.min(offset, U32_MAX), 42);
  return b;
}

function zip64Extra(values: number[]): Buffer {
  const b = Buffer.alloc(4 + 8 * values.length);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return b;
}

/**
 * Closes the archive: the ZIP64 end record and locator when the entry count, the central
 * directory's size or its offset does not fit the classic record, then the classic record.
 */
export function endOfCentralDirectory(entries: number, cdSize: number, cdOffset: number): Buffer {
  const zip64 = entries >= U16_MAX || cdSize >= U32_MAX || cdOffset >= U32_MAX;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Math.min(entries, U16_MAX), 8);
  eocd.writeUInt16LE(Math.min(entries, U16_MAX), 10);
  eocd.writeUInt32LE(Math.min(cdSize, U32_MAX), 12);
  eocd.writeUInt32LE(Math.min(cdOffset, U32_MAX), 16);
  if (!zip64) return eocd;

  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(VERSION_MADE_BY, 12);
  record.writeUInt16LE(45, 14);
  // this disk, disk with the central directory: zero
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(cdSize), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, eocd]);
}
