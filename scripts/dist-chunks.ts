/**
 * The action is split into chunk files that a run loads when it needs them (src/index.ts); two
 * chores of `npm run package:action` follow from it.
 *
 * `clean`, before ncc: removes the bundle's .js files and per-chunk license files. ncc writes
 * dist/ without clearing it, and chunk ids change with the code, so an earlier build's chunks
 * would stay in dist/ (and be committed) beside the new ones.
 *
 * `licenses`, after ncc: its license plugin writes one file per chunk (`--license
 * "[name].licenses.txt"`; with a single name each chunk would overwrite the one before). This
 * joins them into dist/licenses.txt, the entry's first, each package once, and removes them.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The action's dist/ by default; the program's (dist/cli/) and the client's (dist/client/) are split the same way.
const DIST = fileURLToPath(new URL(`../${process.argv[3] ?? 'dist'}/`, import.meta.url));
const ENTRY_LICENSES = 'main.licenses.txt';
/** Where a license entry starts: two blank lines, then a package name and a license line. */
const ENTRY_START = /\n\n\n(?=(?:@[a-z0-9._-]+\/)?[a-z0-9._-]+\n[^\n]+\n)/;

const inDist = (keep: (name: string) => boolean) => {
  try {
    return readdirSync(DIST).filter(keep);
  } catch {
    return []; // no dist/ yet
  }
};

function clean(): void {
  for (const f of inDist((n) => n.endsWith('.js') || n.endsWith('.licenses.txt'))) rmSync(join(DIST, f));
}

function joinLicenses(): void {
  const files = inDist((n) => n.endsWith('.licenses.txt')).sort(
    (a, b) => Number(b === ENTRY_LICENSES) - Number(a === ENTRY_LICENSES) || a.localeCompare(b),
  );
  if (!files.includes(ENTRY_LICENSES)) {
    throw new Error(`dist/${ENTRY_LICENSES} is missing: was ncc run with --license "[name].licenses.txt"?`);
  }
  // A package whose code spans chunks (undici: its agents in one, its fetch in another) is listed
  // by each; entries are `name`, `license`, the text, two blank lines apart, so one is kept.
  const entries = files.flatMap((f) => readFileSync(join(DIST, f), 'utf8').trim().split(ENTRY_START));
  writeFileSync(join(DIST, 'licenses.txt'), `${[...new Set(entries)].join('\n\n\n')}\n`);
  for (const f of files) rmSync(join(DIST, f));
}

const command = process.argv[2];
if (command === 'clean') clean();
else if (command === 'licenses') joinLicenses();
else throw new Error('usage: tsx scripts/dist-chunks.ts clean|licenses [dist|dist/cli|dist/client]');
