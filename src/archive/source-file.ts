import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * Never follow a link swapped in since the walk (nothing from outside the root may enter the
 * zip) and never block on a FIFO swapped in: reading one then fails at once instead of hanging.
 * Both flags are 0 where the platform lacks them.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Open errors that mean the file is no longer there as the regular file the walk saw. */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);

/** Opens a planned file; undefined when it has vanished since the walk. */
export async function openSource(absPath: string, name: string): Promise<FileHandle | undefined> {
  try {
    return await open(absPath, OPEN_FLAGS);
  } catch (err) {
    if (GONE.has((err as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw readError(name, err);
  }
}

/** Fills `buf` from the current position; fewer bytes than its length means end of file. */
export async function readFull(file: FileHandle, buf: Buffer, name: string): Promise<number> {
  let filled = 0;
  try {
    while (filled < buf.length) {
      const { bytesRead } = await file.read(buf, filled, buf.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
  } catch (err) {
    throw readError(name, err);
  }
  return filled;
}

/** The whole file, expected to be about `expected` bytes; a file that grew is read to its end. */
export async function readAll(file: FileHandle, expected: number, name: string): Promise<Buffer> {
  let buf = Buffer.allocUnsafe(expected + 1);
  let filled = await readFull(file, buf, name);
  while (filled === buf.length) {
    const bigger = Buffer.allocUnsafe(buf.length * 2);
    buf.copy(bigger, 0, 0, filled);
    buf = bigger;
    filled += await readFull(file, buf.subarray(filled), name);
  }
  return buf.subarray(0, filled);
}

function readError(name: string, err: unknown): Error {
  const e = err as NodeJS.ErrnoException;
  const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : (e.code ?? e.message);
  return new Error(`cannot read "${name}" (${why}); make it readable or exclude it`, { cause: err });
}
