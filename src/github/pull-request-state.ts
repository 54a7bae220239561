/**
 * One read of a pull request's state (`GET /repos/{owner}/{repo}/pulls/{n}`), as GitHub answered
 * it: the state; no such pull request (404, 410), naming the repository asked so the caller can
 * say whose pull request it is not; the status and headers of another refusal; or no answer at
 * all. It never retries and throws only when it is cancelled or no request can be made (no
 * GITHUB_REPOSITORY): what to make of an answer (wait for a rate limit, keep the preview) is the
 * caller's decision (src/steps/sweep/github-retry.ts).
 */
import { explainRefusal, loadOctokit, repoOf, type Octokit } from './octokit.js';

export type PullRequestAnswer =
  | { readonly kind: 'found'; readonly state: 'open' | 'closed'; readonly merged: boolean }
  /** GitHub knows no pull request of this number in `repository` (owner/repo); 410: it is gone. */
  | { readonly kind: 'not-found'; readonly status: 404 | 410; readonly repository: string }
  | {
      readonly kind: 'refused';
      readonly status: number;
      /** Lower-case names: retry-after, x-ratelimit-remaining, x-ratelimit-reset. */
      readonly headers: Readonly<Record<string, string | undefined>>;
      readonly message: string;
    }
  | { readonly kind: 'unreachable'; readonly message: string };

export interface PullRequestReaderOptions {
  token: string;
  /** owner/repo (GITHUB_REPOSITORY). */
  repository: string;
  apiUrl?: string;
  /** The action's own fetch (its proxy route). */
  fetch?: typeof fetch;
}

/** How many characters of GitHub's message are kept: enough to say why, not a page. */
const MESSAGE_CHARS = 200;

/** A reader of pull request states; octokit is loaded once, at the first read. */
export function pullRequestStateReader(
  o: PullRequestReaderOptions,
): (number: number, signal?: AbortSignal) => Promise<PullRequestAnswer> {
  let octokit: Promise<Octokit> | null = null;
  return async (number, signal) => {
    const repo = repoOf(o.repository);
    // Not an answer to wait out: no request can be made at all.
    if (!repo)
      throw new Error(`GITHUB_REPOSITORY is "${o.repository}", not owner/repo, so no pull request can be read`);
    octokit ??= loadOctokit(o.token, o.apiUrl, o.fetch);
    try {
      const res = await (
        await octokit
      ).rest.pulls.get({ ...repo, pull_number: number, ...(signal ? { request: { signal } } : {}) });
      return readState(res.data);
    } catch (err) {
      if (signal?.aborted || (err as Error).name === 'AbortError') throw err;
      const response = (err as { response?: { status?: number; headers?: Record<string, unknown> } }).response;
      if (!response || typeof response.status !== 'number') {
        return { kind: 'unreachable', message: explainRefusal(err, 'pull-requests: read', o.apiUrl) };
      }
      if (response.status === 404 || response.status === 410) {
        return { kind: 'not-found', status: response.status, repository: `${repo.owner}/${repo.repo}` };
      }
      return {
        kind: 'refused',
        status: response.status,
        headers: pickHeaders(response.headers ?? {}),
        message: String((err as Error).message ?? '').slice(0, MESSAGE_CHARS),
      };
    }
  };
}

/** Tolerant of what GitHub may add; strict about what decides a deletion. */
function readState(data: unknown): PullRequestAnswer {
  const d = (data ?? {}) as { state?: unknown; merged?: unknown; merged_at?: unknown };
  if (d.state !== 'open' && d.state !== 'closed') {
    return { kind: 'refused', status: 200, headers: {}, message: `unexpected state ${JSON.stringify(d.state)}` };
  }
  const merged = d.merged === true || (typeof d.merged_at === 'string' && d.merged_at !== '');
  return { kind: 'found', state: d.state, merged };
}

const KEPT_HEADERS = ['retry-after', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

function pickHeaders(headers: Record<string, unknown>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (KEPT_HEADERS.includes(key) && value !== undefined && value !== null) out[key] = String(value);
  }
  return out;
}
