/** One entry of the zip, as the walk found it. Names are POSIX paths relative to the root. */
export interface PlanEntry {
  name: string;
  absPath: string;
  /** Bytes on disk at planning time (the link text's length for a symlink). */
  size: number;
  /** Normalised permission bits: 0o644 or 0o755 for files, 0o777 for symlinks. */
  mode: number;
  kind: 'file' | 'symlink';
  /** For a symlink: where it points, relative to the link's directory, POSIX separators. */
  linkTarget?: string;
}

export type SkipReason =
  'symlink-outside-root' | 'symlink-dangling' | 'symlink-loop' | 'fifo' | 'socket' | 'device' | 'vanished';

export interface SkippedPath {
  path: string;
  reason: SkipReason;
}

export type RuleSource = 'default' | 'exclude' | 'exclude-from';

/**
 * What one exclude rule removed. A directory a rule matches is pruned whole, without reading
 * it, so its contents count once under `dirs` and never under `files`: counting them would
 * cost the walk that pruning exists to avoid.
 */
export interface RuleCount {
  source: RuleSource;
  pattern: string;
  files: number;
  dirs: number;
}

export interface ArchivePlan {
  /** Absolute path of the directory the entries are relative to. */
  root: string;
  /** Sorted by the UTF-8 bytes of `name`. */
  entries: PlanEntry[];
  /** Sum of `size` over the entries. */
  totalBytes: number;
  skipped: SkippedPath[];
  /** One row per rule, in the order the rules apply (defaults, `exclude`, exclude-from file). */
  excluded: RuleCount[];
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
  /** Entries of the plan that had vanished by the time they were read. */
  skipped: SkippedPath[];
}
