/**
 * Where the zip is written. The runner gives every job a RUNNER_TEMP it empties afterwards
 * (`/home/runner/work/_temp`, `D:\a\_temp`, `/Users/runner/work/_temp`); a run outside a runner
 * (a local test, `npm run demo`) may not have one, and falls back to the system's temp dir.
 * Pure: the caller passes the environment and the fallback.
 */
import nodePath from 'node:path';
import type { PathApi } from './path-api.js';

/** RUNNER_TEMP as given (spaces, non-ASCII letters and all), or `fallback()` when it is unset or blank. */
export function tempDirOf(env: Readonly<Record<string, string | undefined>>, fallback: () => string): string {
  const given = env.RUNNER_TEMP;
  return given !== undefined && given.trim() !== '' ? given : fallback();
}

/** The zip's file: a name of our own with a random `id`, in `tempDir`, with the platform's separator. */
export function archiveFileIn(tempDir: string, id: string, path: PathApi = nodePath): string {
  return path.join(tempDir, `headless-deploy-${id}.zip`);
}
