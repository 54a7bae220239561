/**
 * The emulator is the strict side of the API: it must not be typed, or helped, by the client it
 * checks. Every TypeScript file under emulator/ (its built dist/ aside) may take from src/ only
 * the route table both share, src/api/routes.ts. Every import form counts (importSpecifiers reads
 * static, type-only, re-export, `import()` and `import('…')` types); so do the package's own names
 * that lead into src/, and forms that would name a module out of its sight (`require`, a
 * `/// <reference>`, an `import()` of a computed name) are refused outright.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from '../support/import-graph.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EMULATOR = join(ROOT, 'emulator');
const repoPath = (file: string) => relative(ROOT, file).split(sep).join('/');

/** Why `file` may not import `spec`, or null. */
function refusal(file: string, spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/')) {
    const target = repoPath(resolve(dirname(file), spec)).replace(/(\.d)?\.[cm]?[jt]s$/, '');
    return target.startsWith('src/') && target !== 'src/api/routes' ? `${spec} is ${target} of the client` : null;
  }
  if (spec.startsWith('#')) return `${spec}: a package import, which could lead anywhere`;
  if (/^headless-deploy(\/|$)/.test(spec) && spec !== 'headless-deploy/emulator') return `${spec} is the client`;
  return null;
}

/** Ways of naming a module that importSpecifiers does not read, so that none can slip by. */
const UNREAD = /\brequire\s*\(|\/\/\/\s*<reference|\bimport\s*\(\s*[^'"\s)]/;

function emulatorFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === join(EMULATOR, 'dist') || e.name === 'node_modules' ? [] : emulatorFiles(path);
    return /\.[cm]?ts$/.test(e.name) ? [path] : [];
  });
}

describe('what the emulator imports', () => {
  const files = emulatorFiles(EMULATOR).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('reads every TypeScript file of the emulator, and none of its bundles', () => {
    const names = files.map(({ file }) => repoPath(file));
    expect(names).toEqual(expect.arrayContaining(['emulator/index.ts', 'emulator/cli.ts', 'emulator/action/main.ts']));
    expect(names.filter((n) => n.startsWith('emulator/dist/'))).toEqual([]);
    expect(names.length).toBeGreaterThan(50);
  });

  it('takes nothing from src/ but the route table, and names no module out of sight', () => {
    const problems = files.flatMap(({ file, text }) => [
      ...importSpecifiers(file, text).flatMap((spec) => refusal(file, spec) ?? []),
      ...(UNREAD.test(text) ? [`a module named by ${UNREAD.exec(text)![0]}`] : []),
    ]);
    expect(problems).toEqual([]);
    const router = join(EMULATOR, 'http', 'router.ts');
    expect(importSpecifiers(router, readFileSync(router, 'utf8'))).toContain('../../src/api/routes.js');
  });

  it('refuses src/ but the route table, the client by its package names, and the forms it cannot follow', () => {
    const refused = (spec: string) => refusal(join(EMULATOR, 'http', 'x.ts'), spec) !== null;
    const client = ['../../src/api/client.js', '../../src/util/log', '../../src/api/types.d.ts', '#client'];
    expect([...client, 'headless-deploy', 'headless-deploy/client'].filter((s) => !refused(s))).toEqual([]);
    const fine = ['../../src/api/routes.js', '../../src/api/routes', 'headless-deploy/emulator', './errors.js'];
    expect([...fine, 'node:http', 'busboy'].filter(refused)).toEqual([]);
    const unread = ["const g = require('../../src/api/headless.js');", '/// <reference path="../x.ts" />'];
    expect([...unread, 'const h = await import(somewhere);'].filter((text) => !UNREAD.test(text))).toEqual([]);
  });
});
