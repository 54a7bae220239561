/**
 * The deploy's archive inputs that need parsing: `max-archive-size` and `allow-files`. Loaded at
 * every start with the input rules, so nothing heavier is imported here.
 */
import { parseLines } from '../../inputs/parsers.js';
import { quote } from '../../inputs/quote.js';

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  B: 1,
  KB: 1024,
  KIB: 1024,
  K: 1024,
  MB: 1024 ** 2,
  MIB: 1024 ** 2,
  M: 1024 ** 2,
  GB: 1024 ** 3,
  GIB: 1024 ** 3,
  G: 1024 ** 3,
};

const SIZE = /^(\d+(?:\.\d+)?|\.\d+)\s*([A-Za-z]*)$/;

/**
 * A size as people write it. Units are powers of 1024, as every size the action prints
 * (`formatBytes`): KB = KiB = 1,024 bytes, MB = MiB, GB = GiB.
 * `500MB`, `2GB`, `500 MB`, `1.5GB`, `800KB`, `1048576` → bytes (rounded down to a whole byte). */
export function parseSize(value: string): number {
  const m = SIZE.exec(value.trim());
  const fix = 'give a size such as 500MB, 2GB or 800KB (units of 1024), or a number of bytes';
  if (!m) throw new Error(`${quote(value)} is not a size; ${fix}`);
  const unit = UNITS[m[2]!.toUpperCase()];
  if (unit === undefined) throw new Error(`${quote(value)} has an unknown unit "${m[2]}"; ${fix}`);
  const bytes = Math.floor(Number(m[1]) * unit);
  if (bytes <= 0) throw new Error(`${quote(value)} is no size at all; ${fix}`);
  if (!Number.isSafeInteger(bytes)) throw new Error(`${quote(value)} is too large; ${fix}`);
  return bytes;
}

/** The `allow-files` input: gitignore-style globs, as `exclude` takes. */
export function parseAllowFiles(value: string): string[] {
  const lines = parseLines(value);
  for (const line of lines) {
    if (line.startsWith('!')) {
      throw new Error(
        `${quote(line)} starts with "!", which means nothing here; list the files meant to be uploaded, one glob a line`,
      );
    }
  }
  return [...lines];
}
