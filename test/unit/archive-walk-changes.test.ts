/**
 * The walk against a tree that changes under it: what a listing says (a directory, a file, a
 * link) is looked at again before it is used, and a directory is read only while it is still
 * the one its parent listed. Each change is planted through the walk's file-system calls (or
 * made on the disk between two of them), and must end as a named skip or a failure with its
 * cause, never as something read from elsewhere. Also: the warnings about links to excluded
 * paths, and names a zip cannot hold below the root.
 */
import { lstatSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeWalkFs, planArchive, type EntryStat, type WalkFs } from '../../src/archive/index.js';
import { tempDir, writeTree } from './helpers/archive-tree.js';

let root: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir: root, cleanup } = tempDir());
});
afterEach(() => cleanup());

const fault = (code: string) => Object.assign(new Error(code), { code });

async function plan(fs: Partial<WalkFs> = {}, extra: Partial<Parameters<typeof planArchive>[0]> = {}) {
  const warnings: string[] = [];
  const result = await planArchive({ root, fs, warn: (m) => warnings.push(m), ...extra });
  return { entries: result.entries.map((e) => e.name), skipped: result.skipped, warnings, result };
}

const failure = async (fs: Partial<WalkFs>) => (await plan(fs).catch((e: unknown) => e)) as Error;

/** An lstat that answers `answer(n, real)` for the n-th look (from 1) at `rel` under the root. */
function lstatOf(rel: string, answer: (n: number, real: () => EntryStat) => EntryStat): WalkFs['lstat'] {
  let n = 0;
  return (p) => {
    if (p !== path.join(root, rel)) return lstatSync(p);
    return answer(++n, () => lstatSync(p));
  };
}

const changed = (st: EntryStat, change: Partial<EntryStat>): EntryStat =>
  Object.assign(Object.create(st) as EntryStat, change);

describe('a directory that is not the one its parent listed', () => {
  beforeEach(() => writeTree(root, { 'a/x.txt': '1', 'b.txt': '2' }));

  // The first look at "a" is its parent's; the later ones check it before and after reading it.
  const variants: [string, (st: EntryStat) => Partial<EntryStat>][] = [
    ['another device', (st) => ({ dev: st.dev + 1 })],
    ['another inode', (st) => ({ ino: st.ino + 1 })],
    ['no longer a directory', () => ({ isDirectory: () => false })],
  ];
  for (const [what, change] of variants) {
    it(`is left out as replaced when it is now on ${what}`, async () => {
      const lstat = lstatOf('a', (n, real) => (n === 1 ? real() : changed(real(), change(real()))));
      const got = await plan({ lstat });
      expect(got.entries).toEqual(['b.txt']);
      expect(got.skipped).toEqual([{ path: 'a', reason: 'replaced' }]);
      expect(got.warnings).toEqual([
        '"a" was replaced (by a link or another file) during the walk; left out of the archive',
      ]);
    });
  }

  it('is looked at before it is read: one replaced by a file is left out as replaced', async () => {
    // Swapped on the disk right after its parent looked at it, before it is read.
    const lstat = lstatOf('a', (n, real) => {
      const st = real();
      if (n === 1) {
        rmSync(path.join(root, 'a'), { recursive: true });
        writeFileSync(path.join(root, 'a'), 'now a file');
      }
      return st;
    });
    const got = await plan({ lstat });
    expect(got.entries).toEqual(['b.txt']);
    expect(got.skipped).toEqual([{ path: 'a', reason: 'replaced' }]);
  });

  it('fails the plan when it is the root, replaced while it was read', async () => {
    // Looks at the root: the plan's own, then the walk's before and after reading it.
    const lstat = lstatOf('', (n, real) => (n >= 3 ? changed(real(), { ino: real().ino + 1 }) : real()));
    expect((await failure({ lstat })).message).toBe('the directory to archive was replaced while it was being read');
  });

  it('fails the plan naming the root "." when the root cannot be looked at, with the cause', async () => {
    const cause = fault('EACCES');
    const lstat = lstatOf('', (n, real) => {
      if (n === 2) throw cause;
      return real();
    });
    const err = await failure({ lstat });
    expect(err.message).toBe('cannot read directory "." (permission denied)');
    expect(err.cause).toBe(cause);
  });

  it('fails the plan with the cause when it cannot be listed', async () => {
    const cause = fault('EIO');
    const err = await failure({
      readdir: (dir) => {
        if (dir === path.join(root, 'a')) throw cause;
        return nodeWalkFs.readdir(dir);
      },
    });
    expect(err.message).toBe('cannot read directory "a" (EIO); make it readable or exclude it');
    expect(err.cause).toBe(cause);
  });
});

