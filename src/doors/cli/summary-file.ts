/**
 * `--summary FILE`: the one file the program writes where the user points it, often inside a
 * checkout. A checkout can hold a symbolic link by that name (committed by anyone who can open
 * a pull request) that leads anywhere the user may write, so the file must be a regular file or
 * not exist yet: checked before the first request, and again by the write itself, which does
 * not follow a link put there during the run.
 */
import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const WHAT_TO_DO = 'give a path to a regular file, or one that does not exist yet';

/** What is wrong with the path for a summary, as an input problem; null when it may be written. */
export function summaryFileProblem(file: string, cwd: string): string | null {
  let kind: string;
  try {
    const stats = lstatSync(resolve(cwd, file));
    if (stats.isFile()) return null;
    kind = stats.isSymbolicLink()
      ? 'a symbolic link'
      : stats.isDirectory()
        ? 'a directory'
        : 'not a regular file (a FIFO, a socket or a device)';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Created when the run ends; a folder that is missing then is said as a warning.
    if (code === 'ENOENT') return null;
    kind = `not readable (${code ?? (err as Error).message})`;
  }
  return `flag --summary "${file}" is ${kind}: ${WHAT_TO_DO}`;
}

// Node has neither flag on Windows: there the check before the first request is the guard.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
// A FIFO put there meanwhile would block the open until a reader came; this makes it fail instead.
const NO_BLOCK = constants.O_NONBLOCK ?? 0;

/** Writes the summary, refusing a link or anything but a regular file put there since the check. */
export function writeSummaryFile(file: string, cwd: string, text: string): void {
  const path = resolve(cwd, file);
  const changed = `--summary "${file}" was changed during the run into something not a regular file; not written (${WHAT_TO_DO})`;
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | NO_FOLLOW | NO_BLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENXIO') throw new Error(changed);
    throw err;
  }
  try {
    // Emptied only once it is known to be a regular file (O_TRUNC would act before the look).
    if (!fstatSync(fd).isFile()) throw new Error(changed);
    ftruncateSync(fd);
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
