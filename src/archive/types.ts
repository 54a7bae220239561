/**
 * One entry of the zip, as the walk found it. Names are POSIX paths relative to the root, valid
 * UTF-8 without control characters, backslashes or drive prefixes, and unique in a plan.
 */
export interface PlanEntry {
  name: string;
  absPath: string;
  /** Bytes on disk at planning time (the link text's length for a symlink). */
  size: number;
  /** Normalised permission bits: 0o644 or 0o755 for files, 0o777 for symlinks. */
  mode: number;
  kind: 'file' | 'symlink';
  /**
   * Device and inode the walk saw (lstat, never through a link). The writer reads a file only
   * when the one it opens is still this one.
   */
  dev: number;
  ino: number;
  /** For a symlink: where it points, relative to the link's directory, POSIX separators. */
  linkTarget?: string;
}

export type SkipReason =
  | 'symlink-outside-root'
  | 'symlink-dangling'
  | 'symlink-loop'
  | 'fifo'
  | 'socket'
  | 'device'
  | 'vanished'
  | 'replaced'
  | 'unsafe-name'
  | 'unsafe-target';

export interface SkippedPath {
  /**
   * The entry's name; for an `unsafe-name` skip, the name escaped as a JSON string body
   * (control characters as \u00XX, bytes that are not UTF-8 as \xNN), so it is safe to print.
   */
  path: string;
  reason: SkipReason;
}

export type RuleSource = 'default' | 'exclude' | 'exclude-from';

/**
 * What one exclude rule did. A directory a rule matches is pruned whole, without reading it, so
 * its contents count once under `dirs` and never under `files`: counting them would cost the
 * walk that pruning exists to avoid.
 */
export interface RuleReport {
  source: RuleSource;
  /**
   * How the rule is named wherever it is shown: `exclude:2` (second line of the `exclude`
   * input), `.deployignore:3` (third line of the exclude-from file), or a default's own pattern
   * (`.git/`). The text of a line is never shown: a file in the workspace is not ours to echo.
   */
  label: string;
  /** A `!` rule: it re-includes, and its counts are of what it put back. */
  negated: boolean;
  files: number;
  dirs: number;
  /** Bytes of the files counted in `files` (pruned directories are not measured). */
  bytes: number;
}

export interface ArchivePlan {
  /** Absolute path of the directory the entries are relative to. */
  root: string;
  /** Sorted by the UTF-8 bytes of `name`; no two share a name. */
  entries: PlanEntry[];
  /** Sum of `size` over the entries. */
  totalBytes: number;
  skipped: SkippedPath[];
  /** One row per rule, in the order the rules apply (defaults, `exclude`, exclude-from file). */
  rules: RuleReport[];
  /** Labels of the rules the user gave that matched nothing (defaults are never listed). */
  unmatchedRules: string[];
  /** Whether a file (or link) named package.json sits at the root: the build needs one. */
  hasRootPackageJson: boolean;
  /** Files the default `.env*.local` rule left out: how many, and the first 20 names. */
  localEnvLeftOut?: { count: number; names: string[] };
  /** With `respectGitignore`: what the `.gitignore` files left out, and folders that look like build output. */
  gitignored?: { files: number; dirs: number; buildOutputDirs: string[] };
}

export interface ArchiveProgress {
  /** Input bytes archived so far. */
  bytesDone: number;
  bytesTotal: number;
  /** Input bytes per second since the start. */
  rate: number;
  elapsedMs: number;
}

export interface WrittenArchive {
  file: string;
  /** Size of the zip file. */
  bytes: number;
  /** Entries written: files and symlinks (the zip holds no directory entries). */
  files: number;
  /** Lower-case hex. */
  sha256: string;
  /** Entries of the plan left out while writing: vanished, or no longer the file planned. */
  skipped: SkippedPath[];
  /** `sha256:{hex}` of what the zip holds (see digest/content-digest.ts), when asked for. */
  contentDigest?: string;
}

/**
 * What one archive held and left out, for the dry-run manifest and the job summary. Every
 * string in it is safe to print: names are checked by the walk, rules are named by label.
 */
export interface ArchiveReport {
  /** Entries in the zip: files plus symlinks. */
  files: number;
  symlinks: number;
  /** Bytes of the entries as they were on disk. */
  totalBytes: number;
  /** Size of the zip, once written. */
  compressedBytes?: number;
  sha256?: string;
  /** The largest files sent, largest first (five unless asked otherwise). */
  largest: { name: string; size: number }[];
  /** Every rule with what it excluded (or, for a `!` rule, put back). */
  rules: RuleReport[];
  /** Labels of the user's rules that matched nothing. */
  unmatchedRules: string[];
  skipped: SkippedPath[];
  hasRootPackageJson: boolean;
}