describe('a name that changed between the listing and the look at it', () => {
  beforeEach(() => writeTree(root, { 'd/x.txt': '1', 'f.txt': '2', l: { link: 'f.txt' }, 'other.txt': '3' }));
  const fileStat = () => lstatSync(path.join(root, 'other.txt'));
  const dirStat = () => lstatSync(path.join(root, 'd'));
  const gone = () => {
    throw fault('ENOENT');
  };

  it('a listed directory that is gone is left out as vanished', async () => {
    const got = await plan({ lstat: lstatOf('d', gone) });
    expect(got.entries).toEqual(['f.txt', 'l', 'other.txt']);
    expect(got.skipped).toEqual([{ path: 'd', reason: 'vanished' }]);
  });

  it('a listed directory that is now a file is left out as replaced', async () => {
    const got = await plan({ lstat: lstatOf('d', fileStat) });
    expect(got.entries).toEqual(['f.txt', 'l', 'other.txt']);
    expect(got.skipped).toEqual([{ path: 'd', reason: 'replaced' }]);
  });

  it('a listed file that is now a directory is left out as replaced', async () => {
    const got = await plan({ lstat: lstatOf('f.txt', dirStat) });
    expect(got.entries).toEqual(['d/x.txt', 'l', 'other.txt']);
    expect(got.skipped).toEqual([{ path: 'f.txt', reason: 'replaced' }]);
  });

  it('a listed link that is gone is left out as vanished, one that is now a file as replaced', async () => {
    expect((await plan({ lstat: lstatOf('l', gone) })).skipped).toEqual([{ path: 'l', reason: 'vanished' }]);
    const replaced = await plan({ lstat: lstatOf('l', fileStat) });
    expect(replaced.entries).toEqual(['d/x.txt', 'f.txt', 'other.txt']);
    expect(replaced.skipped).toEqual([{ path: 'l', reason: 'replaced' }]);
  });

  it('a file that cannot be looked at fails the plan with the cause', async () => {
    const cause = fault('EIO');
    const err = await failure({
      lstat: lstatOf('f.txt', () => {
        throw cause;
      }),
    });
    expect(err.message).toBe('cannot read "f.txt" (EIO); make it readable or exclude it');
    expect(err.cause).toBe(cause);
  });
});

describe('a ! rule', () => {
  it('counts nothing for a path it kept that did not go in', async () => {
    writeTree(root, { 'l.txt': 'x', 'link-dangling': { link: 'missing' } });
    const got = await plan({}, { exclude: ['l*', '!link-dangling'] });
    expect(got.entries).toEqual([]);
    expect(got.skipped).toEqual([{ path: 'link-dangling', reason: 'symlink-dangling' }]);
    expect(got.result.rules.filter((r) => r.source === 'exclude').map((r) => [r.label, r.files, r.bytes])).toEqual([
      ['exclude:1', 1, 1],
      ['exclude:2', 0, 0],
    ]);
  });
});

describe('a link to an excluded path', () => {
  const dangles = (link: string, target: string) =>
    `symbolic link "${link}" points to excluded "${target}"; kept, but it will dangle when unpacked`;

  it('is warned of when a default rule excludes it', async () => {
    writeTree(root, { '.git/config': 'x', g: { link: '.git' } });
    const got = await plan();
    expect(got.entries).toEqual(['g']);
    expect(got.warnings).toEqual([dangles('g', '.git')]);
  });

  it('is warned of when a rule for directories only excludes it', async () => {
    writeTree(root, { 'build/out.js': 'x', b: { link: 'build' }, 'keep.txt': 'y' });
    const got = await plan({}, { exclude: ['build/'] });
    expect(got.entries).toEqual(['b', 'keep.txt']);
    expect(got.warnings).toEqual([dangles('b', 'build')]);
  });

  it('is kept without a word when no one listens for warnings', async () => {
    writeTree(root, { '.git/config': 'x', g: { link: '.git' } });
    const result = await planArchive({ root });
    expect(result.entries.map((e) => [e.name, e.linkTarget])).toEqual([['g', '.git']]);
  });

  it('is not warned of when what it points to goes in, the root included', async () => {
    writeTree(root, { 'a.txt': 'x', l: { link: 'a.txt' } });
    expect((await plan()).warnings).toEqual([]);
    writeTree(root, { self: { link: '.' } });
    // Every name is excluded but the link; the root itself is where the zip is unpacked.
    const got = await plan({}, { exclude: ['*', '!self'] });
    expect(got.entries).toEqual(['self']);
    expect(got.warnings).toEqual([]);
  });
});

describe('names a zip cannot hold, below the root', () => {
  it('are shown escaped with their directory, and a link through one is left out', async () => {
    writeTree(root, { 'sub/bad\u0001name': 'x', l: { link: 'sub/bad\u0001name' }, 'ok.txt': 'y' });
    const got = await plan();
    expect(got.entries).toEqual(['ok.txt']);
    expect(got.skipped).toEqual([
      { path: 'l', reason: 'unsafe-target' },
      { path: 'sub/bad\\u0001name', reason: 'unsafe-name' },
    ]);
  });
});
