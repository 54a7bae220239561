import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArchive, type ArchivePlan, type PlanEntry } from '../../src/archive/index.js';
import { tempDir, unzipTest, zipNames } from './helpers/archive-tree.js';

const FILES = 66_000; // more than the 65,535 entries a classic end record can count

let dir: string;
let cleanup: () => void;
let plan: ArchivePlan;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  // Creating 66,000 files costs seconds; entries that all read one tiny file test the writer alike.
  const absPath = path.join(dir, 'tiny.txt');
  writeFileSync(absPath, 'tiny');
  const { dev, ino } = statSync(absPath);
  const entries: PlanEntry[] = [];
  for (let i = 0; i < FILES; i++) {
    const name = `d${String(Math.floor(i / 1000)).padStart(2, '0')}/f${String(i % 1000).padStart(3, '0')}`;
    entries.push({ name, absPath, size: 4, mode: 0o644, kind: 'file', dev, ino });
  }
  plan = {
    root: dir,
    entries,
    totalBytes: 4 * FILES,
    skipped: [],
    rules: [],
    unmatchedRules: [],
    hasRootPackageJson: false,
  };
});
afterAll(() => cleanup());

function tail(file: string, bytes: number): Buffer {
  const size = statSync(file).size;
  const buf = Buffer.alloc(Math.min(bytes, size));
  const fd = openSync(file, 'r');
  readSync(fd, buf, 0, buf.length, size - buf.length);
  closeSync(fd);
  return buf;
}

describe('ZIP64', () => {
  it('writes more than 65,535 entries with ZIP64 end records that readers accept', async () => {
    const outFile = path.join(dir, 'many.zip');
    const written = await writeArchive(plan, { level: 6, outFile });
    expect(written.files).toBe(FILES);

    const end = tail(outFile, 98);
    // ZIP64 end record (56 bytes), its locator (20), then the classic record (22) saying "see ZIP64".
    expect(end.readUInt32LE(0)).toBe(0x06064b50);
    expect(end.readBigUInt64LE(32)).toBe(BigInt(FILES));
    expect(end.readUInt32LE(56)).toBe(0x07064b50);
    expect(end.readUInt32LE(76)).toBe(0x06054b50);
    expect(end.readUInt16LE(76 + 10)).toBe(0xffff);

    await unzipTest(outFile);
    const names = await zipNames(outFile);
    expect(names).toEqual(plan.entries.map((e) => e.name));
    const zip = await yauzl.openPromise(outFile, { lazyEntries: true });
    expect(zip.entryCount).toBe(FILES);
    zip.close();
  }, 120_000);
});
