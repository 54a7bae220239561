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
      const local = localHeader(header(over));
      expect(local.readUInt16LE(4)).toBe(45);
      expect([local.readUInt32LE(18), local.readUInt32LE(22)]).toEqual([0xffffffff, 0xffffffff]);
    }
    expect(localHeader(header({ size: 0xfffffffe, compressedSize: 0xfffffffe })).readUInt16LE(4)).toBe(20);
  });

  it('asks for version 1.0 to extract a stored entry, 2.0 a deflated one', () => {
    expect(localHeader(header({ method: 0 })).readUInt16LE(4)).toBe(10);
    expect(centralHeader(header({ method: 0 }), 0, 0).readUInt16LE(6)).toBe(10);
    expect(centralHeader(header({ method: 8 }), 0, 0).readUInt16LE(6)).toBe(20);
  });

  it('moves sizes and offsets past 4 GiB into a ZIP64 extra in the central header', () => {
    const small = centralHeader(header(), unixAttributes('file', 0o644), 100);
    expect(small.readUInt16LE(30)).toBe(0);
    expect(small.readUInt32LE(42)).toBe(100);
    expect(small.readUInt16LE(4)).toBe(0x031e);

    const big = centralHeader(header({ size: 5e9 }), 0, 6e9);
    expect(big.readUInt32LE(24)).toBe(0xffffffff);
    expect(big.readUInt32LE(20)).toBe(10);
    expect(big.readUInt32LE(42)).toBe(0xffffffff);
    expect(big.readUInt16LE(6)).toBe(45);
    const extra = big.subarray(46 + 5);
    expect(extra.readUInt16LE(0)).toBe(1);
    expect(extra.readUInt16LE(2)).toBe(16);
    expect([extra.readBigUInt64LE(4), extra.readBigUInt64LE(12)]).toEqual([5_000_000_000n, 6_000_000_000n]);
  });

  it('writes the classic end record, or ZIP64 records too when counts or offsets overflow', () => {
    const classic = endOfCentralDirectory(3, 200, 1000);
    expect(classic.length).toBe(22);
    expect([classic.readUInt16LE(10), classic.readUInt32LE(12), classic.readUInt32LE(16)]).toEqual([3, 200, 1000]);

    for (const [entries, offset] of [
      [70_000, 1000],
      [3, 5e9],
    ] as const) {
      const end = endOfCentralDirectory(entries, 200, offset);
      expect(end.length).toBe(98);
      expect(end.readUInt32LE(0)).toBe(0x06064b50);
      expect(end.readBigUInt64LE(32)).toBe(BigInt(entries));
      expect(end.readBigUInt64LE(48)).toBe(BigInt(offset));
      expect(end.readUInt32LE(56)).toBe(0x07064b50);
      expect(end.readBigUInt64LE(64)).toBe(BigInt(offset + 200));
      expect(end.readUInt16LE(86)).toBe(Math.min(entries, 0xffff));
      expect(end.readUInt32LE(92)).toBe(Math.min(offset, 0xffffffff));
    }
  });
});
