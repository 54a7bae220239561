/**
 * The content digest by hashing alone, for a run that may not need the zip at all: each planned
 * file is read once, streamed through sha256 in a buffer of its lane, with a few files read at
 * once (the reads go to the threadpool; hashing is cheap next to them on a cold cache). Nothing
 * is compressed or written. Files are opened as the zip writer opens them (same identity
 * checks), and one that vanished or was replaced since the walk is left out, as the zip would.
 */
import { read } from 'node:fs';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { closeSource, openSource } from '../zip/source-file.js';
import type { ArchivePlan, PlanEntry, SkippedPath } from '../types.js';
import { ContentDigest, linkBytes, sha256Hex, type DigestedEntry } from './content-digest.js';

const readAsync = promisify(read);

/** Files hashed at once; each lane holds one buffer of LANE_BYTES. */
export const HASH_LANES = 4;
const LANE_BYTES = 1024 * 1024;

export interface HashedPlan {
  /** `sha256:{hex}`. */
  digest: string;
  /** Entries hashed: files and links. */
  files: number;
  /** Bytes read. */
  bytes: number;
  /** Entries that vanished or were replaced since the walk (left out, as the zip would). */
  skipped: SkippedPath[];
}

export async function hashPlan(plan: ArchivePlan, opts: { signal?: AbortSignal } = {}): Promise<HashedPlan> {
  const results: (DigestedEntry | SkippedPath | undefined)[] = new Array(plan.entries.length);
  let next = 0;
  // One lane's failure stops the others at their next file: the run fails with the first error.
  let failed = false;
  const lane = async () => {
    const buf = Buffer.allocUnsafe(LANE_BYTES);
    try {
      while (next < plan.entries.length && !failed) {
        opts.signal?.throwIfAborted();
        const i = next++;
        results[i] = await hashEntry(plan.entries[i]!, buf);
      }
    } catch (err) {
      failed = true;
      throw err;
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_LANES, plan.entries.length) }, lane));
  const digest = new ContentDigest();
  const skipped: SkippedPath[] = [];
  let files = 0;
  let bytes = 0;
  for (const r of results) {
    if (!r) continue;
    if ('reason' in r) {
      skipped.push(r);
      continue;
    }
    digest.add(r);
    files++;
    bytes += r.size;
  }
  return { digest: digest.finish(), files, bytes, skipped };
}

async function hashEntry(entry: PlanEntry, buf: Buffer): Promise<DigestedEntry | SkippedPath> {
  const base = { name: entry.name, kind: entry.kind, mode: entry.mode };
  if (entry.kind === 'symlink') {
    const data = linkBytes(entry.linkTarget);
    return { ...base, size: data.length, sha256: sha256Hex(data) };
  }
  const source = openSource(entry);
  if ('skip' in source) return { path: entry.name, reason: source.skip };
  const hash = createHash('sha256');
  let size = 0;
  try {
    for (;;) {
      const n = await readAsync(source.fd, buf, 0, buf.length, null).then(
        (r) => r.bytesRead,
        (err: unknown) => {
          throw readFailure(entry.name, err);
        },
      );
      if (n === 0) break;
      hash.update(buf.subarray(0, n));
      size += n;
    }
  } finally {
    closeSource(source.fd);
  }
  return { ...base, size, sha256: hash.digest('hex') };
}

function readFailure(name: string, err: unknown): Error {
  const e = err as NodeJS.ErrnoException;
  const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : (e.code ?? e.message);
  return new Error(`cannot read "${name}" (${why}); make it readable or exclude it`, { cause: err });
}
