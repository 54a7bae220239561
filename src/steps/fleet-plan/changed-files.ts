/**
 * The files changed since a git ref, for the fleet plan: those that differ between HEAD and the
 * merge base of the ref and HEAD (`git diff REF...HEAD`), as a pull request shows them. What is
 * not committed does not count, so a plan is the same on a laptop as in CI for the same commit.
 * Renames count on both sides (`--no-renames`): a file moved out of an app changed that app too.
 * Paths are relative to the workspace (`--relative`), as the fleet's `watch` globs are.
 */
import { execFile } from 'node:child_process';
import { quote } from '../../inputs/quote.js';
import { escapeControl } from '../../util/log-guard.js';

/** Runs git in `cwd`; resolves with stdout, rejects with git's error. */
function git(cwd: string, args: readonly string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', cwd, ...args],
      { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stderr: String(stderr) }));
        else resolve(stdout);
      },
    );
  });
}

/** The first line git wrote to stderr, or why it did not run (`spawn git ENOENT`: no git on the PATH). */
function gitSaid(e: unknown): string {
  const stderr = String((e as { stderr?: string }).stderr ?? '').trim();
  return escapeControl((stderr.split('\n')[0] ?? '') || (e as Error).message.split('\n')[0] || 'git failed');
}

/** Thrown when the ref or the repository cannot give the changed files; its message says what to do. */
export class ChangedFilesError extends Error {
  override readonly name = 'ChangedFilesError';
}

/** False for what git would not take as a ref: a word starting with "-" (it would be read as an option), or one with a space. */
export function isRefShaped(ref: string): boolean {
  return ref !== '' && !ref.startsWith('-') && !/[\0\s]/.test(ref);
}

/** The files changed since `ref`, relative to `workspace`, `/`-separated. */
export async function changedSince(workspace: string, ref: string, signal?: AbortSignal): Promise<string[]> {
  if (!isRefShaped(ref)) {
    throw new ChangedFilesError(`input "changed-since": ${quote(ref)} is not a git ref; give a branch, tag or commit`);
  }
  try {
    await git(workspace, ['rev-parse', '--is-inside-work-tree'], signal);
  } catch (e) {
    throw new ChangedFilesError(
      `input "changed-since" needs a git checkout, and git finds none in the workspace (${gitSaid(e)}); check out the repository first, or leave "changed-since" out to plan every target`,
    );
  }
  try {
    await git(workspace, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], signal);
  } catch {
    throw new ChangedFilesError(
      `input "changed-since": ${quote(ref)} is not a commit of this checkout; fetch it first (actions/checkout with fetch-depth: 0, or git fetch origin ${quote(ref)})`,
    );
  }
  let out: string;
  try {
    out = await git(
      workspace,
      ['diff', '--no-ext-diff', '--name-only', '--no-renames', '--relative', '-z', `${ref}...HEAD`, '--'],
      signal,
    );
  } catch (e) {
    throw new ChangedFilesError(
      `input "changed-since": the files changed since ${quote(ref)} could not be listed (${gitSaid(e)}); a shallow clone has no merge base: fetch the history (fetch-depth: 0)`,
    );
  }
  return out.split('\0').filter((file) => file !== '');
}
