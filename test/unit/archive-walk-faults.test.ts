/**
 * What the plan does when the disk answers badly or the tree changes under it. Each error the
 * walk can meet is either a name left out with a warning (it vanished, was replaced, is a loop,
 * leads nowhere) or a failure that names the path and carries the cause, never a crash without
 * words or a silent gap. What a listing says (a directory, a file, a link) is looked at again
 * before it is used, and a directory is read only while it is still the one its parent listed;
 * each change is planted through the walk's file-system calls, or made on the disk between two.
 */
import { lstatSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeWalkFs, planArchive, RULE_FILE_MAX_BYTES, type EntryStat, type WalkFs } from '../../src/archive/index.js';
import { fault, planError, planned, useTempDir, writeTree } from './helpers/archive-tree.js';

const tmp = useTempDir();
const plan = (fs: Partial<WalkFs> = {}, extra: Partial<Parameters<typeof planArchive>[0]> = {}) =>
  planned({ root: tmp.dir, fs, ...extra });
const failure = (fs: Partial<WalkFs>) => planError({ root: tmp.dir, fs });

/** An lstat that answers `answer(n, real)` for the n-th look (from 1) at `rel` under the root. */
function lstatOf(rel: string, answer: (n: number, real: () => EntryStat) => EntryStat): WalkFs['lstat'] {
  let n = 0;
  return (p) => (p === path.join(tmp.dir, rel) ? answer(++n, () => lstatSync(p)) : lstatSync(p));
}
/** A readdir that throws `err` for `rel` under the root. */
const readdirFailing =
  (rel: string, err: Error): WalkFs['readdir'] =>
  (dir) => {
    if (dir === path.join(tmp.dir, rel)) throw err;
    return nodeWalkFs.readdir(dir);
  };
const changed = (st: EntryStat, change: Partial<EntryStat>): EntryStat =>
  Object.assign(Object.create(st) as EntryStat, change);
const thrower = (err: Error) => (): never => {
  throw err;
};
const gone = () => thrower(fault('ENOENT'))();
const left = (rel: string, reason: 'vanished' | 'replaced') =>
  `"${rel}" ${reason === 'vanished' ? 'vanished' : 'was replaced (by a link or another file)'} during the walk; left out of the archive`;

describe('a directory that cannot be listed', () => {
  it('that vanished (ENOENT or ENOTDIR) is left out with a warning', async () => {
    writeTree(tmp.dir, { 'a/x': '1', 'b/y': '2', 'c.txt': '3' });
    const codes: Record<string, string> = { a: 'ENOENT', b: 'ENOTDIR' };
    const got = await plan({
      readdir: (dir) => {
        if (path.dirname(dir) === tmp.dir) throw fault(codes[path.basename(dir)]);
        return nodeWalkFs.readdir(dir);
      },
    });
    expect(got.names).toEqual(['c.txt']);
    expect(got.skipped).toEqual([
      { path: 'a', reason: 'vanished' },
      { path: 'b', reason: 'vanished' },
    ]);
    expect([...got.warnings].sort()).toEqual([left('a', 'vanished'), left('b', 'vanished')]);
  });

  it.each([
    ['sub', 'EPERM', 'permission denied'],
    ['sub', 'EIO', 'EIO'],
    ['sub', undefined, 'error'],
    ['', 'EIO', 'EIO'], // the root, named "."
  ])('that cannot be read (%j, %s) fails the plan, naming it and carrying the cause', async (rel, code, words) => {
    writeTree(tmp.dir, { 'sub/x': '1' });
    const cause = fault(code);
    const err = await failure({ readdir: readdirFailing(rel, cause) });
    expect(err.message).toBe(`cannot read directory "${rel || '.'}" (${words}); make it readable or exclude it`);
    expect(err.cause).toBe(cause);
  });
});

