/**
 * Which pull request a run is for: the number and head commit from the event payload GitHub
 * writes to GITHUB_EVENT_PATH, on `pull_request` and `pull_request_target` events only. The
 * payload is outside input, so every field is checked before it is used.
 */
import { readFileSync } from 'node:fs';

export interface PullRequestRef {
  readonly number: number;
  /** The head commit of the pull request (not the merge commit GITHUB_SHA names), or null. */
  readonly headSha: string | null;
}

export const PULL_REQUEST_EVENTS: readonly string[] = ['pull_request', 'pull_request_target'];

/** Pure: the pull request of an event, or null when the event is not a pull request's. */
export function pullRequestOf(eventName: string | undefined, payload: unknown): PullRequestRef | null {
  if (!eventName || !PULL_REQUEST_EVENTS.includes(eventName)) return null;
  if (payload === null || typeof payload !== 'object') return null;
  const p = payload as { number?: unknown; pull_request?: { number?: unknown; head?: { sha?: unknown } } };
  const number = p.pull_request?.number ?? p.number;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) return null;
  const sha = p.pull_request?.head?.sha;
  return { number, headSha: typeof sha === 'string' && /^[0-9a-f]{40}$/i.test(sha) ? sha.toLowerCase() : null };
}

/** Reads GITHUB_EVENT_NAME and the payload at GITHUB_EVENT_PATH; null when either is missing or unreadable. */
export function readPullRequest(env: NodeJS.ProcessEnv): PullRequestRef | null {
  const name = env.GITHUB_EVENT_NAME;
  if (!name || !PULL_REQUEST_EVENTS.includes(name) || !env.GITHUB_EVENT_PATH) return null;
  try {
    return pullRequestOf(name, JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')));
  } catch {
    return null;
  }
}
