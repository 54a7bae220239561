import { isInside, type PathApi, type WalkFs } from './walk-fs.js';
import type { SkipReason } from '../types.js';

export type LinkOutcome = { target: string; targetRel: string } | { skip: SkipReason };

/**
 * Decides what a symlink becomes: a link entry when it resolves inside the root, written as the
 * relative path from the link's directory to what it resolves to (so an absolute or roundabout
 * link still works wherever the zip is unpacked); otherwise left out, with why.
 */
export function resolveLink(fs: WalkFs, path: PathApi, absPath: string, rel: string, rootReal: string): LinkOutcome {
  let real: string;
  try {
    real = fs.realpath(absPath);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { skip: 'symlink-loop' };
    if (code === 'ENOENT' || code === 'ENOTDIR') return { skip: 'symlink-dangling' };
    throw new Error(`cannot resolve symbolic link "${rel}" (${code ?? 'unknown error'})`, { cause: err });
  }
  if (!isInside(path, rootReal, real)) return { skip: 'symlink-outside-root' };
  const fromRoot = path.relative(rootReal, real);
  // Directories below the root are walked, never followed through links, so the link's
  // directory is the root's real path joined with its relative one.
  const linkDir = path.join(rootReal, ...rel.split('/').slice(0, -1));
  const target = path.relative(linkDir, real).split(path.sep).join('/') || '.';
  return { target, targetRel: fromRoot.split(path.sep).join('/') };
}