describe('a directory that is not the one its parent listed', () => {
  // The first look at "a" is its parent's; the later ones check it before and after reading it.
  it.each([
    ['on another device', (st: EntryStat) => ({ dev: st.dev + 1 })],
    ['on another inode', (st: EntryStat) => ({ ino: st.ino + 1 })],
    ['no longer a directory', () => ({ isDirectory: () => false })],
  ])('is left out as replaced when it is now %s', async (_, change) => {
    writeTree(tmp.dir, { 'a/x.txt': '1', 'b.txt': '2' });
    const got = await plan({ lstat: lstatOf('a', (n, real) => (n === 1 ? real() : changed(real(), change(real())))) });
    expect([got.names, got.skipped, got.warnings]).toEqual([
      ['b.txt'],
      [{ path: 'a', reason: 'replaced' }],
      [left('a', 'replaced')],
    ]);
  });

  it('is looked at before it is read: one replaced by a file is left out as replaced', async () => {
    writeTree(tmp.dir, { 'a/x.txt': '1', 'b.txt': '2' });
    // Swapped on the disk right after its parent looked at it, before it is read.
    const lstat = lstatOf('a', (n, real) => {
      const st = real();
      if (n === 1) {
        rmSync(path.join(tmp.dir, 'a'), { recursive: true });
        writeFileSync(path.join(tmp.dir, 'a'), 'now a file');
      }
      return st;
    });
    const got = await plan({ lstat });
    expect([got.names, got.skipped]).toEqual([['b.txt'], [{ path: 'a', reason: 'replaced' }]]);
  });

  it('fails the plan when it is the root, replaced while it was read', async () => {
    // Looks at the root: the plan's own, then the walk's before and after reading it.
    const lstat = lstatOf('', (n, real) => (n >= 3 ? changed(real(), { ino: real().ino + 1 }) : real()));
    expect((await failure({ lstat })).message).toBe('the directory to archive was replaced while it was being read');
  });

  // The look before reading: the root's second look, a subdirectory's second (its parent's first).
  it.each([
    ['', 'EACCES', 'cannot read directory "." (permission denied)'],
    ['sub', 'EACCES', 'cannot read directory "sub" (permission denied)'],
    ['sub', 'ENOENT', null],
  ])('whose identity cannot be checked (%j, %s) fails the plan, or is left out when gone', async (rel, code, msg) => {
    writeTree(tmp.dir, { 'sub/x': '1' });
    const cause = fault(code);
    const lstat = lstatOf(rel, (n, real) => (n === 2 ? thrower(cause)() : real()));
    if (msg === null) {
      const got = await plan({ lstat });
      expect([got.names, got.skipped]).toEqual([[], [{ path: 'sub', reason: 'vanished' }]]);
      return;
    }
    const err = await failure({ lstat });
    expect(err.message).toBe(msg);
    expect(err.cause).toBe(cause);
  });
});

describe('a name that changed between the listing and the look at it', () => {
  const fileStat = () => lstatSync(path.join(tmp.dir, 'other.txt'));
  const dirStat = () => lstatSync(path.join(tmp.dir, 'd'));

  it.each([
    ['d', 'a directory that is gone', 'vanished', gone],
    ['d', 'a directory that is now a file', 'replaced', fileStat],
    ['f.txt', 'a file that is gone', 'vanished', gone],
    ['f.txt', 'a file that is now a directory', 'replaced', dirStat],
    ['l', 'a link that is gone', 'vanished', gone],
    ['l', 'a link that is now a file', 'replaced', fileStat],
  ] as const)('%s: %s is left out as %s', async (rel, _, reason, answer) => {
    writeTree(tmp.dir, { 'd/x.txt': '1', 'f.txt': '2', l: { link: 'f.txt' }, 'other.txt': '3' });
    const got = await plan({ lstat: lstatOf(rel, answer) });
    expect(got.names).toEqual(['d/x.txt', 'f.txt', 'l', 'other.txt'].filter((n) => !n.startsWith(rel)));
    expect([got.skipped, got.warnings]).toEqual([[{ path: rel, reason }], [left(rel, reason)]]);
  });

  it.each([
    ['EACCES', 'permission denied'],
    ['EIO', 'EIO'],
  ])('a file that cannot be looked at (%s) fails the plan, naming it and carrying the cause', async (code, words) => {
    writeTree(tmp.dir, { 'dir/locked.bin': '1' });
    const cause = fault(code);
    const err = await failure({ lstat: lstatOf('dir/locked.bin', thrower(cause)) });
    expect(err.message).toBe(`cannot read "dir/locked.bin" (${words}); make it readable or exclude it`);
    expect(err.cause).toBe(cause);
  });

  it('an excluded one that cannot be looked at is counted as 0 bytes and does not fail the plan', async () => {
    writeTree(tmp.dir, { 'keep.txt': '1', 'skip.log': '12345' });
    const { plan: result } = await plan({ lstat: lstatOf('skip.log', () => gone()) }, { exclude: ['*.log'] });
    expect(result.entries.map((e) => e.name)).toEqual(['keep.txt']);
    expect(result.rules.find((r) => r.label === 'exclude:1')).toMatchObject({ files: 1, bytes: 0 });
  });
});

