/**
 * The one maker of octokit, and what every GitHub call shares: the repository's owner and
 * name, and a refusal explained in terms of the workflow's `permissions:`.
 */
import { getOctokit } from '@actions/github';
import { classifyCode, describeFailure, errorCode } from '../api/network-failure.js';

export type Octokit = ReturnType<typeof getOctokit>;

/**
 * An octokit for `token`, made when a GitHub option is on (`github-deployment`, `pr-comment`), a
 * sweep runs or a kept archive is listed. Asynchronous, so that a throw of getOctokit reaches
 * the callers as a rejection, where they handle GitHub's refusals.
 */
export async function loadOctokit(token: string, apiUrl?: string, fetch?: typeof globalThis.fetch): Promise<Octokit> {
  // `fetch` is the action's own: GitHub calls take the same proxy route as every other request.
  return getOctokit(token, { ...(apiUrl ? { baseUrl: apiUrl } : {}), ...(fetch ? { request: { fetch } } : {}) });
}

/** `owner/repo` (GITHUB_REPOSITORY) → its parts, or null when it is not of that shape. */
export function repoOf(repository: string): { owner: string; repo: string } | null {
  const [owner, repo, ...rest] = repository.split('/');
  return owner && repo && rest.length === 0 ? { owner, repo } : null;
}

/** Why GitHub refused, and what to give the workflow: `permissions: deployments: write`. */
export function explainRefusal(err: unknown, scope: string, apiUrl?: string): string {
  // No answer at all (octokit reports it as a 500 wrapping fetch's error): say what happened.
  const code = errorCode(err);
  if (code && !(err as { response?: unknown }).response) {
    const host = new URL(apiUrl || 'https://api.github.com').host;
    const words = describeFailure({ failure: classifyCode(code), code, host, source: 'GITHUB_API_URL' });
    return `the GitHub API could not be reached: ${words.detail}; ${words.advice}`;
  }
  const status = (err as { status?: number }).status;
  if (status === 403 || status === 404) {
    return `github answered ${status}: give the workflow "permissions: ${scope}"`;
  }
  // GitHub's own words follow the status: its message alone ("Bad credentials", or whatever a
  // gateway answered with a 503) would not say whether to fix the token or run again.
  const message = (err as Error).message;
  if (status === 401) return `github answered 401 (${message}): the token was refused; check github-token`;
  if (status === 429) return `github answered 429 (${message}): GitHub's rate limit; a later run can try again`;
  if (status !== undefined && status >= 500) {
    return `github answered ${status} (${message}): a failure on GitHub's side; a later run can try again`;
  }
  return `github answered${status === undefined ? '' : ` ${status}`}: ${message}`;
}
