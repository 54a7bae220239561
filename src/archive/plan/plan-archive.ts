import nodePath from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { compareUtf8 } from './compare-utf8.js';
import { escapeName } from './entry-name.js';
import { buildExcludeRules } from './exclude-rules.js';
import { gitignoreOf } from './gitignore-files.js';
import { readRuleFile } from './rule-file.js';
import { Walk, type PendingDir } from './walk.js';
import { nodeWalkFs, type PathApi, type WalkFs } from './walk-fs.js';
import { groupDigits } from '../../util/format.js';
import type { ArchivePlan, SkipReason, SkippedPath } from '../types.js';

/**
 * The walk is synchronous; it lets timers and other work in after this many directories: often
 * enough that the look-ups started at the first entry are connected, sent and answered while the
 * walk goes on. Every 64 directories kept the first request 15-25 ms longer on the medium bench
 * tree (`npm run bench -- start`); walking the large and medium trees took no longer with 8.
 */
const YIELD_EVERY_DIRS = 8;
/**
 * Turns given up after `onFirstEntry`, so that a request it starts is on the wire before the
 * walk takes the thread again. Measured on loopback: a warm HTTP client's request leaves in
 * one turn (connected, then written), undici's very first one of a process in two.
 */
const TURNS_AFTER_FIRST_ENTRY = 2;

export interface PlanOptions {
  root: string;
  /** gitignore lines (an item may hold several, one per line), added after the defaults. */
  exclude?: readonly string[];
  /** A file of further gitignore lines, relative to `root` (e.g. `.deployignore`). */
  excludeFromFile?: string;
  /**
   * Also leave out what the workspace's `.gitignore` files ignore: those inside `root`, each for
   * its own folder, and those of the folders from `gitignoreTop` (the workspace) down to `root`.
   */
  respectGitignore?: boolean;
  gitignoreTop?: string;
  /** With `respectGitignore`: hears each folder (not read) and file the `.gitignore` files leave out. */
  onGitignored?: (rel: string, isDir: boolean) => void;
  warn?: (message: string) => void;
  /** Replaces file-system calls, for tests. */
  fs?: Partial<WalkFs>;
  /** Path semantics: node's own by default; `path.win32` lets a test here walk as Windows does. */
  path?: PathApi;
  /**
   * Called once, as soon as the walk has kept its first entry (a file or a link that will be in
   * the zip): from then on the plan cannot come out empty, and a caller may start work that only
   * a non-empty plan justifies while the rest is walked. Not called for an empty plan, nor
   * before the root and the exclude-from file have been checked.
   */
  onFirstEntry?: () => void;
}

export const SKIP_WORDS: Record<SkipReason, string> = {
  'symlink-outside-root': 'is a symbolic link to something outside the archived directory',
  'symlink-dangling': 'is a symbolic link to nothing',
  'symlink-loop': 'is a symbolic link in a loop',
  fifo: 'is a FIFO',
  socket: 'is a socket',
  device: 'is a device',
  vanished: 'vanished during the walk',
  replaced: 'was replaced (by a link or another file) during the walk',
  'unsafe-name': 'has a name that cannot go in a zip safely',
  'unsafe-target': 'is a symbolic link whose target name cannot go in a zip safely',
};

/**
 * Walks `root` once and decides what the zip will hold. An excluded directory is never read,
 * so a large node_modules costs one name test. Nothing is followed out of the root, and no
 * name goes in that could not be unpacked as itself everywhere.
 */
