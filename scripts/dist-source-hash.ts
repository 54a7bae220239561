/**
 * The hash of everything dist/index.js is built from (src/, the lock file, tsconfig.json, and
 * package.json). `npm run package` writes it to dist/source-hash.txt; the tests' global setup
 * compares it, so the end-to-end tests never run a bundle older than the source.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STAMP = join(ROOT, 'dist', 'source-hash.txt');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

export function sourceHash(root = ROOT): string {
  const files = [
    ...filesUnder(join(root, 'src')),
    join(root, 'package.json'),
    join(root, 'package-lock.json'),
    join(root, 'tsconfig.json'),
  ]
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)).toString('utf8').replace(/\r\n/g, '\n'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function readStamp(): string | null {
  try {
    return readFileSync(STAMP, 'utf8').trim();
  } catch {
    return null;
  }
}

if (process.argv[2] === 'write') writeFileSync(STAMP, `${sourceHash()}\n`);
