/**
 * What the plan selects from a real tree: the defaults, exclude rules and their counts, the
 * exclude-from file, modes, pruning, links and special files. (Faults and races of the walk:
 * archive-walk-faults.test.ts; hostile trees: archive-hostile.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeWalkFs, planArchive } from '../../src/archive/index.js';
import { canMakeFifo, unixModes } from '../support/platform.js';
import { fault, listed, planned, tempDir, useTempDir, writeTree } from './helpers/archive-tree.js';

const tmp = useTempDir();

describe('planArchive selection', () => {
  it('leaves out .git/, node_modules/ and local env files by default, and sorts names by their UTF-8 bytes', async () => {
    writeTree(tmp.dir, {
      'a.txt': 'a',
      'B.txt': 'b',
      'é.txt': 'e',
      'Z/x.txt': 'z',
      'src/node_modules/dep.js': 'nested node_modules is excluded too',
      '.git/HEAD': 'ref',
      'node_modules/x/index.js': 'x',
      '.github/workflows/ci.yml': 'kept: only .git/ is a default',
      '.env': 'DATABASE_URL=postgres://admin:pw@db/app\n',
      '.env.local': 'x',
      '.env.example': 'DATABASE_URL=\n',
      'apps/web/.env.production.local': 'x',
    });
    const plan = await planArchive({ root: tmp.dir });
    expect(plan.entries.map((e) => e.name)).toEqual([
      '.env',
      '.env.example',
      '.github/workflows/ci.yml',
      'B.txt',
      'Z/x.txt',
      'a.txt',
      'é.txt',
    ]);
    expect(plan.localEnvLeftOut).toEqual({ count: 2, names: ['.env.local', 'apps/web/.env.production.local'] });
  });

  it('follows gitignore semantics: negation, anchoring, directory-only and nested patterns', async () => {
    writeTree(tmp.dir, {
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
    const plan = await planArchive({
      root: tmp.dir,
      exclude: ['*.log\n!keep.log', '/build', 'tmp/', 'docs/internal/*.md'],
    });
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

  it('lets a later rule re-include a default', async () => {
    writeTree(tmp.dir, { 'node_modules/dep/index.js': 'x', 'index.js': 'y' });
    expect((await planned({ root: tmp.dir, exclude: ['!node_modules/'] })).names).toEqual([
      'index.js',
      'node_modules/dep/index.js',
    ]);
  });

  it('reads an exclude-from file relative to the root, with comments, blank lines and CRLF', async () => {
    writeTree(tmp.dir, {
      '.deployignore': '# local only\r\n\r\n*.env\r\ncoverage/\r\n',
      'prod.env': '',
      'coverage/lcov.info': '',
      'index.js': '',
    });
    const plan = await planArchive({ root: tmp.dir, excludeFromFile: '.deployignore', exclude: ['.deployignore'] });
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

  it('normalises modes to 0644, or 0755 when any execute bit is set', async () => {
    writeTree(tmp.dir, {
      'private.txt': { data: 'p', mode: 0o600 },
      'run.sh': { data: '#!/bin/sh', mode: 0o700 },
      'group.sh': { data: '#!/bin/sh', mode: 0o610 },
      'plain.txt': { data: 'x', mode: 0o664 },
    });
    const plan = await planArchive({ root: tmp.dir });
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
    writeTree(tmp.dir, tree);
    const read: string[] = [];
    const readdir = (dir: string) => {
      read.push(path.relative(tmp.dir, dir));
      if (dir.includes('node_modules')) throw fault('EACCES');
      return nodeWalkFs.readdir(dir);
    };
    const plan = await planArchive({ root: tmp.dir, exclude: ['dist/'], fs: { readdir } });
    expect(plan.entries.map((e) => e.name)).toEqual(['index.js']);
    expect(read).toEqual(['']);
    expect(plan.rules.find((r) => r.label === 'node_modules/')).toMatchObject({ dirs: 1, files: 0 });
  });

  it('fails, naming it, on a directory it must read but cannot', async () => {
    writeTree(tmp.dir, { 'secret/x': 'x' });
    const readdir = (dir: string) => {
      if (dir.endsWith('secret')) throw fault('EACCES');
      return nodeWalkFs.readdir(dir);
    };
    await expect(planArchive({ root: tmp.dir, fs: { readdir } })).rejects.toThrow(
      'cannot read directory "secret" (permission denied); make it readable or exclude it',
    );
  });
});

describe('planArchive symlinks and special files', () => {
  it('keeps links that resolve inside the root as relative links, and leaves out the rest with a warning', async () => {
    const { dir: outside, cleanup: cleanOutside } = tempDir('archive-outside-');
    try {
      writeTree(outside, { passwd: 'not yours' });
      writeTree(tmp.dir, {
        'src/a.txt': 'a',
        rel: { link: 'src/a.txt' },
        abs: { link: path.join(tmp.dir, 'src/a.txt') },
        'sub/up': { link: '../src/a.txt' },
        srcdir: { link: 'src' },
        out: { link: path.join(outside, 'passwd') },
        sneaky: { link: '../' + path.basename(outside) + '/passwd' },
        dangling: { link: 'nope.txt' },
        loop1: { link: 'loop2' },
        loop2: { link: 'loop1' },
      });
      const { plan, names, warnings } = await planned({ root: tmp.dir });
      const links = plan.entries.filter((e) => e.kind === 'symlink').map((e) => [e.name, e.linkTarget, e.mode]);
      expect(links).toEqual([
        ['abs', 'src/a.txt', 0o777],
        ['rel', 'src/a.txt', 0o777],
        ['srcdir', 'src', 0o777],
        ['sub/up', '../src/a.txt', 0o777],
      ]);
      // The linked directory is stored as a link, not walked a second time.
      expect(names).not.toContain('srcdir/a.txt');
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
    } finally {
      cleanOutside();
    }
  });

  it.skipIf(!canMakeFifo)('skips a FIFO with a warning, without opening it', async () => {
    writeTree(tmp.dir, { 'a.txt': 'a' });
    execFileSync('mkfifo', [path.join(tmp.dir, 'pipe')]);
    const got = await planned({ root: tmp.dir });
    expect([got.names, got.skipped]).toEqual([['a.txt'], [{ path: 'pipe', reason: 'fifo' }]]);
    expect(got.warnings).toEqual(['"pipe" is a FIFO; left out of the archive']);
  });

  // The same decision on every OS, Windows included, where no FIFO can be made: the listing says
  // what each name is, and the walk goes by that without opening or stat-ing it.
  it('skips what the listing calls a FIFO, socket or device, with a warning, on any OS', async () => {
    writeTree(tmp.dir, { 'a.txt': 'a' });
    const opened: string[] = [];
    const got = await planned({
      root: tmp.dir,
      fs: {
        readdir: (dir) => [
          ...nodeWalkFs.readdir(dir),
          listed('pipe', 'fifo'),
          listed('sock', 'socket'),
          listed('tty', 'device'),
        ],
        lstat: (p) => {
          opened.push(path.basename(p));
          return lstatSync(p);
        },
      },
    });
    expect(got.names).toEqual(['a.txt']);
    expect(got.skipped).toEqual([
      { path: 'pipe', reason: 'fifo' },
      { path: 'sock', reason: 'socket' },
      { path: 'tty', reason: 'device' },
    ]);
    expect(got.warnings).toEqual([
      '"pipe" is a FIFO; left out of the archive',
      '"sock" is a socket; left out of the archive',
      '"tty" is a device; left out of the archive',
    ]);
    expect(opened.filter((n) => ['pipe', 'sock', 'tty'].includes(n))).toEqual([]);
  });
});
