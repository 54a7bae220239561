/**
 * The same tree gives the same zip, byte for byte, whatever the files' times, creation order and
 * umask (SOURCE_DATE_EPOCH's stamp: archive-write.test.ts); an execute bit is kept.
 */
import { chmodSync, mkdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { hashPlan, planArchive, writeArchive } from '../../src/archive/index.js';
import { unixModes } from '../support/platform.js';
import { noise, prose, unzipTest, useTempDir, writeTree, type TreeSpec } from './helpers/archive-tree.js';

const tmp = useTempDir();

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
  const root = path.join(tmp.dir, name);
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

async function sha(root: string, level: number, name: string): Promise<string> {
  const outFile = path.join(tmp.dir, `${name}.zip`);
  const written = await writeArchive(await planArchive({ root }), { level, outFile });
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

  it.skipIf(!unixModes)('gives different bytes when only an execute bit differs', async () => {
    const order = Object.keys(content);
    const exec = build('a', order, { plain: 0o644, exec: 0o755 }, new Date());
    const plainExec = build('b', order, { plain: 0o644, exec: 0o644 }, new Date());
    expect(await sha(plainExec, 6, 'b')).not.toBe(await sha(exec, 6, 'a'));
  });
});

describe('content digest', () => {
  it('pins the listing format on a tiny tree, and the zip and the hashing pass agree', async () => {
    const root = path.join(tmp.dir, 'tiny');
    writeTree(root, { 'b.txt': Buffer.from('hi'), 'a/x': Buffer.from(''), l: { link: 'b.txt' } });
    // By hand: sha256('hi'), sha256(''), sha256('b.txt'); names in byte order, modes as the zip stores them.
    const h = (s: string) => createHash('sha256').update(s).digest('hex');
    const line = (...f: string[]) => `${f.join('\0')}\n`;
    const listing = [
      line('a/x', '100644', '0', h('')),
      line('b.txt', '100644', '2', h('hi')),
      line('l', '120777', '5', h('b.txt')),
    ];
    const expected = `sha256:${h(listing.join(''))}`;
    const plan = await planArchive({ root });
    expect((await hashPlan(plan)).digest).toBe(expected);
    const zipped = await writeArchive(plan, { level: 6, outFile: path.join(tmp.dir, 'tiny.zip'), digest: true });
    expect(zipped.contentDigest).toBe(expected);
  });

  it('is equal for equal trees (any order, mtime, umask), and a byte changes it; large files too', async () => {
    const order = Object.keys(content);
    const a = build('a', order, { plain: 0o644, exec: 0o755 }, new Date('2020-05-01T10:00:00Z'));
    const b = build('b', [...order].reverse(), { plain: 0o600, exec: 0o700 }, new Date('2031-12-24T18:30:00Z'));
    const digestA = (await hashPlan(await planArchive({ root: a }))).digest;
    expect((await hashPlan(await planArchive({ root: b }))).digest).toBe(digestA);
    const zipped = await writeArchive(await planArchive({ root: b }), {
      level: 1,
      outFile: path.join(tmp.dir, 'b.zip'),
      digest: true,
    });
    expect(zipped.contentDigest).toBe(digestA);
    writeTree(b, { 'public/big.js': Buffer.concat([content['public/big.js']!, Buffer.from('x')]) });
    expect((await hashPlan(await planArchive({ root: b }))).digest).not.toBe(digestA);
  });
});
