import { execFileSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeWalkFs, planArchive } from '../../src/archive/index.js';
import { compareUtf8 } from '../../src/archive/plan/compare-utf8.js';
import { canMakeFifo, unixModes } from '../support/platform.js';
import { tempDir, writeTree } from './helpers/archive-tree.js';

let root: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir: root, cleanup } = tempDir());
});
afterEach(() => cleanup());

const names = async (opts: Parameters<typeof planArchive>[0]) => (await planArchive(opts)).entries.map((e) => e.name);

describe('planArchive selection', () => {
  it('leaves out .git/ and node_modules/ by default and sorts POSIX names by their UTF-8 bytes', async () => {
    writeTree(root, {
      'a.txt': 'a',
      'B.txt': 'b',
      'é.txt': 'e',
      'Z/x.txt': 'z',
      'src/node_modules/dep.js': 'nested node_modules is excluded too',
      '.git/HEAD': 'ref',
      'node_modules/x/index.js': 'x',
      '.github/workflows/ci.yml': 'kept: only .git/ is a default',
    });
    expect(await names({ root })).toEqual(['.github/workflows/ci.yml', 'B.txt', 'Z/x.txt', 'a.txt', 'é.txt']);
  });

  it('follows gitignore semantics: negation, anchoring, directory-only and nested patterns', async () => {
    writeTree(root, {
      'app.log': '',
      'logs/deep/x.log': '',
      'keep.log': '',
      'build/out.js': '',
      'src/build/kept.js': '',
      'tmp/cache.bin': '',
      'docs/tmp': 'a file named tmp is not a directory',
      'docs/internal/secret.md': '',
      'docs/public.md': '',
    });
    const plan = await planArchive({ root, exclude: ['*.log\n!keep.log', '/build', 'tmp/', 'docs/internal/*.md'] });
    expect(plan.entries.map((e) => e.name)).toEqual(['docs/public.md', 'docs/tmp', 'keep.log', 'src/build/kept.js']);
    const counts = Object.fromEntries(plan.rules.map((r) => [r.label, { files: r.files, dirs: r.dirs }]));
    expect(counts).toEqual({
      '.git/': { files: 0, dirs: 0 },
      'node_modules/': { files: 0, dirs: 0 },
      '.env*.local': { files: 0, dirs: 0 },
      'exclude:1': { files: 2, dirs: 0 }, // *.log
      'exclude:2': { files: 1, dirs: 0 }, // !keep.log: what it put back
      'exclude:3': { files: 0, dirs: 1 }, // /build
      'exclude:4': { files: 0, dirs: 1 }, // tmp/
      'exclude:5': { files: 1, dirs: 0 }, // docs/internal/*.md
    });
    expect(plan.unmatchedRules).toEqual([]);
  });

  it('reads a leading "./" as the root, and warns once about the rules that matched nothing', async () => {
    writeTree(root, {
      'docs/guide.md': 'gg',
      'src/docs/api.md': 'kept: only the root docs/ is meant',
      'big.bin': 'x'.repeat(100),
      'package.json': '{}',
    });
    const warnings: string[] = [];
    const plan = await planArchive({
      root,
      exclude: ['./docs/\n!./docs/keep.md', '*.bin', 'nothing-here/'],
      warn: (m) => warnings.push(m),
    });
    expect(plan.entries.map((e) => e.name)).toEqual(['package.json', 'src/docs/api.md']);
    expect(plan.rules.slice(3).map((r) => [r.label, r.negated, r.files, r.dirs, r.bytes])).toEqual([
      ['exclude:1', false, 0, 1, 0],
      ['exclude:2', true, 0, 0, 0],
      ['exclude:3', false, 1, 0, 100],
      ['exclude:4', false, 0, 0, 0],
    ]);
    expect(plan.unmatchedRules).toEqual(['exclude:2', 'exclude:4']);
    expect(warnings.map((w) => w.split(';')[0])).toEqual(['2 exclude rules matched nothing: exclude:2, exclude:4']);
    expect(plan.hasRootPackageJson).toBe(true);
  });

  it('counts what a "!" rule puts back, and says when package.json is missing', async () => {
    writeTree(root, { 'a.log': 'aaa', 'keep.log': 'kk', 'index.js': '' });
    const plan = await planArchive({ root, exclude: ['*.log', '!keep.log'] });
    expect(plan.entries.map((e) => e.name)).toEqual(['index.js', 'keep.log']);
    expect(plan.rules.slice(3).map((r) => [r.label, r.files, r.bytes])).toEqual([
      ['exclude:1', 1, 3],
      ['exclude:2', 1, 2],
    ]);
    expect(plan.hasRootPackageJson).toBe(false);
  });

  it('lets a later rule re-include a default', async () => {
    writeTree(root, { 'node_modules/dep/index.js': 'x', 'index.js': 'y' });
    expect(await names({ root, exclude: ['!node_modules/'] })).toEqual(['index.js', 'node_modules/dep/index.js']);
  });

  it('reads an exclude-from file relative to the root, with comments, blank lines and CRLF', async () => {
    writeTree(root, {
      '.deployignore': '# local only\r\n\r\n*.env\r\ncoverage/\r\n',
      'prod.env': '',
      'coverage/lcov.info': '',
      'index.js': '',
    });
    const plan = await planArchive({ root, excludeFromFile: '.deployignore', exclude: ['.deployignore'] });
    expect(plan.entries.map((e) => e.name)).toEqual(['index.js']);
    expect(plan.rules.map((r) => [r.source, r.label, r.files + r.dirs])).toEqual([
      ['default', '.git/', 0],
      ['default', 'node_modules/', 0],
      ['default', '.env*.local', 0],
      ['exclude', 'exclude:1', 1],
      ['exclude-from', '.deployignore:3', 1],
      ['exclude-from', '.deployignore:4', 1],
    ]);
  });

  it('names a missing exclude-from file in its error', async () => {
    await expect(planArchive({ root, excludeFromFile: '.deployignore' })).rejects.toThrow(
      /exclude-from file ".deployignore" cannot be read \(ENOENT\)/,
    );
  });

  it('names a missing or non-directory root', async () => {
    await expect(planArchive({ root: path.join(root, 'nope') })).rejects.toThrow(/path ".*nope" not found/);
    writeTree(root, { file: 'x' });
    await expect(planArchive({ root: path.join(root, 'file') })).rejects.toThrow(/is not a directory/);
  });

  it('normalises modes to 0644, or 0755 when any execute bit is set', async () => {
    writeTree(root, {
      'private.txt': { data: 'p', mode: 0o600 },
      'run.sh': { data: '#!/bin/sh', mode: 0o700 },
      'group.sh': { data: '#!/bin/sh', mode: 0o610 },
      'plain.txt': { data: 'x', mode: 0o664 },
    });
    const plan = await planArchive({ root });
    // Windows keeps no execute bit (chmod only toggles read-only): there every file is 0644.
    const exec = unixModes ? '755' : '644';
    expect(Object.fromEntries(plan.entries.map((e) => [e.name, e.mode.toString(8)]))).toEqual({
      'group.sh': exec,
      'plain.txt': '644',
      'private.txt': '644',
      'run.sh': exec,
    });
  });
});

