import { describe, expect, it } from 'vitest';
import { describeArchive, formatManifest, type ArchivePlan } from '../../src/archive/index.js';
import { formatBytes } from '../../src/util/format.js';

const plan: ArchivePlan = {
  root: '/w',
  entries: [
    { name: 'a.js', absPath: '/w/a.js', size: 300, mode: 0o644, kind: 'file', dev: 1, ino: 1 },
    { name: 'b.png', absPath: '/w/b.png', size: 5000, mode: 0o644, kind: 'file', dev: 1, ino: 1 },
    { name: 'c.js', absPath: '/w/c.js', size: 300, mode: 0o644, kind: 'file', dev: 1, ino: 1 },
    { name: 'gone.txt', absPath: '/w/gone.txt', size: 9000, mode: 0o644, kind: 'file', dev: 1, ino: 1 },
    { name: 'link', absPath: '/w/link', size: 4, mode: 0o777, kind: 'symlink', linkTarget: 'a.js', dev: 1, ino: 2 },
  ],
  totalBytes: 14_604,
  skipped: [{ path: 'pipe', reason: 'fifo' }],
  rules: [
    { source: 'default', label: '.git/', negated: false, files: 0, dirs: 1, bytes: 0 },
    { source: 'default', label: 'node_modules/', negated: false, files: 0, dirs: 0, bytes: 0 },
    { source: 'exclude', label: 'exclude:1', negated: false, files: 3, dirs: 0, bytes: 3000 },
    { source: 'exclude-from', label: '.deployignore:2', negated: true, files: 1, dirs: 0, bytes: 300 },
    { source: 'exclude-from', label: '.deployignore:4', negated: false, files: 0, dirs: 0, bytes: 0 },
  ],
  unmatchedRules: ['.deployignore:4'],
  hasRootPackageJson: false,
};

describe('describeArchive', () => {
  it('counts, sums and ranks the planned entries', () => {
    const m = describeArchive(plan, undefined, 3);
    expect(m).toMatchObject({ files: 5, symlinks: 1, totalBytes: 14_604 });
    expect(m.compressedBytes).toBeUndefined();
    expect(m.largest).toEqual([
      { name: 'gone.txt', size: 9000 },
      { name: 'b.png', size: 5000 },
      { name: 'a.js', size: 300 },
    ]);
    expect(m.rules).toEqual(plan.rules);
    expect(m.rules).not.toBe(plan.rules);
    expect(m.unmatchedRules).toEqual(['.deployignore:4']);
    expect(m.hasRootPackageJson).toBe(false);
  });

  it('takes the written size and hash, and counts out what vanished while writing', () => {
    const m = describeArchive(plan, {
      file: '/tmp/app.zip',
      bytes: 4321,
      files: 4,
      sha256: 'ab'.repeat(32),
      skipped: [{ path: 'gone.txt', reason: 'vanished' }],
    });
    expect(m).toMatchObject({ files: 4, totalBytes: 5604, compressedBytes: 4321, sha256: 'ab'.repeat(32) });
    expect(m.largest[0]).toEqual({ name: 'b.png', size: 5000 });
    expect(m.skipped).toEqual([
      { path: 'pipe', reason: 'fifo' },
      { path: 'gone.txt', reason: 'vanished' },
    ]);
  });
});

describe('formatManifest', () => {
  it('prints what a dry run shows', () => {
    const lines = formatManifest(describeArchive(plan, undefined, 2));
    expect(lines).toEqual([
      'archive: 5 entries (1 symlink), 14.3 KiB',
      'largest files:',
      '     8.8 KiB  gone.txt',
      '     4.9 KiB  b.png',
      'excluded:',
      '  .git/: excluded 1 directory',
      '  node_modules/: matched nothing',
      '  exclude:1: excluded 3 files (2.9 KiB)',
      '  .deployignore:2: kept 1 file (300 B)',
      '  .deployignore:4: matched nothing',
      'left out:',
      '  pipe: fifo',
      'no package.json at the root',
    ]);
  });

  it('formats sizes in binary units', () => {
    expect([0, 1023, 1536, 5 * 1024 ** 2, 3.25 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1.5 KiB',
      '5.0 MiB',
      '3.3 GiB',
    ]);
  });
});
