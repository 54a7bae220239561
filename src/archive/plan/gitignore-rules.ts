import ignore, { type Ignore } from 'ignore';
import { groupDigits } from '../../util/format.js';
import { splitLines } from '../../util/lines.js';
import { MAX_RULES_PER_SOURCE } from './exclude-rules.js';

/**
 * Folder names that usually hold build output: a `.gitignore` lists them because they are built,
 * and a deploy that respects it leaves out what the app may need to run.
 */
export const BUILD_OUTPUT_DIRS: readonly string[] = [
  'dist',
  'build',
  'out',
  '.next',
  '.nuxt',
  '.output',
  '.svelte-kit',
];

interface GitignoreFile {
  ig: Ignore;
  /** The folder it sits in, relative to the archived root ('' for the root and the folders above it). */
  under: string;
  /** What is put before a path below `under` to make it relative to the file's own folder. */
  prefix: string;
}

/**
 * The workspace's `.gitignore` files, each applied to its own folder as git applies them: a
 * pattern is relative to the folder of the file that holds it, and a deeper file decides before
 * a shallower one (its `!` can put back what a parent's file left out).
 */
export class GitignoreRules {
  private readonly files: GitignoreFile[] = [];
  /** What they left out: folders pruned whole (not read) and single files. */
  readonly leftOut = { files: 0, dirs: 0 };
  /** Folders left out that look like build output (`dist/`, `.next/`), relative to the root. */
  readonly buildOutputDirs: string[] = [];

  /** `onLeftOut` hears each folder and file left out, as it is counted. */
  constructor(private readonly onLeftOut?: (rel: string, isDir: boolean) => void) {}

  /**
   * Adds the `.gitignore` of folder `under` (relative to the root, '' for the root). `prefix`: for
   * a file in a folder above the root, the root's path relative to that folder, with a final `/`.
   */
  add(shown: string, text: string, under: string, prefix = ''): void {
    const patterns = splitLines(text).filter((line) => line.trim() !== '' && !line.startsWith('#'));
    if (patterns.length > MAX_RULES_PER_SOURCE) {
      throw new Error(
        `input "respect-gitignore": ${shown} holds ${groupDigits(patterns.length)} rules, more than the ${groupDigits(MAX_RULES_PER_SOURCE)} one file may hold; set respect-gitignore to false, or shorten it`,
      );
    }
    if (patterns.length === 0) return;
    const ig = ignore({ ignorecase: false, allowRelativePaths: true }).add(patterns);
    this.files.push({ ig, under, prefix });
  }

  /** Whether a `.gitignore` leaves out `rel` (a folder is tested as `rel/`); counts what it did. */
  ignores(rel: string, isDir: boolean): boolean {
    for (let i = this.files.length - 1; i >= 0; i--) {
      const f = this.files[i]!;
      if (f.under !== '' && !rel.startsWith(`${f.under}/`)) continue;
      const sub = f.prefix + (f.under === '' ? rel : rel.slice(f.under.length + 1));
      const result = f.ig.test(isDir ? `${sub}/` : sub);
      if (result.unignored) return false;
      if (!result.ignored) continue;
      if (isDir) {
        this.leftOut.dirs++;
        const name = rel.slice(rel.lastIndexOf('/') + 1);
        if (BUILD_OUTPUT_DIRS.includes(name)) this.buildOutputDirs.push(rel);
      } else this.leftOut.files++;
      this.onLeftOut?.(rel, isDir);
      return true;
    }
    return false;
  }
}
