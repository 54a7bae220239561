/**
 * What the plan does when the disk answers badly: each file-system error the walk can meet is
 * either a name left out with a warning (it vanished, it is a loop, it leads nowhere) or a
 * failure that names the path and the cause, never a crash without words or a silent gap.
 */
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeWalkFs, planArchive, RULE_FILE_MAX_BYTES, type WalkFs } from '../../src/archive/index.js';
import { tempDir, writeTree } from './helpers/archive-tree.js';

let root: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir: root, cleanup } = tempDir());
});
afterEach(() => cleanup());

const fault = (code?: string) => Object.assign(new Error(code ?? 'no code'), code ? { code } : {});

/** planArchive on `root` with `fs` calls replaced; returns the plan and the warnings. */
async function plan(fs: Partial<WalkFs>, extra: Partial<Parameters<typeof planArchive>[0]> = {}) {
  const warnings: string[] = [];
  const result = await planArchive({ root, fs, warn: (m) => warnings.push(m), ...extra });
  return { entries: result.entries.map((e) => e.name), skipped: result.skipped, warnings };
}

describe('a directory that cannot be listed', () => {
  it('that vanished (ENOENT or ENOTDIR) is left out with a warning', async () => {
    writeTree(root, { 'a/x': '1', 'b/y': '2', 'c.txt': '3' });
    const got = await plan({
      readdir: (dir) => {
        if (dir.endsWith(`${path.sep}a`)) throw fault('ENOENT');
        if (dir.endsWith(`${path.sep}b`)) throw fault('ENOTDIR');
        return nodeWalkFs.readdir(dir);
      },
    });
    expect(got.entries).toEqual(['c.txt']);
    expect(got.skipped).toEqual([
      { path: 'a', reason: 'vanished' },
      { path: 'b', reason: 'vanished' },
    ]);
    // Warned in the order the walk met them; sorted here.
    expect([...got.warnings].sort()).toEqual([
      '"a" vanished during the walk; left out of the archive',
      '"b" vanished during the walk; left out of the archive',
    ]);
  });

  it('that cannot be read fails the plan, naming it and the cause', async () => {
    writeTree(root, { 'sub/x': '1' });
    const failing = (code?: string) =>
      plan({
        readdir: (dir) => {
          if (dir.endsWith(`${path.sep}sub`)) throw fault(code);
          return nodeWalkFs.readdir(dir);
        },
      });
    await expect(failing('EPERM')).rejects.toThrow(
      'cannot read directory "sub" (permission denied); make it readable or exclude it',
    );
    await expect(failing('EIO')).rejects.toThrow('cannot read directory "sub" (EIO); make it readable or exclude it');
    await expect(failing()).rejects.toThrow('cannot read directory "sub" (error); make it readable or exclude it');
  });

  it('the root itself is named "."', async () => {
    writeTree(root, { x: '1' });
    await expect(
      plan({
        readdir: () => {
          throw fault('EIO');
        },
      }),
    ).rejects.toThrow('cannot read directory "." (EIO); make it readable or exclude it');
  });
});

describe('a directory whose identity cannot be checked', () => {
  it('fails on an error other than its disappearance', async () => {
    writeTree(root, { 'sub/x': '1' });
    let subStats = 0;
    const lstat = (code: string) => (p: string) => {
      // The first lstat is the parent's look at the name; the second, the check before reading it.
      if (p.endsWith(`${path.sep}sub`) && ++subStats === 2) throw fault(code);
      return lstatSync(p);
    };
    await expect(plan({ lstat: lstat('EACCES') })).rejects.toThrow('cannot read directory "sub" (permission denied)');
    subStats = 0;
    const gone = await plan({ lstat: lstat('ENOENT') });
    expect(gone.skipped).toEqual([{ path: 'sub', reason: 'vanished' }]);
    expect(gone.entries).toEqual([]);
  });
});