describe('planArchive pruning', () => {
  it('never reads an excluded directory', async () => {
    const tree: Record<string, string> = { 'index.js': 'x' };
    for (let i = 0; i < 50; i++) tree[`node_modules/p${i}/lib/index.js`] = 'x';
    writeTree(root, tree);
    const read: string[] = [];
    const plan = await planArchive({
      root,
      exclude: ['dist/'],
      fs: {
        readdir: (dir) => {
          read.push(path.relative(root, dir));
          if (dir.includes('node_modules')) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
          return nodeWalkFs.readdir(dir);
        },
      },
    });
    expect(plan.entries.map((e) => e.name)).toEqual(['index.js']);
    expect(read).toEqual(['']);
    expect(plan.rules.find((r) => r.label === 'node_modules/')).toMatchObject({ dirs: 1, files: 0 });
  });

  it('fails, naming it, on a directory it must read but cannot', async () => {
    writeTree(root, { 'secret/x': 'x' });
    const fs = {
      readdir: (dir: string) => {
        if (dir.endsWith('secret')) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
        return nodeWalkFs.readdir(dir);
      },
    };
    await expect(planArchive({ root, fs })).rejects.toThrow(
      'cannot read directory "secret" (permission denied); make it readable or exclude it',
    );
    await expect(planArchive({ root, fs, exclude: ['secret/'] })).resolves.toMatchObject({ entries: [] });
  });

  it('skips a file that vanishes during the walk, with a warning', async () => {
    writeTree(root, { 'a.txt': 'a', 'gone.txt': 'b' });
    const warnings: string[] = [];
    const plan = await planArchive({
      root,
      warn: (m) => warnings.push(m),
      fs: {
        lstat: (p) => {
          if (p.endsWith('gone.txt')) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
          return lstatSync(p);
        },
      },
    });
    expect(plan.entries.map((e) => e.name)).toEqual(['a.txt']);
    expect(plan.skipped).toEqual([{ path: 'gone.txt', reason: 'vanished' }]);
    expect(warnings).toEqual(['"gone.txt" vanished during the walk; left out of the archive']);
  });
});

