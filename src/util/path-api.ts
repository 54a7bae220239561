/**
 * Path semantics as a parameter. Code that decides something from a path (is it inside the
 * workspace? what is it called relative to it?) takes a `PathApi`, node's own by default, so a
 * test on Linux can pass `path.win32` and check what windows-latest would decide: drive letters,
 * `\` separators, UNC shares, and names that compare case-insensitively.
 */
import type nodePath from 'node:path';

/** The path functions the deciding code uses: node's own, or `path.win32` / `path.posix` in tests. */
export type PathApi = Pick<
  typeof nodePath,
  'resolve' | 'relative' | 'isAbsolute' | 'join' | 'sep' | 'dirname' | 'basename'
>;

/**
 * Whether `child` is `parent` or below it, as the platform compares paths: case-insensitively
 * with `path.win32` (its `relative` ignores case), byte for byte with `path.posix`. Another
 * drive or share gives an absolute `relative`, a sibling such as `repo2` of `repo` gives `..\repo2`:
 * both are outside.
 */
export function isInside(path: PathApi, parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return !(path.isAbsolute(rel) || rel === '..' || rel.startsWith(`..${path.sep}`));
}