describe('a file that cannot be looked at', () => {
  it('fails the plan, naming the file and the cause', async () => {
    writeTree(root, { 'dir/locked.bin': '1' });
    const lstat = (p: string) => {
      if (p.endsWith('locked.bin')) throw fault('EACCES');
      return lstatSync(p);
    };
    await expect(plan({ lstat })).rejects.toThrow(
      'cannot read "dir/locked.bin" (permission denied); make it readable or exclude it',
    );
  });

  it('an excluded one is counted as 0 bytes and does not fail the plan', async () => {
    writeTree(root, { 'keep.txt': '1', 'skip.log': '12345' });
    const result = await planArchive({
      root,
      exclude: ['*.log'],
      fs: {
        lstat: (p) => {
          if (p.endsWith('skip.log')) throw fault('EACCES');
          return lstatSync(p);
        },
      },
    });
    expect(result.entries.map((e) => e.name)).toEqual(['keep.txt']);
    expect(result.rules.find((r) => r.label === 'exclude:1')).toMatchObject({ files: 1, bytes: 0 });
  });
});

describe('a symbolic link that cannot be resolved', () => {
  beforeEach(() => writeTree(root, { 'a.txt': '1', l: { link: 'a.txt' } }));
  const resolving = (code?: string) =>
    plan({
      realpath: (p) => {
        if (p.endsWith(`${path.sep}l`)) throw fault(code);
        return nodeWalkFs.realpath(p);
      },
    });

  it('a loop, or a link to nothing, is left out and said so', async () => {
    expect((await resolving('ELOOP')).skipped).toEqual([{ path: 'l', reason: 'symlink-loop' }]);
    expect((await resolving('ELOOP')).warnings).toEqual(['"l" is a symbolic link in a loop; left out of the archive']);
    for (const code of ['ENOENT', 'ENOTDIR']) {
      const got = await resolving(code);
      expect(got.skipped).toEqual([{ path: 'l', reason: 'symlink-dangling' }]);
      expect(got.entries).toEqual(['a.txt']);
    }
  });

  it('any other error fails the plan, naming the link and the cause', async () => {
    await expect(resolving('EIO')).rejects.toThrow('cannot resolve symbolic link "l" (EIO)');
    await expect(resolving()).rejects.toThrow('cannot resolve symbolic link "l" (unknown error)');
    const err = (await resolving('EIO').catch((e: unknown) => e)) as Error;
    expect((err.cause as Error).message).toBe('EIO');
  });
});

describe('links to directories', () => {
  it('a link to the root is kept as ".", one to its parent directory as ".."', async () => {
    writeTree(root, { 'sub/x': '1', self: { link: '.' }, 'sub/up': { link: '..' }, 'sub/here': { link: '../sub' } });
    const result = await planArchive({ root });
    const links = Object.fromEntries(
      result.entries.filter((e) => e.kind === 'symlink').map((e) => [e.name, e.linkTarget]),
    );
    expect(links).toEqual({ self: '.', 'sub/up': '..', 'sub/here': '.' });
  });
});

