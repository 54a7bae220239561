/**
 * What the environment says of the repository and the run (src/inputs/types.ts `RunFacts`):
 * GitHub's variables, and whether the event's repository is public, from the payload the runner
 * writes to GITHUB_EVENT_PATH (`repository.private` false, or `repository.visibility` "public").
 * The payload is outside input: a field of another type counts as not said.
 */
import { readFileSync } from 'node:fs';
import type { RunFacts } from '../inputs/types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Pure: whether the payload's repository is public; null when it does not say. */
export function publicRepositoryOf(payload: unknown): boolean | null {
  const repo = (payload as { repository?: { private?: unknown; visibility?: unknown } } | null)?.repository;
  if (repo === null || typeof repo !== 'object') return null;
  if (repo.visibility === 'public' || repo.private === false) return true;
  if (typeof repo.visibility === 'string' || repo.private === true) return false;
  return null;
}

export function runFactsOf(env: Env): RunFacts {
  let payload: unknown = null;
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
    } catch {
      payload = null;
    }
  }
  return {
    repository: env.GITHUB_REPOSITORY || null,
    sha: env.GITHUB_SHA || null,
    runId: env.GITHUB_RUN_ID || null,
    publicRepository: publicRepositoryOf(payload),
  };
}
