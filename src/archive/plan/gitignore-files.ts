import nodePath from 'node:path';
import { escapeName } from './entry-name.js';
import { GitignoreRules } from './gitignore-rules.js';
import { readRuleFile } from './rule-file.js';
import type { WalkGitignore } from './walk.js';
import { isInside, nodeWalkFs, type PathApi, type WalkFs } from './walk-fs.js';

export interface GitignoreFilesOptions {
  /** The workspace: the `.gitignore` files of the folders from it down to the root apply too. */
  gitignoreTop?: string;
  warn?: (message: string) => void;
  /** Hears each folder (its contents are not read) and file the `.gitignore` files leave out. */
  onLeftOut?: (rel: string, isDir: boolean) => void;
}

/**
 * The `.gitignore` files of the folders above the root (read now) and a loader for those the walk
 * finds. One that cannot be read safely (a link, not a regular file, over 1 MiB, not UTF-8) is
 * not applied, with a warning: it is the workspace's, and may be hostile.
 */
export function gitignoreOf(opts: GitignoreFilesOptions, fs: WalkFs, path: PathApi, root: string): WalkGitignore {
  const rules = new GitignoreRules(opts.onLeftOut);
  const read = (dirAbs: string, dirReal: string, shown: string, add: (text: string) => void) => {
    try {
      fs.lstat(path.join(dirAbs, '.gitignore'));
    } catch {
      return;
    }
    let text: string;
    try {
      text = readRuleFile({ root: dirAbs, rootReal: dirReal, rel: '.gitignore', path, fs, shown });
    } catch (err) {
      opts.warn?.(`${(err as Error).message}; it was not applied (respect-gitignore)`);
      return;
    }
    add(text);
  };
  const top = opts.gitignoreTop ? path.resolve(opts.gitignoreTop) : root;
  const above: string[] = [];
  for (let dir = path.dirname(root); isInside(path, top, dir) && dir !== root; dir = path.dirname(dir)) {
    above.unshift(dir);
    if (dir === top || path.dirname(dir) === dir) break;
  }
  for (const dir of above) {
    const rel = path.relative(dir, root).split(path.sep).join('/');
    const shown = `.gitignore of "${escapeName(path.relative(top, dir).split(path.sep).join('/') || '.')}"`;
    read(dir, fs.realpath(dir), shown, (text) => rules.add(shown, text, '', `${rel}/`));
  }
  return {
    rules,
    load(dir) {
      const shown = `"${dir.rel ? `${dir.rel}/` : ''}.gitignore"`;
      read(dir.abs, dir.abs, shown, (text) => rules.add(shown, text, dir.rel));
    },
  };
}

export interface GitignoreListedOptions {
  /** The root the names are relative to (the plan's). */
  root: string;
  gitignoreTop?: string;
  fs?: Partial<WalkFs>;
  path?: PathApi;
}

/**
 * Which of `names` (entries of a plan made without respect-gitignore) the workspace's
 * `.gitignore` files would leave out, decided as the walk decides: each folder on the way from
 * the root first (one left out takes all in it), reading only the `.gitignore` files of those
 * folders, so a few names cost a few small reads. For a hint, so a `.gitignore` that cannot be
 * read or applied lists nothing, silently; a `!` exclude rule that would keep a name is not
 * weighed (it is rare, and the hint only suggests).
 */
export function gitignoreListed(opts: GitignoreListedOptions, names: readonly string[]): string[] {
  const fs: WalkFs = { ...nodeWalkFs, ...opts.fs };
  const path = opts.path ?? nodePath;
  try {
    const root = path.resolve(opts.root);
    const rootReal = fs.realpath(root);
    const { rules, load } = gitignoreOf({ gitignoreTop: opts.gitignoreTop }, fs, path, root);
    // A folder's file is added once, after its parent's: a deeper file then decides first, as in the walk.
    const loaded = new Set<string>();
    const loadOnce = (rel: string) => {
      if (loaded.has(rel)) return;
      loaded.add(rel);
      load({ abs: rel === '' ? rootReal : path.join(rootReal, ...rel.split('/')), rel, dev: 0, ino: 0 });
    };
    return names.filter((name) => {
      const parts = name.split('/');
      for (let i = 0, rel = ''; i < parts.length; i++) {
        loadOnce(rel);
        rel = rel === '' ? parts[i]! : `${rel}/${parts[i]!}`;
        if (rules.ignores(rel, i < parts.length - 1)) return true;
      }
      return false;
    });
  } catch {
    return [];
  }
}
