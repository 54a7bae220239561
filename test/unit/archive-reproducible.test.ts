import { chmodSync, mkdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planArchive, writeArchive } from '../../src/archive/index.js';
import { unixModes } from '../support/platform.js';
import { noise, prose, tempDir, unzipTest, writeTree, type TreeSpec } from './helpers/archive-tree.js';

let base: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir: base, cleanup } = tempDir());
});
afterEach(() => cleanup());

const content: Record<string, Buffer> = {
  'package.json': Buffer.from('{"name":"app"}'),
  'src/index.js': prose(20_000, 1),
  'src/lib/util.js': prose(7_000, 2),
  'public/logo.png': noise(9_000, 3),
  'public/big.js': prose(3 * 1024 * 1024, 4),
  'bin/start.sh': Buffer.from('#!/bin/sh\nnode src/index.js\n'),
  'a/b/c/d.txt': Buffer.from('deep'),
};

/** The same files, laid down in the given order with the given permission bits and mtime. */
function build(name: string, order: string[], modes: { plain: number; exec: number }, mtime: Date): string {
  const root = path.join(base, name);
  mkdirSync(root);
  for (const rel of order) {
    const spec: TreeSpec = { [rel]: content[rel]! };
    writeTree(root, spec);
    const abs = path.join(root, rel);
    chmodSync(abs, rel.endsWith('.sh') ? modes.exec : modes.plain);
    utimesSync(abs, mtime, mtime);
  }
  writeTree(root, { current: { link: 'src' } });
  return root;
}

async function sha(root: string, level: number, name: string, sourceDateEpoch?: number): Promise<string> {
  const outFile = path.join(base, `${name}.zip`);
  const written = await writeArchive(await planArchive({ root }), { level, outFile, sourceDateEpoch });
  await unzipTest(outFile);
  return written.sha256;
}

describe('reproducible archives', () => {
  it('gives the same bytes whatever the mtimes, creation order and umask-shaped modes', async () => {
    const order = Object.keys(content);
    const a = build('a', order, { plain: 0o644, exec: 0o755 }, new Date('2020-05-01T10:00:00Z'));
    const b = build('b', [...order].reverse(), { plain: 0o600, exec: 0o700 }, new Date('2031-12-24T18:30:00Z'));
    for (const level of [0, 1, 6, 9]) {
      expect(await sha(a, level, `a${level}`)).toBe(await sha(b, level, `b${level}`));
    }
    expect(await sha(a, 6, 'a-again')).toBe(await sha(a, 6, 'a6-2'));
  });

  it('gives different bytes for a different tree, level or SOURCE_DATE_EPOCH', async () => {
    const order = Object.keys(content);
    const a = build('a', order, { plain: 0o644, exec: 0o644 }, new Date());
    const other = build('b', order, { plain: 0o644, exec: 0o644 }, new Date());
    writeTree(other, { 'a/b/c/d.txt': 'Deep' });
    const first = await sha(a, 6, 'a');
    expect(await sha(other, 6, 'b')).not.toBe(first);
    expect(await sha(a, 5, 'a5')).not.toBe(first);
    expect(await sha(a, 6, 'epoch', 1_700_000_000)).not.toBe(first);
  });

  it.skipIf(!unixModes)('gives different bytes when only an execute bit differs', async () => {
    const order = Object.keys(content);
    const exec = build('a', order, { plain: 0o644, exec: 0o755 }, new Date());
    const plainExec = build('b', order, { plain: 0o644, exec: 0o644 }, new Date());
    expect(await sha(plainExec, 6, 'b')).not.toBe(await sha(exec, 6, 'a'));
  });
});
