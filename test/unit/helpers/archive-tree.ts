/**
 * Test helpers for the archive engine: build a tree in a temp dir, read a zip back with yauzl,
 * and have Info-ZIP's `unzip -t` check every CRC, so each test proves the archive is valid.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';

export type TreeSpec = Record<string, string | Buffer | { link: string } | { data: string | Buffer; mode: number }>;

/** A fresh temp dir, removed by `cleanup()`. */
export function tempDir(prefix = 'archive-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
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
      out.push({
        name: entry.fileName,
        data: Buffer.concat(chunks),
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

/** Runs `unzip -t` (checks every entry's CRC and sizes); throws with its output on failure. */
export function unzipTest(file: string): string {
  return execFileSync('unzip', ['-tq', file], { encoding: 'utf8' });
}

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
