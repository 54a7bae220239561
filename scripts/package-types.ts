/**
 * `npm run package:types`: the declarations of `headless-deploy/client` and
 * `headless-deploy/emulator` for TypeScript users of the package. tsc writes one .d.ts per source
 * file into dist/types (tsconfig.types.json); this keeps only the files the two entries reach and
 * fails when one of them imports a package: the package installs with no dependencies, so a
 * declaration naming `undici` (bundled, not installed) would break a user's type-check.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TYPES = join(ROOT, 'dist', 'types');
const ENTRIES = ['src/api/index.d.ts', 'emulator/index.d.ts'];

/** Module specifiers of a declaration file's imports and re-exports (`import type`, `import()` included). */
export function specifiers(text: string): string[] {
  const found = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

/** Every .d.ts the entries reach, and the bare imports (not `node:`) among them, as `file: name`. */
export function reach(root: string, entries: readonly string[]): { files: Set<string>; packages: string[] } {
  const files = new Set<string>();
  const packages: string[] = [];
  const queue = entries.map((e) => join(root, e));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${file}: no such declaration file (did tsc fail?)`);
    files.add(file);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec.replace(/\.js$/, '.d.ts')));
      else if (!spec.startsWith('node:')) packages.push(`${relative(root, file)}: ${spec}`);
    }
  }
  return { files, packages };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Built beside dist/types and swapped in only when complete: a run that fails or is cut short
  // leaves the committed declarations as they were.
  const out = mkdtempSync(join(ROOT, 'dist', '.types-'));
  try {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.types.json'), '--outDir', out], {
      stdio: 'inherit',
    });
    const { files, packages } = reach(out, ENTRIES);
    if (packages.length > 0) {
      throw new Error(
        `the published declarations import packages a user does not install (they are bundled):\n  ${packages.join('\n  ')}\nImport the types from a file that does not reach the package.`,
      );
    }
    for (const file of filesUnder(out)) if (!files.has(file)) rmSync(file);
    // Folders left empty by the pruning.
    for (const dir of readdirSync(out, { recursive: true, withFileTypes: true }).reverse()) {
      const path = join(dir.parentPath, dir.name);
      if (dir.isDirectory() && readdirSync(path).length === 0) rmSync(path, { recursive: true });
    }
    rmSync(TYPES, { recursive: true, force: true });
    renameSync(out, TYPES);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
