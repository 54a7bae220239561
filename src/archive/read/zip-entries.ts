/**
 * The entries of a zip read front to back as it streams in (an HTTP body), by their local
 * headers, without waiting for the central directory at its end: each entry's name goes to the
 * caller, which says where its content goes (a file, memory, nowhere) or throws to stop there.
 * Every entry's CRC-32 and sizes are checked against its local header or its data descriptor.
 *
 * Why not a library: the zips @actions/artifact uploads (archiver at compression level 0, from
 * file streams) hold STORED entries whose sizes come only after the data, in a data descriptor
 * (flag bit 3). A stream reader cannot know where such an entry ends; fflate's `Unzip` (the
 * usual choice) ends it at the next byte sequence that looks like a zip signature, and the entry
 * here is itself a zip (archive.zip), full of such sequences: it would be cut at its first byte.
 * This reader ends a stored entry only at a descriptor signature whose CRC-32 and sizes are
 * those of the bytes before it, and a deflated entry where node:zlib says its deflate stream
 * ends. unzip-stream does the same but prints Buffer()'s deprecation warning. What is read:
 * stored and deflated entries, sizes in the header or in a descriptor (with or without its
 * signature after deflated data, with it after stored data), zip64 sizes (the extra field, and
 * 64-bit descriptors). Encrypted entries and other methods are refused.
 */
import { crc32 } from 'node:zlib';
import { escapeName } from '../plan/entry-name.js';
import type { ByteReader } from './byte-reader.js';
import { inflateEntry } from './inflate-entry.js';

/** What makes the stream not a zip this reader takes: the message says where and why. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

export interface ZipEntryHead {
  /** As stored (UTF-8 when the entry says so, else each byte a character): compare it, do not print it. */
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: number;
}

/** Where an entry's content goes. Either may be awaited (a file write) and may throw to stop reading. */
export interface EntrySink {
  /** Each piece of the content (inflated), in order. */
  write(piece: Buffer): void | Promise<void>;
  /** The content is whole and matched its CRC-32 and sizes. */
  end?(): void | Promise<void>;
}

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
/** Where the entries end: the central directory, or its end records when there are no entries. */
const AFTER_ENTRIES = new Set([0x02014b50, 0x06054b50, 0x06064b50]);
/** What may follow an entry: another, or what follows the entries. */
const NEXT = new Set([LOCAL, ...AFTER_ENTRIES]);
const DESCRIPTOR_SIGNATURE = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
/** How much of a stored entry is searched for its descriptor at a time. */
const SCAN_BYTES = 64 * 1024;
/** A descriptor with its signature is at most 24 bytes; the 4 after it begin what follows. */
const LONGEST_DESCRIPTOR = 24;
const LOOK_AHEAD = LONGEST_DESCRIPTOR + 4;
const U32 = 0xffffffff;
const ZIP64_EXTRA = 0x0001;

/**
 * Reads the entries from the reader's position; returns where the central directory begins
 * (its bytes left in the reader). `onEntry` is given each entry's head before its content.
 */
export async function readZipEntries(
  reader: ByteReader,
  onEntry: (head: ZipEntryHead) => EntrySink | Promise<EntrySink>,
): Promise<void> {
  for (;;) {
    const at = reader.offset;
    if ((await reader.fill(4)) < 4)
      throw new ZipFormatError(`the zip ends at byte ${at}, before its central directory`);
    const signature = reader.peek().readUInt32LE(0);
    if (AFTER_ENTRIES.has(signature)) return;
    if (signature !== LOCAL) throw new ZipFormatError(`no zip entry begins at byte ${at}`);
    await readEntry(reader, onEntry);
  }
}

async function readEntry(
  reader: ByteReader,
  onEntry: (head: ZipEntryHead) => EntrySink | Promise<EntrySink>,
): Promise<void> {
  const header = await need(reader, 30, 'an entry header');
  const flags = header.readUInt16LE(6);
  const method = header.readUInt16LE(8);
  const rawName = await need(reader, header.readUInt16LE(26), 'an entry name');
  const extra = await need(reader, header.readUInt16LE(28), 'an entry header');
  const shown = `entry "${escapeName(rawName).slice(0, 200)}"`;
  const fail = (detail: string) => new ZipFormatError(`${shown}: ${detail}`);
  if (flags & 1) throw fail('it is encrypted');
  if (method !== 0 && method !== 8)
    throw fail(`it is compressed with method ${method}; only stored and deflated are read`);
  const wide = zip64Sizes(extra, fail);
  const sizes = {
    crc: header.readUInt32LE(14),
    compressed: header.readUInt32LE(18),
    size: header.readUInt32LE(22),
  };
  if (wide && sizes.size === U32) sizes.size = wide.shift() ?? U32;
  if (wide && sizes.compressed === U32) sizes.compressed = wide.shift() ?? U32;
  const described = (flags & 8) !== 0;

  const sink = await onEntry({ name: rawName.toString(flags & 0x800 ? 'utf8' : 'latin1'), method });
  let got: { compressed: number; size: number; crc: number };
  if (method === 8) {
    got = await inflateEntry(reader, described ? null : sizes.compressed, (piece) => sink.write(piece), fail);
    if (described) await readDescriptor(reader, got, wide !== null, fail);
  } else if (described) {
    got = await scanStored(reader, sink, wide !== null, fail);
  } else {
    got = await copyStored(reader, sizes.compressed, sink, fail);
  }
  if (!described && (got.crc !== sizes.crc || got.size !== sizes.size || got.compressed !== sizes.compressed)) {
    throw fail('its content does not match the CRC-32 or sizes its header records');
  }
  await sink.end?.();
}

