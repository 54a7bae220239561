import path from 'node:path';
import { buildExcludeRules, type ExcludeRules } from './exclude-rules.js';
import { resolveLink } from './resolve-link.js';
import { nodeWalkFs, type WalkFs } from './walk-fs.js';
import type { ArchivePlan, PlanEntry, SkipReason, SkippedPath } from './types.js';

/** lstat and readlink calls in flight at once within one directory. */
const STAT_CONCURRENCY = 32;

export interface PlanOptions {
  root: string;
  /** gitignore lines (an item may hold several, one per line), added after the defaults. */
  exclude?: readonly string[];
  /** A file of further gitignore lines, relative to `root` (e.g. `.deployignore`). */
  excludeFromFile?: string;
  warn?: (message: string) => void;
  /** Replaces file-system calls, for tests. */
  fs?: Partial<WalkFs>;
}

const SKIP_WORDS: Record<SkipReason, string> = {
  'symlink-outside-root': 'is a symbolic link to something outside the archived directory',
  'symlink-dangling': 'is a symbolic link to nothing',
  'symlink-loop': 'is a symbolic link in a loop',
  fifo: 'is a FIFO',
  socket: 'is a socket',
  device: 'is a device',
  vanished: 'vanished during the walk',
};

/**
 * Walks `root` once and decides what the zip will hold. An excluded directory is never read,
 * so a large node_modules costs one name test. Nothing is followed out of the root.
 */
export async function planArchive(opts: PlanOptions): Promise<ArchivePlan> {
  const fs: WalkFs = { ...nodeWalkFs, ...opts.fs };
  const root = path.resolve(opts.root);
  const rootReal = await fs.realpath(root).catch((err: unknown) => {
    throw new Error(`path "${opts.root}" not found; check the path input`, { cause: err });
  });
  if (!(await fs.lstat(rootReal)).isDirectory()) throw new Error(`path "${opts.root}" is not a directory`);
  const rules = buildExcludeRules({ exclude: opts.exclude, excludeFrom: await readExcludeFrom(fs, root, opts) });

  const entries: PlanEntry[] = [];
  const skipped: SkippedPath[] = [];
  const skip = (rel: string, reason: SkipReason) => {
    skipped.push({ path: rel, reason });
    opts.warn?.(`"${rel}" ${SKIP_WORDS[reason]}; left out of the archive`);
  };
  const walk = new Walk(fs, rules, rootReal, entries, skip, opts.warn);
  const dirs: { abs: string; rel: string }[] = [{ abs: root, rel: '' }];
  for (let dir = dirs.pop(); dir; dir = dirs.pop()) dirs.push(...(await walk.directory(dir.abs, dir.rel)));

  const keys = new Map(entries.map((e) => [e, Buffer.from(e.name, 'utf8')]));
  entries.sort((a, b) => Buffer.compare(keys.get(a)!, keys.get(b)!));
  return {
    root,
    entries,
    totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
    skipped: skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    excluded: rules.rules,
  };
}

async function readExcludeFrom(fs: WalkFs, root: string, opts: PlanOptions): Promise<string | undefined> {
  if (!opts.excludeFromFile) return undefined;
  try {
    return await fs.readFile(path.resolve(root, opts.excludeFromFile));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      `exclude-from file "${opts.excludeFromFile}" cannot be read (${code ?? 'error'}); give a path relative to the path input`,
      { cause: err },
    );
  }
}

class Walk {
  constructor(
    private readonly fs: WalkFs,
    private readonly rules: ExcludeRules,
    private readonly rootReal: string,
    private readonly entries: PlanEntry[],
    private readonly skip: (rel: string, reason: SkipReason) => void,
    private readonly warn: ((message: string) => void) | undefined,
  ) {}

  /** Reads one directory; returns the subdirectories still to walk. */
  async directory(abs: string, rel: string): Promise<{ abs: string; rel: string }[]> {
    let dirents;
    try {
      dirents = await this.fs.readdir(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        this.skip(rel, 'vanished');
        return [];
      }
      const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'error');
      throw new Error(`cannot read directory "${rel || '.'}" (${why}); make it readable or exclude it`, { cause: err });
    }
    const subdirs: { abs: string; rel: string }[] = [];
    const tasks: (() => Promise<void>)[] = [];
    for (const d of dirents) {
      const childRel = rel ? `${rel}/${d.name}` : d.name;
      const childAbs = path.join(abs, d.name);
      const isDir = d.isDirectory();
      const rule = this.rules.match(isDir ? `${childRel}/` : childRel);
      if (rule >= 0) {
        this.rules.rules[rule]![isDir ? 'dirs' : 'files']++;
      } else if (isDir) {
        subdirs.push({ abs: childAbs, rel: childRel });
      } else if (d.isFile()) {
        tasks.push(() => this.file(childAbs, childRel));
      } else if (d.isSymbolicLink()) {
        tasks.push(() => this.link(childAbs, childRel));
      } else {
        this.skip(childRel, d.isFIFO() ? 'fifo' : d.isSocket() ? 'socket' : 'device');
      }
    }
    await runLimited(tasks, STAT_CONCURRENCY);
    return subdirs;
  }

  private async file(abs: string, rel: string): Promise<void> {
    const st = await this.fs.lstat(abs).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return undefined;
      throw new Error(`cannot read "${rel}" (${err.code ?? 'error'}); make it readable or exclude it`, { cause: err });
    });
    if (!st?.isFile()) return this.skip(rel, 'vanished');
    const mode = st.mode & 0o111 ? 0o755 : 0o644;
    this.entries.push({ name: rel, absPath: abs, size: st.size, mode, kind: 'file' });
  }

  private async link(abs: string, rel: string): Promise<void> {
    const outcome = await resolveLink(this.fs, abs, rel, this.rootReal);
    if ('skip' in outcome) return this.skip(rel, outcome.skip);
    const { target, targetRel } = outcome;
    if (targetRel !== '' && (this.rules.match(targetRel) >= 0 || this.rules.match(`${targetRel}/`) >= 0)) {
      this.warn?.(`symbolic link "${rel}" points to excluded "${targetRel}"; kept, but it will dangle when unpacked`);
    }
    const size = Buffer.byteLength(target, 'utf8');
    this.entries.push({ name: rel, absPath: abs, size, mode: 0o777, kind: 'symlink', linkTarget: target });
  }
}

async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
