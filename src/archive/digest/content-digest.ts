/**
 * The content digest: what a zip of the plan holds, named without compressing anything, so a
 * run can tell that a tree is the one already live before it zips or uploads. One line per entry
 * `{name}\0{mode}\0{size}\0{sha256}\n` in the zip's order (UTF-8 bytes of the names), hashed
 * whole; see docs/archive.md. Equal trees give equal digests on any machine: names, modes and
 * link texts are normalised by the walk, and nothing of the zip itself (timestamps, compression)
 * goes in.
 */
import { createHash } from 'node:crypto';
import { unixAttributes } from '../zip/zip-format.js';

/** One entry as the zip holds it: the bytes read (a link's target text) and their hex sha256. */
export interface DigestedEntry {
  name: string;
  kind: 'file' | 'symlink';
  mode: number;
  size: number;
  sha256: string;
}

export const CONTENT_DIGEST_PREFIX = 'sha256:';

/** The entry's line of the listing; the mode is the one the zip stores (type and permissions), in octal. */
export function digestLine(e: DigestedEntry): string {
  const mode = (unixAttributes(e.kind, e.mode) >>> 16).toString(8);
  return `${e.name}\0${mode}\0${e.size}\0${e.sha256}\n`;
}

/** Takes the entries in zip order, one at a time (the listing is hashed as it grows, never held). */
export class ContentDigest {
  private readonly hash = createHash('sha256');

  add(e: DigestedEntry): void {
    this.hash.update(digestLine(e), 'utf8');
  }

  /** `sha256:{hex}`. */
  finish(): string {
    return CONTENT_DIGEST_PREFIX + this.hash.digest('hex');
  }
}

/** A link's bytes as the zip stores them: its target text. */
export function linkBytes(target: string | undefined): Buffer {
  return Buffer.from(target ?? '', 'utf8');
}

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Whether `value` has the digest's form (`sha256:` and 64 lower-case hex digits). */
export function isContentDigest(value: string): boolean {
  return /^sha256:[0-9a-f]{64}$/.test(value);
}
