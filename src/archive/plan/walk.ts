import { checkEntryName, escapeName } from './entry-name.js';
import { LOCAL_ENV_RULE, type ExcludeRules } from './exclude-rules.js';
import type { GitignoreRules } from './gitignore-rules.js';
import { resolveLink } from './resolve-link.js';
import type { EntryStat, PathApi, WalkFs } from './walk-fs.js';
import type { PlanEntry, SkipReason, SkippedPath } from '../types.js';

/** A directory still to read, with the identity it had when its parent listed it. */
export interface PendingDir {
  abs: string;
  rel: string;
  dev: number;
  ino: number;
  /** Kept by a `!` exclude rule: the `.gitignore` files have no say below it. */
  kept?: boolean;
}

/** How many names of files the default `.env*.local` rule left out are kept, to be named. */
const LOCAL_ENV_NAMED = 20;

/** What `respect-gitignore` needs of the walk: the rules, and a way to read a folder's `.gitignore`. */
export interface WalkGitignore {
  rules: GitignoreRules;
  /** Reads the `.gitignore` of `dir` (its listing has one) into `rules`. */
  load(dir: PendingDir): void;
}

const GITIGNORE = Buffer.from('.gitignore');

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? 'error';
const gone = (err: unknown) => code(err) === 'ENOENT' || code(err) === 'ENOTDIR';
const why = (err: unknown) => (code(err) === 'EACCES' || code(err) === 'EPERM' ? 'permission denied' : code(err));

/** What reading one directory found, kept apart until the directory proves it was not swapped. */
interface Found {
  entries: PlanEntry[];
  subdirs: PendingDir[];
  skipped: (SkippedPath & { why?: string })[];
}

/**
 * Reads directories one at a time and decides each name. Nothing is followed: a directory is
 * read only while it is still the directory its parent listed (same device and inode, not a
 * link), checked before and after the read, so one swapped for a link to somewhere else in the
 * meantime yields nothing from there.
 */
export class Walk {
  readonly entries: PlanEntry[] = [];
  /** Files the default `.env*.local` rule left out (the first LOCAL_ENV_NAMED of them). */
  readonly localEnvLeftOut: string[] = [];
  /** How many files the default `.env*.local` rule left out. */
  localEnvCount = 0;

  constructor(
    private readonly fs: WalkFs,
    private readonly path: PathApi,
    private readonly rules: ExcludeRules,
    private readonly rootReal: string,
    private readonly warn: ((message: string) => void) | undefined,
    private readonly skip: (path: string, reason: SkipReason, why?: string) => void,
    private readonly gitignore?: WalkGitignore,
  ) {}

  /** Reads one directory; returns the subdirectories still to walk. */
  directory(dir: PendingDir): PendingDir[] {
    if (!this.unchanged(dir)) return [];
    let dirents;
    try {
      dirents = this.fs.readdir(dir.abs);
    } catch (err) {
      if (gone(err)) {
        this.skip(dir.rel, 'vanished');
        return [];
      }
      throw new Error(`cannot read directory "${dir.rel || '.'}" (${why(err)}); make it readable or exclude it`, {
        cause: err,
      });
    }
    const found: Found = { entries: [], subdirs: [], skipped: [] };
    if (this.gitignore && dirents.some((d) => d.isFile() && d.name.equals(GITIGNORE))) this.gitignore.load(dir);
    for (const d of dirents) this.child(dir, d, found);
    if (!this.unchanged(dir)) return [];
    this.entries.push(...found.entries);
    for (const s of found.skipped) this.skip(s.path, s.reason, s.why);
    return found.subdirs;
  }

  /** Whether `dir` is still the directory that was listed (the root: the one first seen). */
  private unchanged(dir: PendingDir): boolean {
    let st: EntryStat;
    try {
      st = this.fs.lstat(dir.abs);
    } catch (err) {
      if (!gone(err)) throw new Error(`cannot read directory "${dir.rel || '.'}" (${why(err)})`, { cause: err });
      this.skip(dir.rel, 'vanished');
      return false;
    }
    if (st.isDirectory() && st.dev === dir.dev && st.ino === dir.ino) return true;
    if (dir.rel === '') throw new Error('the directory to archive was replaced while it was being read');
    this.skip(dir.rel, 'replaced');
    return false;
  }