describe('the exclude-from file', () => {
  it('is refused when it is not UTF-8 text', async () => {
    writeFileSync(path.join(root, '.deployignore'), Buffer.from([0x2a, 0x2e, 0xff, 0x0a]));
    await expect(planArchive({ root, excludeFromFile: '.deployignore' })).rejects.toThrow(
      'exclude-from file ".deployignore" is not UTF-8 text',
    );
  });

  it('is refused when what was opened is not what was looked at', async () => {
    writeFileSync(path.join(root, '.deployignore'), '*.log\n');
    const lstat = (p: string) => {
      const st = lstatSync(p);
      return p.endsWith('.deployignore') ? Object.assign(Object.create(st) as typeof st, { ino: st.ino + 1 }) : st;
    };
    await expect(planArchive({ root, excludeFromFile: '.deployignore', fs: { lstat } })).rejects.toThrow(
      'exclude-from file ".deployignore" changed while it was being read',
    );
  });

  it('is refused when what was opened is on another device than what was looked at', async () => {
    writeFileSync(path.join(root, '.deployignore'), '*.log\n');
    const lstat = (p: string) => {
      const st = lstatSync(p);
      return p.endsWith('.deployignore') ? Object.assign(Object.create(st) as typeof st, { dev: st.dev + 1 }) : st;
    };
    await expect(planArchive({ root, excludeFromFile: '.deployignore', fs: { lstat } })).rejects.toThrow(
      'exclude-from file ".deployignore" changed while it was being read',
    );
  });

  it('is refused as a link when a link is found in its place only when it is opened', async () => {
    writeTree(root, { 'real-ignore': '*.log\n', '.deployignore': { link: 'real-ignore' } });
    // The look before the open sees a regular file (as if the link was swapped in after it).
    const lstat = (p: string) => lstatSync(p.endsWith('.deployignore') ? path.join(root, 'real-ignore') : p);
    const err = (await planArchive({ root, excludeFromFile: '.deployignore', fs: { lstat } }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(err.message).toBe('exclude-from file ".deployignore" is a symbolic link; name the file itself');
    expect((err.cause as NodeJS.ErrnoException).code).toBe('ELOOP');
  });

  it('is read whole at exactly 1 MiB, its last rule included', async () => {
    const last = '\n*.tmp';
    const filler = '#'.repeat(RULE_FILE_MAX_BYTES - last.length);
    writeTree(root, { '.deployignore': filler + last, 'a.tmp': 'x', 'a.tm': 'y' });
    const result = await planArchive({ root, excludeFromFile: '.deployignore' });
    expect(result.entries.map((e) => [e.name, e.size])).toEqual([
      ['.deployignore', RULE_FILE_MAX_BYTES],
      ['a.tm', 1],
    ]);
    expect(result.rules.filter((r) => r.source === 'exclude-from').map((r) => [r.label, r.files])).toEqual([
      ['.deployignore:2', 1],
    ]);
  });

  it('carries the file-system error as the cause of a failure, and no cause where there was none', async () => {
    const unreadable = (await planArchive({ root, excludeFromFile: 'missing' }).catch((e: unknown) => e)) as Error;
    expect((unreadable.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
    const outside = (await planArchive({ root, excludeFromFile: '../x' }).catch((e: unknown) => e)) as Error;
    expect(outside.message).toBe('exclude-from file "../x" is outside the path input; give a file inside it');
    expect('cause' in outside).toBe(false);
  });

  it('is refused when it is a directory, or cannot be looked at', async () => {
    mkdirSync(path.join(root, 'rules'));
    await expect(planArchive({ root, excludeFromFile: 'rules' })).rejects.toThrow(
      'exclude-from file "rules" is not a regular file',
    );
    await expect(planArchive({ root, excludeFromFile: 'missing' })).rejects.toThrow(
      'exclude-from file "missing" cannot be read (ENOENT); give a path relative to the path input',
    );
  });

  it('is read whole, with its rules numbered by line', async () => {
    writeTree(root, { '.deployignore': '# c\n\n*.log\r\n/build/\n', 'a.log': 'x', 'build/y': 'y', 'z.txt': 'z' });
    const result = await planArchive({ root, excludeFromFile: '.deployignore' });
    expect(result.entries.map((e) => e.name)).toEqual(['.deployignore', 'z.txt']);
    expect(result.rules.filter((r) => r.source === 'exclude-from').map((r) => [r.label, r.files, r.dirs])).toEqual([
      ['.deployignore:3', 1, 0],
      ['.deployignore:4', 0, 1],
    ]);
  });
});

describe('the plan as a whole', () => {
  it('names a missing root as the input gave it, escaped', async () => {
    const missing = (await planArchive({ root: path.join(root, 'no"such') }).catch((e: unknown) => e)) as Error;
    expect(missing.message).toBe(`path "${path.join(root, 'no\\"such')}" not found; check the path input`);
    expect((missing.cause as NodeJS.ErrnoException).code).toBe('ENOENT');
    writeFileSync(path.join(root, 'file'), 'x');
    await expect(planArchive({ root: path.join(root, 'file') })).rejects.toThrow(
      `path "${path.join(root, 'file')}" is not a directory`,
    );
  });

  it('totals the bytes, sorts what it left out by name, and counts what a ! rule put back', async () => {
    writeTree(root, {
      'b.txt': '12',
      'a/c.txt': '345',
      'logs/x.log': '1',
      'logs/keep.log': '1234',
      'z-link': { link: '/nonexistent-target-for-test' },
      'm-link': { link: 'missing' },
    });
    const result = await planArchive({ root, exclude: ['*.log', '!keep.log'] });
    expect(result.entries.map((e) => e.name)).toEqual(['a/c.txt', 'b.txt', 'logs/keep.log']);
    expect(result.totalBytes).toBe(9);
    expect(result.skipped).toEqual([
      { path: 'm-link', reason: 'symlink-dangling' },
      { path: 'z-link', reason: 'symlink-dangling' },
    ]);
    expect(result.rules.filter((r) => r.source === 'exclude').map((r) => [r.label, r.files, r.dirs, r.bytes])).toEqual([
      ['exclude:1', 1, 0, 1],
      ['exclude:2', 1, 0, 4],
    ]);
    expect(result.unmatchedRules).toEqual([]);
  });

  it('counts a directory a ! rule kept, and walks it', async () => {
    writeTree(root, { 'build/a.txt': '1', 'build/keep/b.txt': '22' });
    const result = await planArchive({ root, exclude: ['build/*', '!build/keep/'] });
    expect(result.entries.map((e) => e.name)).toEqual(['build/keep/b.txt']);
    expect(result.rules.filter((r) => r.source === 'exclude').map((r) => [r.label, r.files, r.dirs])).toEqual([
      ['exclude:1', 1, 0],
      ['exclude:2', 0, 1],
    ]);
  });

  it('names rules of an exclude-from file in a subdirectory by its path from the root', async () => {
    writeTree(root, { 'conf/deploy.ignore': '*.log\n', 'a.log': 'x', 'b.txt': 'y' });
    const result = await planArchive({ root, excludeFromFile: 'conf/deploy.ignore' });
    expect(result.entries.map((e) => e.name)).toEqual(['b.txt', 'conf/deploy.ignore']);
    expect(result.rules.filter((r) => r.source === 'exclude-from').map((r) => r.label)).toEqual([
      'conf/deploy.ignore:1',
    ]);
  });

  it('counts a rule that matched as many files as directories as matched', async () => {
    writeTree(root, { 'tmp-a': 'x', 'tmp-b/c.txt': 'y', 'd.txt': 'z' });
    const warnings: string[] = [];
    const result = await planArchive({ root, exclude: ['tmp-*', 'nothing-*'], warn: (m) => warnings.push(m) });
    expect(result.entries.map((e) => e.name)).toEqual(['d.txt']);
    expect(result.rules.filter((r) => r.source === 'exclude').map((r) => [r.label, r.files, r.dirs])).toEqual([
      ['exclude:1', 1, 1],
      ['exclude:2', 0, 0],
    ]);
    expect(result.unmatchedRules).toEqual(['exclude:2']);
    expect(warnings.filter((w) => w.startsWith('exclude rule'))).toEqual([
      expect.stringMatching(/^exclude rule exclude:2 matched nothing;/),
    ]);
  });
});

describe('the walk lets other work in', () => {
  /** How many turns of the event loop other work got while the plan of `root` was made. */
  async function turnsDuringPlan(): Promise<{ turns: number; dirs: number }> {
    let turns = 0;
    let planning = true;
    const tick = () => {
      if (!planning) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const result = await planArchive({ root });
    planning = false;
    return { turns, dirs: new Set(result.entries.map((e) => e.name.split('/')[0])).size };
  }

  const dirsBelowRoot = (n: number) => {
    const spec: Record<string, string> = {};
    for (let i = 0; i < n; i++) spec[`d${String(i).padStart(3, '0')}/f`] = 'x';
    writeTree(root, spec);
  };

  it('not at all while it has read fewer than 8 directories', async () => {
    dirsBelowRoot(6); // and the root: 7 read
    expect(await turnsDuringPlan()).toEqual({ turns: 0, dirs: 6 });
  });

  it('once after every 8 directories read', async () => {
    dirsBelowRoot(16); // and the root: 17 read, so after the 8th and the 16th
    expect(await turnsDuringPlan()).toEqual({ turns: 2, dirs: 16 });
  });
});