export async function planArchive(opts: PlanOptions): Promise<ArchivePlan> {
  const fs: WalkFs = { ...nodeWalkFs, ...opts.fs };
  const path = opts.path ?? nodePath;
  const root = path.resolve(opts.root);
  let rootReal: string;
  try {
    rootReal = fs.realpath(root);
  } catch (err) {
    throw new Error(`path "${escapeName(opts.root)}" not found; check the path input`, { cause: err });
  }
  const rootStat = fs.lstat(rootReal);
  if (!rootStat.isDirectory()) throw new Error(`path "${escapeName(opts.root)}" is not a directory`);
  const excludeFrom = opts.excludeFromFile
    ? {
        name: escapeName(opts.excludeFromFile.split(path.sep).join('/')),
        text: readRuleFile({ root, rootReal, rel: opts.excludeFromFile, path, fs }),
      }
    : undefined;
  const rules = buildExcludeRules({ exclude: opts.exclude, excludeFrom });

  const gitignore = opts.respectGitignore
    ? gitignoreOf({ gitignoreTop: opts.gitignoreTop, warn: opts.warn, onLeftOut: opts.onGitignored }, fs, path, root)
    : undefined;

  const skipped: SkippedPath[] = [];
  const walk = new Walk(
    fs,
    path,
    rules,
    rootReal,
    opts.warn,
    (rel, reason, why) => {
      skipped.push({ path: rel, reason });
      const words = why ? `${SKIP_WORDS[reason]} (it ${why})` : SKIP_WORDS[reason];
      opts.warn?.(`"${rel}" ${words}; left out of the archive`);
    },
    gitignore,
  );
  const dirs: PendingDir[] = [{ abs: rootReal, rel: '', dev: rootStat.dev, ino: rootStat.ino }];
  let onFirstEntry = opts.onFirstEntry;
  for (let n = 1, dir = dirs.pop(); dir; n++, dir = dirs.pop()) {
    dirs.push(...walk.directory(dir));
    if (onFirstEntry && walk.entries.length > 0) {
      onFirstEntry();
      onFirstEntry = undefined;
      for (let turn = 0; turn < TURNS_AFTER_FIRST_ENTRY; turn++) await nextTurn();
    } else if (n % YIELD_EVERY_DIRS === 0) await nextTurn();
  }

  const entries = walk.entries.sort((a, b) => compareUtf8(a.name, b.name));
  // Names come from distinct byte names of directories, checked to be valid UTF-8, so two equal
  // names would be a bug here; a zip with both would unpack one over the other.
  for (let i = 1; i < entries.length; i++) {
    if (entries[i - 1]!.name === entries[i]!.name) {
      throw new Error(`two entries named "${escapeName(entries[i]!.name)}" were planned; this is a bug`);
    }
  }
  const unmatchedRules = rules.rules
    .filter((r) => r.source !== 'default' && r.files + r.dirs === 0)
    .map((r) => r.label);
  const unmatched = unmatchedWarning(unmatchedRules);
  if (unmatched) opts.warn?.(unmatched);
  return {
    root,
    entries,
    totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
    skipped: skipped.sort((a, b) => compareUtf8(a.path, b.path)),
    rules: rules.rules,
    unmatchedRules,
    hasRootPackageJson: entries.some((e) => e.name === 'package.json'),
    localEnvLeftOut: { count: walk.localEnvCount, names: walk.localEnvLeftOut.sort(compareUtf8) },
    ...(gitignore
      ? {
          gitignored: {
            ...gitignore.rules.leftOut,
            buildOutputDirs: gitignore.rules.buildOutputDirs.sort(compareUtf8),
          },
        }
      : {}),
  };
}

/** How many unmatched rules one warning names: the rest are counted. */
export const UNMATCHED_NAMED = 5;

/**
 * One warning for every rule that matched nothing, however many: a generated list of thousands
 * of stale paths must not become thousands of annotations.
 */
export function unmatchedWarning(labels: readonly string[]): string | null {
  if (labels.length === 0) return null;
  const how =
    'patterns are matched against paths relative to the path input ("/x" anchors one there, "x/" matches directories only)';
  if (labels.length === 1) return `exclude rule ${labels[0]} matched nothing; ${how}`;
  const named = labels.slice(0, UNMATCHED_NAMED).join(', ');
  const more = labels.length > UNMATCHED_NAMED ? ` and ${groupDigits(labels.length - UNMATCHED_NAMED)} more` : '';
  return `${groupDigits(labels.length)} exclude rules matched nothing: ${named}${more}; ${how}`;
}
