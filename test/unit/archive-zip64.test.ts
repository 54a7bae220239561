/** More entries than a classic end record can count: the writer's ZIP64 records, as readers read them. */
import { statSync, writeFileSync } from 'node:fs';
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

describe('ZIP64', () => {
  it('writes more than 65,535 entries with ZIP64 end records that readers accept', async () => {
    const outFile = path.join(dir, 'many.zip');
    const written = await writeArchive(plan, { level: 6, outFile });
    expect(written.files).toBe(FILES);
    await unzipTest(outFile);
    expect(await zipNames(outFile)).toEqual(plan.entries.map((e) => e.name));
    // A reader counts all 66,000 only through the ZIP64 records (byte by byte: archive-zip-format.test.ts).
    const zip = await yauzl.openPromise(outFile, { lazyEntries: true });
    expect(zip.entryCount).toBe(FILES);
    zip.close();
  }, 120_000);
});
