import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Never follow a link swapped in since the walk (nothing from outside the root may enter the
 * zip) and never block on a FIFO swapped in: reading one then fails at once instead of hanging.
 * Both flags are 0 where the platform lacks them.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Open errors that mean the file is no longer there as the regular file the walk saw. */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

/*
 * Reads are synchronous on purpose: the tree was just written or checked out, so it is in the
 * page cache, where a read is a memory copy. Sending each of thousands of small reads through
 * the threadpool costs more than the copy, and leaves the threadpool to the deflate jobs.
 */

export type OpenOutcome = { fd: number; size: number } | { skip: 'vanished' | 'replaced' };

/**
 * Opens a planned file and reads its size now. The last name is never followed (O_NOFOLLOW),
 * and what was opened must be the regular file the walk saw (same device and inode): a
 * directory on the way swapped for a link since the walk leads to another inode, so nothing
 * from outside the root is read. Where the platform has no O_NOFOLLOW, the identity check is
 * what refuses a link swapped in (its target is another inode).
 */
export function openSource(entry: { absPath: string; name: string; dev: number; ino: number }): OpenOutcome {
  let fd: number;
  try {
    fd = openSync(entry.absPath, OPEN_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'ELOOP') return { skip: 'replaced' };
    if (GONE.has(code)) return { skip: 'vanished' };
    throw readError(entry.name, err);
  }
  // A FIFO or device swapped in since the walk opens without blocking; it is still not read.
  const st = fstatSync(fd);
  if (st.isFile() && st.dev === entry.dev && st.ino === entry.ino) return { fd, size: st.size };
  closeSync(fd);
  return { skip: 'replaced' };
}

export function closeSource(fd: number): void {
  closeSync(fd);
}

/** Fills `buf` from the current position; fewer bytes than its length means end of file. */
export function readFull(fd: number, buf: Buffer, name: string): number {
  let filled = 0;
  try {
    while (filled < buf.length) {
      const n = readSync(fd, buf, filled, buf.length - filled, null);
      if (n === 0) break;
      filled += n;
    }
  } catch (err) {
    throw readError(name, err);
  }
  return filled;
}

function readError(name: string, err: unknown): Error {
  const e = err as NodeJS.ErrnoException;
  const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : (e.code ?? e.message);
  return new Error(`cannot read "${name}" (${why}); make it readable or exclude it`, { cause: err });
}
