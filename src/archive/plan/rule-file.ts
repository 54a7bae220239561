import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { escapeName } from './entry-name.js';
import { isInside, type PathApi, type WalkFs } from './walk-fs.js';

/** A rule file larger than this is refused: no list of patterns needs more, and memory is ours. */
export const RULE_FILE_MAX_BYTES = 1024 * 1024;

/**
 * Refuse a link as the last component, and never block on a FIFO. 0 where the platform lacks
 * the flag; the lstat before and the fstat after the open cover it there.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The fix for a file that is not a list of patterns: most likely the input names the wrong one. */
const NAME_A_FILE = 'give exclude-from a text file of exclude patterns, one a line';

/**
 * Reads a file of the workspace that the action itself consumes (the exclude-from file). The
 * workspace is not trusted: a committed `.deployignore` may be a link to `~/.ssh/id_rsa`, to
 * `/proc/self/environ` or to `../.git/config`, or a FIFO, or huge. So the file must be a regular
 * file, named without a link at its end, whose real path is inside `root`, and at most
 * RULE_FILE_MAX_BYTES of UTF-8. Errors name it only as the input gave it, never by its content.
 */
export function readRuleFile(opts: {
  root: string;
  rootReal: string;
  rel: string;
  path: PathApi;
  fs: WalkFs;
  /** How errors name the file: the exclude-from file unless told otherwise (a `.gitignore`). */
  shown?: string;
}): string {
  const { path, fs } = opts;
  const shown = opts.shown ?? `exclude-from file "${escapeName(opts.rel)}"`;
  const fail = (why: string, cause?: unknown): never => {
    throw new Error(`${shown} ${why}`, cause === undefined ? undefined : { cause });
  };
  const abs = path.resolve(opts.root, opts.rel);
  if (!isInside(path, opts.root, abs)) fail('is outside the path input; give a file inside it');

  let real: string;
  let before;
  try {
    before = fs.lstat(abs);
    real = fs.realpath(abs);
  } catch (err) {
    return fail(`cannot be read (${code(err)}); give a path relative to the path input`, err);
  }
  if (!isInside(path, opts.rootReal, real)) {
    fail('leads out of the path input through a symbolic link; give a file inside it');
  }
  if (before.isSymbolicLink()) fail('is a symbolic link; name the file itself');
  if (!before.isFile()) fail(`is not a regular file; ${NAME_A_FILE}`);

  let fd: number;
  try {
    fd = openSync(abs, OPEN_FLAGS);
  } catch (err) {
    if (code(err) === 'ELOOP') return fail('is a symbolic link; name the file itself', err);
    return fail(`cannot be read (${code(err)}); give a path relative to the path input`, err);
  }
  try {
    const st = fstatSync(fd);
    // What was opened must be what was checked: a swap since the lstat is refused.
    if (!st.isFile() || st.dev !== before.dev || st.ino !== before.ino)
      fail('changed while it was being read; run again, and look for what else writes the workspace');
    if (st.size > RULE_FILE_MAX_BYTES) fail(`is larger than ${RULE_FILE_MAX_BYTES / 1024 / 1024} MiB; ${NAME_A_FILE}`);
    const buf = Buffer.allocUnsafe(RULE_FILE_MAX_BYTES + 1);
    let n = 0;
    for (let got = -1; got !== 0 && n < buf.length; n += got) got = readSync(fd, buf, n, buf.length - n, null);
    if (n > RULE_FILE_MAX_BYTES) fail(`is larger than ${RULE_FILE_MAX_BYTES / 1024 / 1024} MiB; ${NAME_A_FILE}`);
    try {
      return strictUtf8.decode(buf.subarray(0, n));
    } catch {
      return fail(`is not UTF-8 text; save it as UTF-8, or ${NAME_A_FILE}`);
    }
  } catch (err) {
    if (err instanceof Error && err.message.startsWith(shown)) throw err;
    return fail(`cannot be read (${code(err)})`, err);
  } finally {
    closeSync(fd);
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? 'error';
