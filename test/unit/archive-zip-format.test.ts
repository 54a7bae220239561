/** The zip records byte by byte: DOS time, attributes, headers, descriptors, end records, ZIP64. */
import { describe, expect, it } from 'vitest';
import {
  centralHeader,
  dataDescriptor,
  dosStamp,
  endOfCentralDirectory,
  localHeader,
  unixAttributes,
  type EntryHeader,
} from '../../src/archive/zip/zip-format.js';

const header = (over: Partial<EntryHeader> = {}): EntryHeader => ({
  name: Buffer.from('a.txt'),
  method: 8,
  stamp: dosStamp(),
  crc: 0x12345678,
  compressedSize: 10,
  size: 20,
  streamed: false,
  zip64: false,
  ...over,
});

describe('zip records', () => {
  it('run in a zone 14 hours from UTC (vitest.config.ts), so local time in place of UTC shows', () => {
    expect(process.env.TZ).toBe('Pacific/Kiritimati');
    expect(new Date(Date.UTC(2000, 11, 31, 23, 59, 59)).getTimezoneOffset()).toBe(-14 * 60);
    expect(new Date(Date.UTC(2000, 11, 31, 23, 59, 59)).getDate()).toBe(1);
  });

  it('stamps DOS time in UTC, clamped to the years DOS can hold', () => {
    expect(dosStamp()).toEqual({ date: 0x21, time: 0 });
    expect(dosStamp(0)).toEqual({ date: 0x21, time: 0 }); // 1970 is before DOS time began
    expect(dosStamp(Date.UTC(2000, 11, 31, 23, 59, 59) / 1000)).toEqual({
      date: (20 << 9) | (12 << 5) | 31,
      time: (23 << 11) | (59 << 5) | 29,
    });
    expect(dosStamp(Date.UTC(2200, 0, 1) / 1000).date >> 9).toBe(127);
  });

  it('puts the Unix type and mode in the high half of the external attributes', () => {
    expect(unixAttributes('file', 0o644)).toBe(0o100644 * 65536);
    expect(unixAttributes('symlink', 0o777)).toBe(0o120777 * 65536);
  });

  it('writes a local header with sizes, or zeros and a descriptor flag when streamed', () => {
    const known = localHeader(header());
    expect(known.readUInt32LE(0)).toBe(0x04034b50);
    expect(known.readUInt16LE(4)).toBe(20);
    expect(known.readUInt16LE(6)).toBe(0);
    expect([known.readUInt32LE(14), known.readUInt32LE(18), known.readUInt32LE(22)]).toEqual([0x12345678, 10, 20]);
    expect(known.readUInt16LE(28)).toBe(0);
    expect(known.subarray(30).toString()).toBe('a.txt');

    const streamed = localHeader(header({ streamed: true }));
    expect(streamed.readUInt16LE(6)).toBe(0x8);
    expect([streamed.readUInt32LE(14), streamed.readUInt32LE(18), streamed.readUInt32LE(22)]).toEqual([0, 0, 0]);
  });

  it('announces ZIP64 in a streamed local header and its descriptor', () => {
    const local = localHeader(header({ streamed: true, zip64: true }));
    expect(local.readUInt16LE(4)).toBe(45);
    expect([local.readUInt32LE(18), local.readUInt32LE(22)]).toEqual([0xffffffff, 0xffffffff]);
    expect(local.readUInt16LE(28)).toBe(20);
    expect(local.readUInt16LE(30 + 5)).toBe(0x0001);
    const desc = dataDescriptor(7, 5e9, 6e9, true);
    expect(desc.length).toBe(24);
    expect([desc.readBigUInt64LE(8), desc.readBigUInt64LE(16)]).toEqual([5_000_000_000n, 6_000_000_000n]);
    const classic = dataDescriptor(7, 5, 6, false);
    expect(classic.length).toBe(16);
    expect([
      classic.readUInt32LE(0),
      classic.readUInt32LE(4),
      classic.readUInt32LE(8),
      classic.readUInt32LE(12),
    ]).toEqual([0x08074b50, 7, 5, 6]);
  });

  it('flags UTF-8 names only when they are not ASCII', () => {
    expect(localHeader(header({ name: Buffer.from('名前.txt') })).readUInt16LE(6)).toBe(0x800);
    expect(centralHeader(header({ name: Buffer.from('é') }), 0, 0).readUInt16LE(8)).toBe(0x800);
    // 0x7f is the last ASCII byte, 0x80 the first that is not.
    expect(localHeader(header({ name: Buffer.from([0x61, 0x7f]) })).readUInt16LE(6)).toBe(0);
    expect(localHeader(header({ name: Buffer.from([0x61, 0x80]) })).readUInt16LE(6)).toBe(0x800);
  });

  it('switches a local header to ZIP64 from a size of exactly 4 GiB - 1', () => {
    for (const over of [{ size: 0xffffffff }, { compressedSize: 0xffffffff }]) {
      const h = header(over);
      const local = localHeader(h);
      expect(local.readUInt16LE(4)).toBe(45);
      expect([local.readUInt32LE(18), local.readUInt32LE(22)]).toEqual([0xffffffff, 0xffffffff]);
      // The real sizes go in the ZIP64 extra: size first, then compressed size.
      expect(local.readUInt16LE(28)).toBe(20);
      const extra = local.subarray(30 + 5);
      expect([extra.readUInt16LE(0), extra.readUInt16LE(2)]).toEqual([1, 16]);
      expect([extra.readBigUInt64LE(4), extra.readBigUInt64LE(12)]).toEqual([BigInt(h.size), BigInt(h.compressedSize)]);
    }
    expect(localHeader(header({ size: 0xfffffffe, compressedSize: 0xfffffffe })).readUInt16LE(4)).toBe(20);
  });

  it('asks for version 1.0 to extract a stored entry, 2.0 a deflated one', () => {
    expect(localHeader(header({ method: 0 })).readUInt16LE(4)).toBe(10);
    expect(centralHeader(header({ method: 0 }), 0, 0).readUInt16LE(6)).toBe(10);
    expect(centralHeader(header({ method: 8 }), 0, 0).readUInt16LE(6)).toBe(20);
  });

  it('switches a central header field to ZIP64 at exactly 4 GiB - 1, each in its own slot and order', () => {
    const U32 = 0xffffffff;
    // Just below: every field fits, no extra, made by Unix 3.0, version as for a deflated entry.
    const below = centralHeader(header({ size: U32 - 1, compressedSize: U32 - 1 }), 0, U32 - 1);
    expect([below.readUInt16LE(4), below.readUInt16LE(6), below.readUInt16LE(30)]).toEqual([0x031e, 20, 0]);
    expect([below.readUInt32LE(20), below.readUInt32LE(24), below.readUInt32LE(42)]).toEqual([
      U32 - 1,
      U32 - 1,
      U32 - 1,
    ]);
    expect(below.length).toBe(46 + 5);

    // At the limit, one field at a time: that field alone moves into the extra.
    const cases = [
      { h: { size: U32 }, offset: 0, slot: 24 },
      { h: { compressedSize: U32 }, offset: 0, slot: 20 },
      { h: {}, offset: U32, slot: 42 },
    ];
    for (const { h, offset, slot } of cases) {
      const c = centralHeader(header(h), 0, offset);
      expect(c.readUInt16LE(6)).toBe(45);
      expect(c.readUInt32LE(slot)).toBe(U32);
      expect(c.readUInt16LE(30)).toBe(12);
      const extra = c.subarray(46 + 5);
      expect([extra.readUInt16LE(0), extra.readUInt16LE(2), extra.readBigUInt64LE(4)]).toEqual([1, 8, BigInt(U32)]);
    }

    // All three: size, then compressed size, then offset (the order readers expect).
    const all = centralHeader(header({ size: 6e9, compressedSize: 5e9 }), 0, 7e9).subarray(46 + 5);
    expect(all.readUInt16LE(2)).toBe(24);
    expect([all.readBigUInt64LE(4), all.readBigUInt64LE(12), all.readBigUInt64LE(20)]).toEqual([
      6_000_000_000n,
      5_000_000_000n,
      7_000_000_000n,
    ]);
  });

  it('a streamed ZIP64 entry keeps version 4.5 in its central header even when its sizes fit', () => {
    const c = centralHeader(header({ streamed: true, zip64: true }), 0, 0);
    expect([c.readUInt16LE(6), c.readUInt16LE(30)]).toEqual([45, 0]);
  });

  it('switches the end record to ZIP64 at exactly 65,535 entries, or 4 GiB - 1 of directory size or offset', () => {
    const U32 = 0xffffffff;
    const classic = endOfCentralDirectory(0xfffe, U32 - 1, 0);
    expect(classic.length).toBe(22);
    expect([classic.readUInt16LE(10), classic.readUInt32LE(12), classic.readUInt32LE(16)]).toEqual([
      0xfffe,
      U32 - 1,
      0,
    ]);
    expect(endOfCentralDirectory(0xfffe, 100, U32 - 1).length).toBe(22);
    for (const [entries, size, offset] of [
      [0xffff, 100, 1000],
      [3, U32, 1000],
      [3, 100, U32],
    ] as const) {
      const end = endOfCentralDirectory(entries, size, offset);
      expect(end.length).toBe(98);
      // The ZIP64 end record, field by field.
      expect(end.readUInt32LE(0)).toBe(0x06064b50);
      expect(end.readBigUInt64LE(4)).toBe(44n); // the size of the rest of the record
      expect([end.readUInt16LE(12), end.readUInt16LE(14)]).toEqual([0x031e, 45]);
      expect([end.readUInt32LE(16), end.readUInt32LE(20)]).toEqual([0, 0]);
      expect([end.readBigUInt64LE(24), end.readBigUInt64LE(32)]).toEqual([BigInt(entries), BigInt(entries)]);
      expect([end.readBigUInt64LE(40), end.readBigUInt64LE(48)]).toEqual([BigInt(size), BigInt(offset)]);
      // The locator: where the ZIP64 record starts (right after the directory), one disk.
      expect(end.readUInt32LE(56)).toBe(0x07064b50);
      expect(end.readUInt32LE(60)).toBe(0);
      expect(end.readBigUInt64LE(64)).toBe(BigInt(offset + size));
      expect(end.readUInt32LE(72)).toBe(1);
      // The classic record, capped where a field overflowed.
      const classic = end.subarray(76);
      expect(classic.readUInt32LE(0)).toBe(0x06054b50);
      expect([classic.readUInt16LE(8), classic.readUInt16LE(10)]).toEqual([
        Math.min(entries, 0xffff),
        Math.min(entries, 0xffff),
      ]);
      expect([classic.readUInt32LE(12), classic.readUInt32LE(16)]).toEqual([size, offset]);
    }
  });
});
