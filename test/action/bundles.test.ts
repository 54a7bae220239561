/**
 * One bundle per front door: dist/index.js (the action), dist/cli/index.js (the program) and
 * dist/client/index.js (the library), each a single file that ncc writes with its licenses, and
 * no numbered chunk files beside them (an `import()` in src/ would bring them back).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOORS = ['dist', 'dist/cli', 'dist/client'];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

describe('dist/', () => {
  it.each(DOORS)('%s holds one bundle, index.js, with its licenses.txt', (door) => {
    const files = readdirSync(join(ROOT, door)).filter((f) => f.endsWith('.js') || f.endsWith('.txt'));
    expect(files.filter((f) => f !== 'source-hash.txt').sort()).toEqual(['index.js', 'licenses.txt']);
  });

  it('holds no numbered chunk file anywhere', () => {
    const chunks = filesUnder(join(ROOT, 'dist')).filter((f) => /^\d+\.index\.js$/.test(f.split(/[\\/]/).pop()!));
    expect(chunks.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('is what action.yml and package.json name', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(readFileSync(join(ROOT, 'action.yml'), 'utf8')).toMatch(/^\s+main: '?dist\/index\.js'?$/m);
    expect(pkg.bin['headless-deploy']).toBe('dist/cli/index.js');
    expect(pkg.exports['./client'].import).toBe('./dist/client/index.js');
  });
});