  private child(dir: PendingDir, d: ReturnType<WalkFs['readdir']>[number], found: Found): void {
    const checked = checkEntryName(d.name);
    if ('escaped' in checked) {
      const shown = dir.rel ? `${escapeName(dir.rel)}/${checked.escaped}` : checked.escaped;
      found.skipped.push({ path: shown, reason: 'unsafe-name', why: checked.why });
      return;
    }
    const rel = dir.rel ? `${dir.rel}/${checked.name}` : checked.name;
    const abs = dir.abs.endsWith(this.path.sep) ? dir.abs + checked.name : dir.abs + this.path.sep + checked.name;
    const isDir = d.isDirectory();
    const index = this.rules.match(isDir ? `${rel}/` : rel);
    const rule = index >= 0 ? this.rules.rules[index] : undefined;
    if (rule && !rule.negated) {
      if (isDir) rule.dirs++;
      else {
        rule.files++;
        rule.bytes += this.sizeOf(abs);
        if (rule.source === 'default' && rule.label === LOCAL_ENV_RULE) {
          if (this.localEnvCount++ < LOCAL_ENV_NAMED) this.localEnvLeftOut.push(rel);
        }
      }
      return;
    }
    // A `!` exclude rule keeps what it names whatever a .gitignore says (and, for a folder, all in it).
    const kept = dir.kept === true || rule !== undefined;
    if (!kept && this.gitignore?.rules.ignores(rel, isDir)) return;
    const before = found.entries.length;
    if (isDir) {
      const st = this.stat(abs, rel, found);
      if (st?.isDirectory()) found.subdirs.push({ abs, rel, dev: st.dev, ino: st.ino, ...(kept ? { kept } : {}) });
      else if (st) found.skipped.push({ path: rel, reason: 'replaced' });
    } else if (d.isFile()) {
      this.file(abs, rel, found);
    } else if (d.isSymbolicLink()) {
      this.link(abs, rel, found);
    } else {
      found.skipped.push({ path: rel, reason: d.isFIFO() ? 'fifo' : d.isSocket() ? 'socket' : 'device' });
    }
    // A `!` rule is counted for what it put back.
    if (rule) {
      if (isDir) rule.dirs++;
      else if (found.entries.length > before) {
        rule.files++;
        rule.bytes += found.entries[found.entries.length - 1]!.size;
      }
    }
  }

  /** lstat, or undefined (recorded as vanished) when the name is gone. */
  private stat(abs: string, rel: string, found: Found): EntryStat | undefined {
    try {
      return this.fs.lstat(abs);
    } catch (err) {
      if (!gone(err))
        throw new Error(`cannot read "${rel}" (${why(err)}); make it readable or exclude it`, { cause: err });
      found.skipped.push({ path: rel, reason: 'vanished' });
      return undefined;
    }
  }

  private excludes(relPath: string): boolean {
    const index = this.rules.match(relPath);
    return index >= 0 && !this.rules.rules[index]!.negated;
  }

  private sizeOf(abs: string): number {
    try {
      return this.fs.lstat(abs).size;
    } catch {
      return 0;
    }
  }

  private file(abs: string, rel: string, found: Found): void {
    const st = this.stat(abs, rel, found);
    if (!st) return;
    if (!st.isFile()) return void found.skipped.push({ path: rel, reason: 'replaced' });
    const mode = st.mode & 0o111 ? 0o755 : 0o644;
    found.entries.push({ name: rel, absPath: abs, size: st.size, mode, kind: 'file', dev: st.dev, ino: st.ino });
  }

  private link(abs: string, rel: string, found: Found): void {
    const st = this.stat(abs, rel, found);
    if (!st) return;
    if (!st.isSymbolicLink()) return void found.skipped.push({ path: rel, reason: 'replaced' });
    const outcome = resolveLink(this.fs, this.path, abs, rel, this.rootReal);
    if ('skip' in outcome) return void found.skipped.push({ path: rel, reason: outcome.skip });
    const { target, targetRel } = outcome;
    // The target is stored as the link's bytes and shown in warnings: it must be as safe as a name
    // (and a U+FFFD may stand for bytes that were not UTF-8, so the link would lead elsewhere).
    const unsafe = (seg: string) => seg.includes('\ufffd') || 'escaped' in checkEntryName(Buffer.from(seg, 'utf8'));
    if (targetRel.split('/').some((seg) => seg !== '' && unsafe(seg))) {
      return void found.skipped.push({ path: rel, reason: 'unsafe-target' });
    }
    if (targetRel !== '' && (this.excludes(targetRel) || this.excludes(`${targetRel}/`))) {
      this.warn?.(`symbolic link "${rel}" points to excluded "${targetRel}"; kept, but it will dangle when unpacked`);
    }
    const size = Buffer.byteLength(target, 'utf8');
    found.entries.push({
      name: rel,
      absPath: abs,
      size,
      mode: 0o777,
      kind: 'symlink',
      linkTarget: target,
      dev: st.dev,
      ino: st.ino,
    });
  }
}
