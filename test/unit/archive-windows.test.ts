/**
 * The walk as it runs on windows-latest: `path.win32` semantics (drive letters, `\` separators,
 * paths that compare case-insensitively) over an in-memory disk, so the behaviour there is
 * checked by tests that run here. Entry names in the zip are always POSIX. (How each platform
 * compares paths: workspace-path.test.ts.)
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planArchive, type DirEntry, type EntryStat, type WalkFs } from '../../src/archive/index.js';

type Node = { kind: 'dir' } | { kind: 'file'; size: number } | { kind: 'link'; real: string };

/** A case-insensitive disk keyed by Windows paths, as NTFS behaves by default. */
function memoryDisk(nodes: Record<string, Node>): WalkFs {
  const byKey = new Map(Object.entries(nodes).map(([p, n]) => [p.toLowerCase(), { p, n }]));
  const ids = new Map([...byKey.keys()].map((k, i) => [k, i + 1]));
  const find = (p: string) => {
    const hit = byKey.get(path.win32.resolve(p).toLowerCase());
    if (!hit) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
    return hit;
  };
  const kind = (n: Node) => ({
    isDirectory: () => n.kind === 'dir',
    isFile: () => n.kind === 'file',
    isSymbolicLink: () => n.kind === 'link',
  });
  const stat = (n: Node, key: string): EntryStat => ({
    ...kind(n),
    size: n.kind === 'file' ? n.size : 0,
    mode: 0o666,
    dev: 7,
    ino: ids.get(key)!,
  });
  return {
    readdir(dir) {
      const { p } = find(dir);
      const children: DirEntry[] = [];
      for (const { p: child, n } of byKey.values()) {
        if (path.win32.dirname(child).toLowerCase() !== p.toLowerCase() || child === p) continue;
        const name = Buffer.from(path.win32.basename(child), 'utf8');
        children.push({ name, ...kind(n), isFIFO: () => false, isSocket: () => false });
      }
      return children;
    },
    lstat: (p) => {
      const { n } = find(p);
      return stat(n, path.win32.resolve(p).toLowerCase());
    },
    realpath(p) {
      const { p: real, n } = find(p);
      if (n.kind !== 'link') return real;
      return this.realpath(n.real);
    },
  };
}

describe('planning with Windows path semantics', () => {
  const disk = memoryDisk({
    'C:\\work\\app': { kind: 'dir' },
    'C:\\work\\app\\package.json': { kind: 'file', size: 2 },
    'C:\\work\\app\\src': { kind: 'dir' },
    'C:\\work\\app\\src\\index.js': { kind: 'file', size: 10 },
    'C:\\work\\app\\src\\lib': { kind: 'dir' },
    'C:\\work\\app\\src\\lib\\util.js': { kind: 'file', size: 5 },
    'C:\\work\\app\\docs': { kind: 'dir' },
    'C:\\work\\app\\docs\\guide.md': { kind: 'file', size: 3 },
    'C:\\work\\app\\current': { kind: 'link', real: 'c:\\WORK\\App\\src' },
    'C:\\work\\app\\src\\lib\\up': { kind: 'link', real: 'C:\\work\\app\\package.json' },
    'C:\\work\\app\\other-drive': { kind: 'link', real: 'D:\\secrets\\key' },
    'D:\\secrets\\key': { kind: 'file', size: 1 },
    'C:\\work\\app-sibling': { kind: 'dir' },
    'C:\\work\\app\\sibling': { kind: 'link', real: 'C:\\work\\app-sibling' },
  });

  it('names entries with "/", resolves links case-insensitively, and keeps other drives out', async () => {
    const warnings: string[] = [];
    const plan = await planArchive({
      root: 'c:/work/APP',
      path: path.win32,
      fs: disk,
      exclude: ['./docs/'],
      warn: (m) => warnings.push(m),
    });
    expect(plan.entries.map((e) => [e.name, e.kind, e.linkTarget])).toEqual([
      ['current', 'symlink', 'src'],
      ['package.json', 'file', undefined],
      ['src/index.js', 'file', undefined],
      ['src/lib/up', 'symlink', '../../package.json'],
      ['src/lib/util.js', 'file', undefined],
    ]);
    expect(plan.entries.find((e) => e.name === 'src/lib/util.js')!.absPath).toBe('C:\\work\\app\\src\\lib\\util.js');
    expect(plan.skipped).toEqual([
      { path: 'other-drive', reason: 'symlink-outside-root' },
      { path: 'sibling', reason: 'symlink-outside-root' },
    ]);
    expect(plan.rules.find((r) => r.label === 'exclude:1')).toMatchObject({ dirs: 1 });
    expect(plan.hasRootPackageJson).toBe(true);
    expect(warnings.every((w) => !w.includes('\\'))).toBe(true);
  });

  it('plans a whole drive, whose path already ends with a separator', async () => {
    const drive = memoryDisk({
      'E:\\': { kind: 'dir' },
      'E:\\a.txt': { kind: 'file', size: 1 },
      'E:\\sub': { kind: 'dir' },
      'E:\\sub\\b.txt': { kind: 'file', size: 2 },
    });
    const plan = await planArchive({ root: 'E:/', path: path.win32, fs: drive });
    expect(plan.entries.map((e) => [e.name, e.absPath])).toEqual([
      ['a.txt', 'E:\\a.txt'],
      ['sub/b.txt', 'E:\\sub\\b.txt'],
    ]);
    expect(plan.skipped).toEqual([]);
  });
});