describe('a symbolic link', () => {
  const resolving = (code?: string) => {
    writeTree(tmp.dir, { 'a.txt': '1', l: { link: 'a.txt' } });
    return plan({
      realpath: (p) => {
        if (p === path.join(tmp.dir, 'l')) throw fault(code);
        return nodeWalkFs.realpath(p);
      },
    });
  };

  it.each([
    ['ELOOP', 'symlink-loop', '"l" is a symbolic link in a loop; left out of the archive'],
    ['ENOENT', 'symlink-dangling', '"l" is a symbolic link to nothing; left out of the archive'],
    ['ENOTDIR', 'symlink-dangling', '"l" is a symbolic link to nothing; left out of the archive'],
  ])('that cannot be resolved (%s) is left out as %s, and said so', async (code, reason, warning) => {
    const got = await resolving(code);
    expect([got.names, got.skipped, got.warnings]).toEqual([['a.txt'], [{ path: 'l', reason }], [warning]]);
  });

  it.each([
    ['EIO', 'EIO'],
    [undefined, 'unknown error'],
  ])('that cannot be resolved for another reason (%s) fails the plan, naming it and the cause', async (code, words) => {
    const err = (await resolving(code).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(`cannot resolve symbolic link "l" (${words})`);
    expect((err.cause as Error).message).toBe(code ?? 'no code');
  });

  it('to the root is kept as ".", one to its parent directory as ".."', async () => {
    writeTree(tmp.dir, { 'sub/x': '1', self: { link: '.' }, 'sub/up': { link: '..' }, 'sub/here': { link: '../sub' } });
    const { plan: result } = await plan();
    const links = result.entries.filter((e) => e.kind === 'symlink').map((e) => [e.name, e.linkTarget]);
    expect(Object.fromEntries(links)).toEqual({ self: '.', 'sub/up': '..', 'sub/here': '.' });
  });
});

describe('a link to an excluded path', () => {
  const dangles = (link: string, target: string) =>
    `symbolic link "${link}" points to excluded "${target}"; kept, but it will dangle when unpacked`;

  it.each([
    ['a default rule', { '.git/config': 'x', g: { link: '.git' } }, [], ['g'], dangles('g', '.git')],
    ['a directory rule', { 'build/out.js': 'x', b: { link: 'build' } }, ['build/'], ['b'], dangles('b', 'build')],
  ])('is kept with a warning when %s excludes what it points to', async (_, tree, exclude, names, warning) => {
    writeTree(tmp.dir, tree);
    const got = await plan({}, { exclude });
    expect([got.names, got.warnings]).toEqual([names, [warning]]);
  });

  it('is kept without a word when no one listens for warnings', async () => {
    writeTree(tmp.dir, { '.git/config': 'x', g: { link: '.git' } });
    const result = await planArchive({ root: tmp.dir });
    expect(result.entries.map((e) => [e.name, e.linkTarget])).toEqual([['g', '.git']]);
  });

  it('is not warned of when what it points to goes in, the root included', async () => {
    writeTree(tmp.dir, { 'a.txt': 'x', l: { link: 'a.txt' } });
    expect((await plan()).warnings).toEqual([]);
    writeTree(tmp.dir, { self: { link: '.' } });
    // Every name is excluded but the link; the root itself is where the zip is unpacked.
    const got = await plan({}, { exclude: ['*', '!self'] });
    expect([got.names, got.warnings]).toEqual([['self'], []]);
  });

  it('that a ! rule kept but that did not go in is not counted for the rule', async () => {
    writeTree(tmp.dir, { 'l.txt': 'x', 'link-dangling': { link: 'missing' } });
    const got = await plan({}, { exclude: ['l*', '!link-dangling'] });
    expect([got.names, got.skipped]).toEqual([[], [{ path: 'link-dangling', reason: 'symlink-dangling' }]]);
    expect(got.plan.rules.filter((r) => r.source === 'exclude').map((r) => [r.label, r.files, r.bytes])).toEqual([
      ['exclude:1', 1, 1],
      ['exclude:2', 0, 0],
    ]);
  });
});

describe('the exclude-from file', () => {
  const withRules = (lstat?: WalkFs['lstat']) =>
    planError({ root: tmp.dir, excludeFromFile: '.deployignore', fs: lstat ? { lstat } : {} });

  it('is refused when it is not UTF-8 text', async () => {
    writeFileSync(path.join(tmp.dir, '.deployignore'), Buffer.from([0x2a, 0x2e, 0xff, 0x0a]));
    expect((await withRules()).message).toMatch(/^exclude-from file ".deployignore" is not UTF-8 text;/);
  });

  it.each([
    ['inode', (st: EntryStat) => ({ ino: st.ino + 1 })],
    ['device', (st: EntryStat) => ({ dev: st.dev + 1 })],
  ])('is refused when what was opened is on another %s than what was looked at', async (_, change) => {
    writeFileSync(path.join(tmp.dir, '.deployignore'), '*.log\n');
    const err = await withRules(lstatOf('.deployignore', (_n, real) => changed(real(), change(real()))));
    expect(err.message).toMatch(/^exclude-from file ".deployignore" changed while it was being read;/);
  });

  it('is refused as a link when a link is found in its place only when it is opened', async () => {
    writeTree(tmp.dir, { 'real-ignore': '*.log\n', '.deployignore': { link: 'real-ignore' } });
    // The look before the open sees a regular file (as if the link was swapped in after it).
    const err = await withRules(lstatOf('.deployignore', () => lstatSync(path.join(tmp.dir, 'real-ignore'))));
    expect(err.message).toBe('exclude-from file ".deployignore" is a symbolic link; name the file itself');
    expect((err.cause as NodeJS.ErrnoException).code).toBe('ELOOP');
  });

  it('is read whole at exactly 1 MiB, its last rule included', async () => {
    const last = '\n*.tmp';
    writeTree(tmp.dir, {
      '.deployignore': '#'.repeat(RULE_FILE_MAX_BYTES - last.length) + last,
      'a.tmp': 'x',
      'a.tm': 'y',
    });
    const { plan: result } = await plan({}, { excludeFromFile: '.deployignore' });
    expect(result.entries.map((e) => [e.name, e.size])).toEqual([
      ['.deployignore', RULE_FILE_MAX_BYTES],
      ['a.tm', 1],
    ]);
    expect(result.rules.filter((r) => r.source === 'exclude-from').map((r) => [r.label, r.files])).toEqual([
      ['.deployignore:2', 1],
    ]);
  });

  it('carries the file-system error as the cause of a failure, and no cause where there was none', async () => {
    const unreadable = await planError({ root: tmp.dir, excludeFromFile: 'missing' });
    expect(unreadable.message).toBe(
      'exclude-from file "missing" cannot be read (ENOENT); give a path relative to the path input',
    );
    expect((unreadable.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
    const outside = await planError({ root: tmp.dir, excludeFromFile: '../x' });
    expect(outside.message).toBe('exclude-from file "../x" is outside the path input; give a file inside it');
    expect('cause' in outside).toBe(false);
  });

  it('in a subdirectory names its rules by its path from the root', async () => {
    writeTree(tmp.dir, { 'conf/deploy.ignore': '*.log\n', 'a.log': 'x', 'b.txt': 'y' });
    const { names, plan: result } = await plan({}, { excludeFromFile: 'conf/deploy.ignore' });
    expect(names).toEqual(['b.txt', 'conf/deploy.ignore']);
    const labels = result.rules.filter((r) => r.source === 'exclude-from').map((r) => r.label);
    expect(labels).toEqual(['conf/deploy.ignore:1']);
  });
});

describe('the plan as a whole', () => {
  it('names a missing root as the input gave it, escaped, and a root that is not a directory', async () => {
    const missing = await planError({ root: path.join(tmp.dir, 'no"such') });
    expect(missing.message).toBe(`path "${path.join(tmp.dir, 'no\\"such')}" not found; check the path input`);
    expect((missing.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
    writeFileSync(path.join(tmp.dir, 'file'), 'x');
    expect((await planError({ root: path.join(tmp.dir, 'file') })).message).toBe(
      `path "${path.join(tmp.dir, 'file')}" is not a directory`,
    );
  });

  it('totals the bytes, sorts what it left out, counts each rule, and warns of the one that matched nothing', async () => {
    writeTree(tmp.dir, {
      'b.txt': '12',
      'a/c.txt': '345',
      'logs/x.log': '1',
      'logs/keep.log': '1234',
      'tmp-a': 'x',
      'tmp-b/c.txt': 'y',
      'build/a.txt': '1',
      'build/keep/b.txt': '22',
      'z-link': { link: '/nonexistent-target-for-test' },
      'm-link': { link: 'missing' },
    });
    const exclude = ['*.log', '!keep.log', 'tmp-*', 'build/*', '!build/keep/', 'nothing-*'];
    const got = await plan({}, { exclude });
    expect(got.names).toEqual(['a/c.txt', 'b.txt', 'build/keep/b.txt', 'logs/keep.log']);
    expect(got.plan.totalBytes).toBe(11);
    expect(got.skipped).toEqual([
      { path: 'm-link', reason: 'symlink-dangling' },
      { path: 'z-link', reason: 'symlink-dangling' },
    ]);
    const counts = got.plan.rules.filter((r) => r.source === 'exclude').map((r) => [r.files, r.dirs, r.bytes]);
    // What a ! rule put back (a file, or a directory it then walks) is counted for it.
    expect(counts).toEqual([
      [1, 0, 1],
      [1, 0, 4],
      [1, 1, 1],
      [1, 0, 1],
      [0, 1, 0],
      [0, 0, 0],
    ]);
    expect(got.plan.unmatchedRules).toEqual(['exclude:6']);
    expect(got.warnings.filter((w) => !w.includes('symbolic link'))).toEqual([
      expect.stringMatching(/^exclude rule exclude:6 matched nothing;/),
    ]);
  });

  // The event loop's turns other work got while the plan was made: one after every 8 directories.
  it.each([
    [6, 0], // and the root: 7 read
    [16, 2], // and the root: 17 read, so after the 8th and the 16th
  ])('lets other work in: %d directories below the root, %d turns', async (dirs, turns) => {
    for (let i = 0; i < dirs; i++) writeTree(tmp.dir, { [`d${String(i).padStart(3, '0')}/f`]: 'x' });
    let seen = 0;
    let planning = true;
    const tick = () => {
      if (!planning) return;
      seen++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await planArchive({ root: tmp.dir });
    planning = false;
    expect(seen).toBe(turns);
  });
});
