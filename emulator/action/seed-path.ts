/**
 * Where the `seed` input leads, checked as the deploy action checks its own path inputs: inside
 * the workspace once symbolic links are followed, and a regular file. A committed link to
 * /etc/passwd or to the runner's home must not be read, and no error here holds a byte of what
 * the path leads to: only the input's name, the path as given, and what is wrong.
 */
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A seed path that is not usable; its message is safe to show (no file content). */
export class SeedPathError extends Error {
  override readonly name = 'SeedPathError';
}

/** The value, JSON-quoted and cut short, so a pasted blob cannot flood the log. */
const quoted = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);

/** Whether `child` is `parent` or below it (not `..`, another drive, or a sibling named like it). */
function within(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return !(isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`));
}

/**
 * The real absolute path of the seed file `value` names, a relative one taken from `workspace`;
 * or a SeedPathError (`input "seed": …`).
 */
export async function resolveSeedPath(value: string, workspace: string): Promise<string> {
  const fail = (what: string) => new SeedPathError(`input "seed": ${quoted(value)} ${what}`);
  const absolute = resolve(workspace, value);
  if (!within(workspace, absolute)) throw fail('is outside the workspace; give a path inside it');
  const found = await stat(absolute).catch(() => null);
  if (!found) throw fail('does not exist in the workspace; a relative path is taken from the workspace');
  const [real, root] = await Promise.all([realpath(absolute), realpath(workspace)]);
  if (!within(root, real)) {
    throw fail('leads out of the workspace through a symbolic link; give a file inside the workspace');
  }
  if (!found.isFile()) {
    throw fail(
      `is not a regular file (${found.isDirectory() ? 'a directory' : 'a FIFO, socket or device'}); give a file`,
    );
  }
  return real;
}