describe('planArchive symlinks and special files', () => {
  it('keeps links that resolve inside the root as relative links, and leaves out the rest with a warning', async () => {
    const { dir: outside, cleanup: cleanOutside } = tempDir('archive-outside-');
    try {
      writeTree(outside, { passwd: 'not yours' });
      writeTree(root, {
        'src/a.txt': 'a',
        rel: { link: 'src/a.txt' },
        abs: { link: path.join(root, 'src/a.txt') },
        'sub/up': { link: '../src/a.txt' },
        srcdir: { link: 'src' },
        out: { link: path.join(outside, 'passwd') },
        sneaky: { link: '../' + path.basename(outside) + '/passwd' },
        dangling: { link: 'nope.txt' },
        loop1: { link: 'loop2' },
        loop2: { link: 'loop1' },
      });
      const warnings: string[] = [];
      const plan = await planArchive({ root, warn: (m) => warnings.push(m) });
      const links = plan.entries.filter((e) => e.kind === 'symlink').map((e) => [e.name, e.linkTarget, e.mode]);
      expect(links).toEqual([
        ['abs', 'src/a.txt', 0o777],
        ['rel', 'src/a.txt', 0o777],
        ['srcdir', 'src', 0o777],
        ['sub/up', '../src/a.txt', 0o777],
      ]);
      // The linked directory is stored as a link, not walked a second time.
      expect(plan.entries.map((e) => e.name)).not.toContain('srcdir/a.txt');
      expect(plan.skipped).toEqual([
        { path: 'dangling', reason: 'symlink-dangling' },
        { path: 'loop1', reason: 'symlink-loop' },
        { path: 'loop2', reason: 'symlink-loop' },
        { path: 'out', reason: 'symlink-outside-root' },
        { path: 'sneaky', reason: 'symlink-outside-root' },
      ]);
      expect(warnings).toContain(
        '"out" is a symbolic link to something outside the archived directory; left out of the archive',
      );
      expect(warnings).toContain('"dangling" is a symbolic link to nothing; left out of the archive');
      expect(warnings).toContain('"loop1" is a symbolic link in a loop; left out of the archive');
    } finally {
      cleanOutside();
    }
  });

  it('warns when a kept link points into an excluded directory', async () => {
    writeTree(root, { 'node_modules/.bin/tool': 'x', tool: { link: 'node_modules/.bin/tool' } });
    const warnings: string[] = [];
    const plan = await planArchive({ root, warn: (m) => warnings.push(m) });
    expect(plan.entries.map((e) => e.name)).toEqual(['tool']);
    expect(warnings).toEqual([
      'symbolic link "tool" points to excluded "node_modules/.bin/tool"; kept, but it will dangle when unpacked',
    ]);
  });

  it.skipIf(!canMakeFifo)('skips a FIFO with a warning, without opening it', async () => {
    writeTree(root, { 'a.txt': 'a' });
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    const warnings: string[] = [];
    const plan = await planArchive({ root, warn: (m) => warnings.push(m) });
    expect(plan.entries.map((e) => e.name)).toEqual(['a.txt']);
    expect(plan.skipped).toEqual([{ path: 'pipe', reason: 'fifo' }]);
    expect(warnings).toEqual(['"pipe" is a FIFO; left out of the archive']);
  });

  // The same decision on every OS, Windows included, where no FIFO can be made: the listing says
  // what each name is, and the walk goes by that without opening or stat-ing it.
  it('skips what the listing calls a FIFO, socket or device, with a warning, on any OS', async () => {
    writeTree(root, { 'a.txt': 'a' });
    const special = (name: string, kind: 'fifo' | 'socket' | 'device') => ({
      name: Buffer.from(name),
      isDirectory: () => false,
      isFile: () => false,
      isSymbolicLink: () => false,
      isFIFO: () => kind === 'fifo',
      isSocket: () => kind === 'socket',
    });
    const opened: string[] = [];
    const warnings: string[] = [];
    const plan = await planArchive({
      root,
      warn: (m) => warnings.push(m),
      fs: {
        readdir: (dir) => [
          ...nodeWalkFs.readdir(dir),
          special('pipe', 'fifo'),
          special('sock', 'socket'),
          special('tty', 'device'),
        ],
        lstat: (p) => {
          opened.push(path.basename(p));
          return lstatSync(p);
        },
      },
    });
    expect(plan.entries.map((e) => e.name)).toEqual(['a.txt']);
    expect(plan.skipped).toEqual([
      { path: 'pipe', reason: 'fifo' },
      { path: 'sock', reason: 'socket' },
      { path: 'tty', reason: 'device' },
    ]);
    expect(warnings).toContain('"pipe" is a FIFO; left out of the archive');
    expect(opened.filter((n) => ['pipe', 'sock', 'tty'].includes(n))).toEqual([]);
  });
});

describe('compareUtf8', () => {
  it('orders names as their UTF-8 bytes do', () => {
    const names = ['b', 'a/b', 'a', 'A', 'é', '\uffff', '😀', 'z', '\ue000', 'a-b', 'a.b', ''];
    const byBytes = [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...names].sort(compareUtf8)).toEqual(byBytes);
  });
});
