/**
 * The resolver of the path inputs of both actions (the deploy's `path` and `exclude-from`, the
 * emulator action's `seed`): what the text names (src/inputs/workspace-path.ts) must also be, once symbolic links are followed, inside the workspace and of the kind wanted (a
 * regular file, or a directory). A committed link to /etc/passwd or to the runner's home must not
 * be read, and no error here ever holds a byte of what the path leads to: only the input's name,
 * the path as given and what is wrong.
 */
import { realpath, stat } from 'node:fs/promises';
import nodePath from 'node:path';
import { isInside } from '../../util/path-api.js';
import { quote } from '../../inputs/quote.js';
import { resolveInside } from '../../inputs/workspace-path.js';

export type WantedKind = 'file' | 'directory';

export interface WorkspacePathRequest {
  /** The input's name, for errors: `seed`, `exclude-from`, `path`. */
  input: string;
  /** The value as given. */
  value: string;
  /** GITHUB_WORKSPACE. */
  workspace: string;
  /** What a relative value is taken from; the workspace by default. */
  base?: string;
  kind: WantedKind;
  /** What to say when nothing is there (e.g. "check out the code first"). */
  missingHint?: string;
}

/** An input's path that is not usable; its message is safe to show (no file content). */
export class WorkspacePathError extends Error {
  override readonly name = 'WorkspacePathError';
}

/**
 * The real absolute path the input leads to, checked; or a WorkspacePathError. Relative values
 * are taken from `base`; an absolute one must be inside the workspace too.
 */
export async function resolveWorkspacePath(r: WorkspacePathRequest): Promise<string> {
  const fail = (what: string) => new WorkspacePathError(`input "${r.input}": ${what}`);
  let absolute: string;
  try {
    absolute = resolveInside(r.workspace, r.base ?? r.workspace, r.value);
  } catch (e) {
    throw fail((e as Error).message);
  }
  const s = await stat(absolute).catch(() => null);
  if (!s) {
    throw fail(`${quote(r.value)} does not exist in the workspace${r.missingHint ? `; ${r.missingHint}` : ''}`);
  }
  const [real, root] = await Promise.all([realpath(absolute), realpath(r.workspace)]);
  if (!isInside(nodePath, root, real)) {
    throw fail(
      `${quote(r.value)} leads out of the workspace through a symbolic link; give a ${r.kind} inside the workspace`,
    );
  }
  if (r.kind === 'file' && !s.isFile()) {
    throw fail(
      `${quote(r.value)} is not a regular file (${s.isDirectory() ? 'a directory' : 'a FIFO, socket or device'}); give a file`,
    );
  }
  if (r.kind === 'directory' && !s.isDirectory()) {
    throw fail(`${quote(r.value)} is a file; give the directory to zip`);
  }
  return real;
}
