import { describe, expect, it } from 'vitest';
import { describePlan, formatBytes, formatManifest, type ArchivePlan } from '../../src/archive/index.js';

const plan: ArchivePlan = {
  root: '/w',
  entries: [
    { name: 'a.js', absPath: '/w/a.js', size: 300, mode: 0o644, kind: 'file' },
    { name: 'b.png', absPath: '/w/b.png', size: 5000, mode: 0o644, kind: 'file' },
    { name: 'c.js', absPath: '/w/c.js', size: 300, mode: 0o644, kind: 'file' },
    { name: 'gone.txt', absPath: '/w/gone.txt', size: 9000, mode: 0o644, kind: 'file' },
    { name: 'link', absPath: '/w/link', size: 4, mode: 0o777, kind: 'symlink', linkTarget: 'a.js' },
  ],
  totalBytes: 14_604,
  skipped: [{ path: 'pipe', reason: 'fifo' }],
  excluded: [
    { source: 'default', pattern: '.git/', files: 0, dirs: 1 },
    { source: 'default', pattern: 'node_modules/', files: 0, dirs: 0 },
    { source: 'exclude', pattern: '*.log', files: 3, dirs: 0 },
  ],
};

describe('describePlan', () => {
  it('counts, sums and ranks the planned entries', () => {
    const m = describePlan(plan, undefined, 3);
    expect(m).toMatchObject({ files: 5, symlinks: 1, totalBytes: 14_604 });
    expect(m.compressedBytes).toBeUndefined();
    expect(m.largest).toEqual([
      { name: 'gone.txt', size: 9000 },
      { name: 'b.png', size: 5000 },
      { name: 'a.js', size: 300 },
    ]);
    expect(m.excluded).toEqual(plan.excluded);
    expect(m.excluded).not.toBe(plan.excluded);
  });

  it('takes the written size and hash, and counts out what vanished while writing', () => {
    const m = describePlan(plan, {
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
    const lines = formatManifest(describePlan(plan, undefined, 2));
    expect(lines).toEqual([
      'archive: 5 entries (1 symlink), 14.3 KiB',
      'largest files:',
      '     8.8 KiB  gone.txt',
      '     4.9 KiB  b.png',
      'excluded:',
      '  .git/ (default): 1 directory',
      '  node_modules/ (default): nothing',
      '  *.log (exclude): 3 files',
      'left out:',
      '  pipe: fifo',
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
