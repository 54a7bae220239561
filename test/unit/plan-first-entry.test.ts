/**
 * `onFirstEntry`: the plan's signal that it cannot come out empty, on which the deploy starts
 * its look-ups. It must come once, only after the directory holding a kept entry has been read
 * (never for a plan that ends empty, nor before the root and the exclude-from file are checked),
 * and give the event loop the turns a request needs to leave before the walk goes on.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeWalkFs, planArchive } from '../../src/archive/index.js';
import { tempDir, useTempDir, writeTree, type TreeSpec } from './helpers/archive-tree.js';

const tmp = useTempDir();

/** What the last walk did: directories read (relative, `.` for the root), calls of onFirstEntry, turns. */
let events: string[] = [];

/** Plans `root` after writing `spec` into it, recording `events`. */
async function walkOf(spec: TreeSpec, extra: Partial<Parameters<typeof planArchive>[0]> = {}) {
  const root = tmp.dir;
  writeTree(root, spec);
  events = [];
  const plan = await planArchive({
    root,
    ...extra,
    fs: {
      readdir: (dir) => {
        events.push(`read ${path.relative(root, dir).split(path.sep).join('/') || '.'}`);
        return nodeWalkFs.readdir(dir);
      },
    },
    onFirstEntry: () => {
      events.push('first entry');
      // Turns of the event loop taken before the walk reads on: a request needs them to leave.
      setImmediate(() => {
        events.push('turn 1');
        setImmediate(() => {
          events.push('turn 2');
          setImmediate(() => events.push('turn 3'));
        });
      });
    },
  });
  return { entries: plan.entries.map((e) => e.name) };
}

describe('onFirstEntry', () => {
  it('comes once, right after the directory holding the first kept file is read, and the walk goes on', async () => {
    const { entries } = await walkOf({
      'node_modules/x/index.js': 'x',
      'a/b/deep.txt': 'd',
      'a/c/more.txt': 'm',
      'a/c/d/e/last.txt': 'l',
    });
    expect(entries).toEqual(['a/b/deep.txt', 'a/c/d/e/last.txt', 'a/c/more.txt']);
    expect(events.filter((e) => e === 'first entry')).toHaveLength(1);
    const at = events.indexOf('first entry');
    // The root and `a` hold only directories (node_modules excluded): the signal waits for a file.
    expect(events.slice(0, at)).toEqual(['read .', 'read a', expect.stringMatching(/^read a\/[bc]$/)]);
    // Two turns of the event loop before the next directory (not three), then the rest of the walk.
    expect(events.slice(at + 1, at + 3)).toEqual(['turn 1', 'turn 2']);
    expect(events[at + 3]).toMatch(/^read /);
    expect(events.filter((e) => e.startsWith('read '))).toHaveLength(6);
  });

  it('counts a kept symbolic link as an entry, not a dangling one', async () => {
    symlinkSync('nowhere.txt', path.join(tmp.dir, 'dangling'));
    const left = await walkOf({ 'sub/target.txt': 't' }, { exclude: ['sub/'] });
    expect(left.entries).toEqual([]);
    expect(events).not.toContain('first entry');
    symlinkSync('sub/target.txt', path.join(tmp.dir, 'kept-link'));
    const kept = await walkOf({}, { exclude: ['sub/'] });
    expect(kept.entries).toEqual(['kept-link']);
    expect(events.slice(0, 2)).toEqual(['read .', 'first entry']);
  });

  it('never comes for a plan that ends empty, however long its walk', async () => {
    const spec: TreeSpec = { 'node_modules/dep/index.js': 'x', '.git/HEAD': 'ref' };
    for (let i = 0; i < 150; i++) spec[`logs/d${i}/run.log`] = 'noise';
    const { entries } = await walkOf(spec, { exclude: ['*.log'] });
    expect(entries).toEqual([]);
    expect(events.filter((e) => e.startsWith('read ')).length).toBeGreaterThan(150);
    expect(events).not.toContain('first entry');
  });

  it('never comes when the exclude-from file is refused, even with files to keep', async () => {
    const outside = tempDir('first-entry-outside-');
    try {
      writeTree(outside.dir, { 'secret.txt': 'x' });
      symlinkSync(path.join(outside.dir, 'secret.txt'), path.join(tmp.dir, '.deployignore'));
      await expect(walkOf({ 'package.json': '{}' }, { excludeFromFile: '.deployignore' })).rejects.toThrow(
        /exclude-from file "\.deployignore" leads out of the path input through a symbolic link/,
      );
      expect(events).toEqual([]);
      await expect(walkOf({}, { excludeFromFile: 'missing-rules' })).rejects.toThrow(
        'exclude-from file "missing-rules" cannot be read (ENOENT)',
      );
      expect(events).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });
});
