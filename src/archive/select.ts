import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { buildExcludeRules, type ExcludeRules } from './exclude-rules.js';
import { resolveLink } from './resolve-link.js';
import { nodeWalkFs, type WalkFs } from './walk-fs.js';
import type { ArchivePlan, PlanEntry, SkipReason, SkippedPath } from './types.js';

/** The walk is synchronous; it lets timers and other work in after this many directories. */
const YIELD_EVERY_DIRS = 64;

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

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? 'error';
const gone = (err: unknown) => code(err) === 'ENOENT' || code(err) === 'ENOTDIR';
const why = (err: unknown) => (code(err) === 'EACCES' || code(err) === 'EPERM' ? 'permission denied' : code(err));

/**
 * Walks `root` once and decides what the zip will hold. An excluded directory is never read,
 * so a large node_modules costs one name test. Nothing is followed out of the root.
 */
export async function planArchive(opts: PlanOptions): Promise<ArchivePlan> {
  const fs: WalkFs = { ...nodeWalkFs, ...opts.fs };
  const root = path.resolve(opts.root);
  let rootReal: string;
  try {
    rootReal = fs.realpath(root);
  } catch (err) {
    throw new Error(`path "${opts.root}" not found; check the path input`, { cause: err });
  }
  if (!fs.lstat(rootReal).isDirectory()) throw new Error(`path "${opts.root}" is not a directory`);
  const rules = buildExcludeRules({ exclude: opts.exclude, excludeFrom: readExcludeFrom(fs, root, opts) });

  const skipped: SkippedPath[] = [];
  const walk = new Walk(fs, rules, rootReal, opts.warn, (rel, reason) => {
    skipped.push({ path: rel, reason });
    opts.warn?.(`"${rel}" ${SKIP_WORDS[reason]}; left out of the archive`);
  });
  const dirs: { abs: string; rel: string }[] = [{ abs: root, rel: '' }];
  for (let n = 1, dir = dirs.pop(); dir; n++, dir = dirs.pop()) {
    dirs.push(...walk.directory(dir.abs, dir.rel));
    if (n % YIELD_EVERY_DIRS === 0) await nextTurn();
  }

  const entries = walk.entries.sort((a, b) => compareUtf8(a.name, b.name));
  return {
    root,
    entries,
    totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
    skipped: skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    excluded: rules.rules,
  };
}

/**
 * Orders strings by their UTF-8 bytes without encoding them: UTF-16 code units already sort
 * that way, except that surrogates (code points past U+FFFF) must come after U+E000-U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

function readExcludeFrom(fs: WalkFs, root: string, opts: PlanOptions): string | undefined {
  if (!opts.excludeFromFile) return undefined;
  try {
    return fs.readFile(path.resolve(root, opts.excludeFromFile));
  } catch (err) {
    throw new Error(
      `exclude-from file "${opts.excludeFromFile}" cannot be read (${code(err)}); give a path relative to the path input`,
      { cause: err },
    );
  }
}

class Walk {
  readonly entries: PlanEntry[] = [];

  constructor(
    private readonly fs: WalkFs,
    private readonly rules: ExcludeRules,
    private readonly rootReal: string,
    private readonly warn: ((message: string) => void) | undefined,
    private readonly skip: (rel: string, reason: SkipReason) => void,
  ) {}

  /** Reads one directory; returns the subdirectories still to walk. */
  directory(abs: string, rel: string): { abs: string; rel: string }[] {
    let dirents;
    try {
      dirents = this.fs.readdir(abs);
    } catch (err) {
      if (gone(err)) {
        this.skip(rel, 'vanished');
        return [];
      }
      throw new Error(`cannot read directory "${rel || '.'}" (${why(err)}); make it readable or exclude it`, {
        cause: err,
      });
    }
    const subdirs: { abs: string; rel: string }[] = [];
    for (const d of dirents) {
      const childRel = rel ? `${rel}/${d.name}` : d.name;
      const childAbs = abs.endsWith(path.sep) ? abs + d.name : abs + path.sep + d.name;
      const isDir = d.isDirectory();
      const rule = this.rules.match(isDir ? `${childRel}/` : childRel);
      if (rule >= 0) {
        this.rules.rules[rule]![isDir ? 'dirs' : 'files']++;
      } else if (isDir) {
        subdirs.push({ abs: childAbs, rel: childRel });
      } else if (d.isFile()) {
        this.file(childAbs, childRel);
      } else if (d.isSymbolicLink()) {
        this.link(childAbs, childRel);
      } else {
        this.skip(childRel, d.isFIFO() ? 'fifo' : d.isSocket() ? 'socket' : 'device');
      }
    }
    return subdirs;
  }

  private file(abs: string, rel: string): void {
    let st;
    try {
      st = this.fs.lstat(abs);
    } catch (err) {
      if (!gone(err))
        throw new Error(`cannot read "${rel}" (${why(err)}); make it readable or exclude it`, { cause: err });
    }
    if (!st?.isFile()) return this.skip(rel, 'vanished');
    const mode = st.mode & 0o111 ? 0o755 : 0o644;
    this.entries.push({ name: rel, absPath: abs, size: st.size, mode, kind: 'file' });
  }

  private link(abs: string, rel: string): void {
    const outcome = resolveLink(this.fs, abs, rel, this.rootReal);
    if ('skip' in outcome) return this.skip(rel, outcome.skip);
    const { target, targetRel } = outcome;
    if (targetRel !== '' && (this.rules.match(targetRel) >= 0 || this.rules.match(`${targetRel}/`) >= 0)) {
      this.warn?.(`symbolic link "${rel}" points to excluded "${targetRel}"; kept, but it will dangle when unpacked`);
    }
    const size = Buffer.byteLength(target, 'utf8');
    this.entries.push({ name: rel, absPath: abs, size, mode: 0o777, kind: 'symlink', linkTarget: target });
  }
}
