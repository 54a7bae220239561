/**
 * Test helpers for the archive engine: build a tree in a temp dir, plan it with its warnings
 * collected, plant file-system faults, read a zip back with yauzl (checking each entry's CRC),
 * and have Info-ZIP's `unzip -t` check every CRC, so each test proves the archive is valid.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { planArchive, type DirEntry, type PlanOptions } from '../../../src/archive/index.js';
import { hasUnzip } from '../../support/platform.js';

export type TreeSpec = Record<string, string | Buffer | { link: string } | { data: string | Buffer; mode: number }>;

export { tempDir, useTempDir } from './temp-dir.js';

/** An error as node:fs throws it, with its `code` (without one when none is given). */
export const fault = (code?: string): Error => Object.assign(new Error(code ?? 'no code'), code ? { code } : {});

/** planArchive with its warnings collected: the plan, its entry names, what it left out. */
export async function planned(opts: PlanOptions) {
  const warnings: string[] = [];
  const plan = await planArchive({ warn: (m) => warnings.push(m), ...opts });
  return { plan, names: plan.entries.map((e) => e.name), skipped: plan.skipped, warnings };
}

/** The error planArchive fails with; the test fails if it does not. */
export const planError = (opts: PlanOptions): Promise<Error> =>
  planArchive(opts).then(
    () => {
      throw new Error('the plan did not fail');
    },
    (err: unknown) => err as Error,
  );

/** A name as a directory listing gives it, of the kind named: for listings a test makes up. */
export function listed(name: string | Buffer, kind: 'file' | 'dir' | 'fifo' | 'socket' | 'device'): DirEntry {
  return {
    name: Buffer.isBuffer(name) ? name : Buffer.from(name),
    isDirectory: () => kind === 'dir',
    isFile: () => kind === 'file',
    isSymbolicLink: () => false,
    isFIFO: () => kind === 'fifo',
    isSocket: () => kind === 'socket',
  };
}

/** Writes files (POSIX paths) under `root`, in the order given. */
export function writeTree(root: string, spec: TreeSpec): void {
  for (const [rel, what] of Object.entries(spec)) {
    const abs = path.join(root, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof what === 'string' || Buffer.isBuffer(what)) {
      writeFileSync(abs, what);
    } else if ('link' in what) {
      symlinkSync(what.link, abs);
    } else {
      writeFileSync(abs, what.data);
      chmodSync(abs, what.mode);
    }
  }
}

export interface ZipEntryInfo {
  name: string;
  data: Buffer;
  /** Unix mode from the external attributes (type and permission bits). */
  mode: number;
  method: number;
  flags: number;
  extraLength: number;
  lastModified: { date: number; time: number };
}

/** Every entry of the zip with its bytes, in central-directory order. */
export async function readZip(file: string): Promise<ZipEntryInfo[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, strictFileNames: true });
  const out: ZipEntryInfo[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      const data = Buffer.concat(chunks);
      // yauzl checks the sizes; the CRC is ours to check.
      if (crc32(data) !== entry.crc32) throw new Error(`${file}: entry "${entry.fileName}" fails its CRC check`);
      out.push({
        name: entry.fileName,
        data,
        mode: entry.externalFileAttributes >>> 16,
        method: entry.compressionMethod,
        flags: entry.generalPurposeBitFlag,
        extraLength: entry.extraFieldLength,
        lastModified: { date: entry.lastModFileDate, time: entry.lastModFileTime },
      });
    }
  } finally {
    zip.close();
  }
  return out;
}

/**
 * Runs `unzip -t` (checks every entry's CRC and sizes); throws with its output on failure. Where
 * Info-ZIP is not installed (windows-latest need not have it) yauzl reads every entry instead,
 * checking the same CRCs and sizes: still a reader independent of the writer.
 */
export async function unzipTest(file: string): Promise<void> {
  if (hasUnzip) execFileSync('unzip', ['-tq', file], { encoding: 'utf8' });
  else await readZip(file);
}

/** The zip's entry names in central-directory order, by Info-ZIP where it is installed, else yauzl. */
export async function zipNames(file: string): Promise<string[]> {
  if (hasUnzip) {
    return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', maxBuffer: 64 << 20 })
      .trim()
      .split(/\r?\n/);
  }
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const names: string[] = [];
  try {
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
  } finally {
    zip.close();
  }
  return names;
}

/** The file's SHA-256, hex. */
export const sha256Of = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Deterministic incompressible bytes. */
export function noise(size: number, seed = 1): Buffer {
  const buf = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    buf[i] = x & 0xff;
  }
  return buf;
}

/** Compressible text of about `size` bytes. */
export function prose(size: number, seed = 1): Buffer {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'deploy', 'archive', 'zip', 'headless', 'app', 'build'];
  const parts: string[] = [];
  let n = 0;
  let x = seed;
  while (n < size) {
    x = (x * 1103515245 + 12345) >>> 0;
    const w = words[x % words.length]!;
    parts.push(w);
    n += w.length + 1;
  }
  return Buffer.from(parts.join(' ').padEnd(size, '.')).subarray(0, size);
}