async function need(reader: ByteReader, n: number, what: string): Promise<Buffer> {
  const at = reader.offset;
  const bytes = await reader.take(n);
  if (bytes === null) throw new ZipFormatError(`the zip ends at byte ${at}, inside ${what}`);
  return bytes;
}

/** The 64-bit sizes of a zip64 extra field (size first, then compressed), or null without one. */
function zip64Sizes(extra: Buffer, fail: (detail: string) => Error): number[] | null {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const len = extra.readUInt16LE(i + 2);
    if (id === ZIP64_EXTRA) {
      const values: number[] = [];
      for (let j = i + 4; j + 8 <= Math.min(i + 4 + len, extra.length); j += 8) values.push(u64(extra, j, fail));
      return values;
    }
    i += 4 + len;
  }
  return null;
}

function u64(buf: Buffer, at: number, fail: (detail: string) => Error): number {
  const value = buf.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw fail('it records a size beyond 2^53 bytes');
  return Number(value);
}

/** A stored entry whose header records its size: exactly that many bytes. */
async function copyStored(reader: ByteReader, compressed: number, sink: EntrySink, fail: (d: string) => Error) {
  let crc = 0;
  for (let left = compressed; left > 0;) {
    const piece = await reader.takeSome(Math.min(left, SCAN_BYTES));
    if (piece === null) throw fail('the zip ends inside its content');
    crc = crc32(piece, crc);
    left -= piece.length;
    await sink.write(piece);
  }
  return { compressed, size: compressed, crc };
}

/**
 * A stored entry whose size comes after it: its content ends at the first descriptor signature
 * followed by the CRC-32 and size of the bytes before it (bytes that merely look like a
 * signature, as a zip inside holds many, are content). Content is handed on as it is passed.
 */
async function scanStored(reader: ByteReader, sink: EntrySink, zip64: boolean, fail: (d: string) => Error) {
  let size = 0;
  let crc = 0;
  for (;;) {
    const ended = (await reader.fill(SCAN_BYTES)) < SCAN_BYTES;
    const held = reader.peek();
    // A signature nearer the end than a whole descriptor and what follows it is judged once more has arrived.
    const judged = ended ? held.length : held.length - LOOK_AHEAD + 1;
    let crcAt = crc;
    let crcTo = 0;
    let found = 0;
    let end = 0;
    for (let at = held.indexOf(DESCRIPTOR_SIGNATURE); at >= 0 && at < judged;) {
      crcAt = crc32(held.subarray(crcTo, at), crcAt);
      crcTo = at;
      end = descriptorEnd(held, at + 4, { crc: crcAt, compressed: size + at, size: size + at }, zip64);
      if (end > 0) {
        found = at;
        break;
      }
      at = held.indexOf(DESCRIPTOR_SIGNATURE, at + 1);
    }
    const give = end > 0 ? found : Math.max(0, judged);
    if (give > 0) {
      const piece = (await reader.take(give))!;
      crc = crc32(piece, crc);
      size += give;
      await sink.write(piece);
    }
    if (end > 0) {
      await reader.take(end - found);
      return { compressed: size, size, crc };
    }
    if (ended)
      throw fail('the zip ends before its data descriptor (a stored entry is read up to one, with its signature)');
  }
}

/** After deflated data whose sizes come after it: the descriptor, with its signature or without. */
async function readDescriptor(
  reader: ByteReader,
  got: { compressed: number; size: number; crc: number },
  zip64: boolean,
  fail: (d: string) => Error,
): Promise<void> {
  await reader.fill(LOOK_AHEAD);
  const held = reader.peek();
  const signed = held.length >= 4 && held.readUInt32LE(0) === DESCRIPTOR ? descriptorEnd(held, 4, got, zip64) : 0;
  const end = signed || descriptorEnd(held, 0, got, zip64);
  if (end === 0) throw fail('its data descriptor is missing or does not match its content (CRC-32 or sizes)');
  await reader.take(end);
}

/**
 * Where a descriptor's fields starting at `at` end, when they are exactly `expect` and the next
 * entry (or the central directory) begins there: 32-bit sizes, or 64-bit ones (a zip64 entry, or
 * any entry past 4 GiB); else 0. Content holding a descriptor of the bytes before it and then a
 * signature (made so on purpose; by chance, two signatures, a CRC-32 and two sizes would all have
 * to match) would end the entry there, cut short: a caller that must know the content is whole
 * checks its hash, as the rollback does.
 */
function descriptorEnd(
  buf: Buffer,
  at: number,
  expect: { crc: number; compressed: number; size: number },
  zip64: boolean,
): number {
  const next = (end: number) => (buf.length >= end + 4 && NEXT.has(buf.readUInt32LE(end)) ? end : 0);
  if (buf.length < at + 12 || buf.readUInt32LE(at) !== expect.crc) return 0;
  const narrow =
    expect.compressed < U32 &&
    expect.size < U32 &&
    buf.readUInt32LE(at + 4) === expect.compressed &&
    buf.readUInt32LE(at + 8) === expect.size;
  const wide =
    buf.length >= at + 20 &&
    buf.readBigUInt64LE(at + 4) === BigInt(expect.compressed) &&
    buf.readBigUInt64LE(at + 12) === BigInt(expect.size);
  if (wide && (zip64 || !narrow) && next(at + 20)) return at + 20;
  return narrow ? next(at + 12) : 0;
}
