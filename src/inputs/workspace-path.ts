/**
 * The path decisions of the inputs, as pure functions of text: whether `path` and `exclude-from`
 * stay inside the workspace, and how a path is shown relative to it. Each takes the platform's
 * path semantics (node's own by default), so the decisions windows-latest makes are tested on
 * Linux with `path.win32`. No file system access here: links are checked later, by I/O.
 */
import nodePath from 'node:path';
import { isInside, type PathApi } from '../util/path-api.js';
import { quote } from './quote.js';

/**
 * Resolves `target` against `base` and returns the absolute path, or throws when it lands
 * outside `root`: `..`, another drive (`D:\x`), a share (`\\server\share`), or a sibling whose
 * name merely starts like the root's (`C:\work\repo2` next to `C:\work\repo`). On Windows a path
 * differing from the workspace only in letter case is inside, as it is on NTFS; on Linux and
 * macOS it is not (an absolute path must match the workspace byte for byte there).
 */
export function resolveInside(root: string, base: string, target: string, path: PathApi = nodePath): string {
  const absolute = path.resolve(base, target);
  if (!isInside(path, root, absolute)) {
    throw new Error(`${quote(target)} is outside the workspace; give a path inside it`);
  }
  return absolute;
}

/** `absolute` relative to the workspace, `/`-separated on every platform, `.` for the workspace itself. */
export function workspaceRelative(workspace: string, absolute: string, path: PathApi = nodePath): string {
  return path.relative(workspace, absolute).split(path.sep).join('/') || '.';
}

/** The workspace again, from a path inside it and its `/`-separated name relative to it (the inverse of workspaceRelative). */
export function workspaceOf(absolute: string, relative: string, path: PathApi = nodePath): string {
  const up = relative.split('/').filter((seg) => seg !== '.' && seg !== '');
  return path.resolve(absolute, ...up.map(() => '..'));
}
