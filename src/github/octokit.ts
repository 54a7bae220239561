/**
 * The one loader of octokit, and what every GitHub call shares: the repository's owner and
 * name, and a refusal explained in terms of the workflow's `permissions:`.
 */
import type { getOctokit } from '@actions/github';
import { classifyCode, describeFailure, errorCode } from '../api/network-failure.js';

export type Octokit = ReturnType<typeof getOctokit>;

/**
 * Evaluated only when a GitHub option is on, not at every start (~2 MB of RSS at rest). "eager"
 * keeps octokit inside dist/index.js: as a chunk file of its own it saved ~5 MB, but ncc writes
 * dist/licenses.txt once per chunk, and the main bundle's licenses were lost.
 */
export async function loadOctokit(token: string, apiUrl?: string, fetch?: typeof globalThis.fetch): Promise<Octokit> {
  const { getOctokit } = await import(/* webpackMode: "eager" */ '@actions/github');
  // `fetch` is the action's own: GitHub calls take the same proxy route as every other request.
  return getOctokit(token, { ...(apiUrl ? { baseUrl: apiUrl } : {}), ...(fetch ? { request: { fetch } } : {}) });
}

/** `owner/repo` (GITHUB_REPOSITORY) → its parts, or null when it is not of that shape. */
export function repoOf(repository: string): { owner: string; repo: string } | null {
  const [owner, repo, ...rest] = repository.split('/');
  return owner && repo && rest.length === 0 ? { owner, repo } : null;
}

/** Why GitHub refused, and what to give the workflow: `permissions: deployments: write`. */
export function explainRefusal(err: unknown, permission: string, apiUrl?: string): string {
  // No answer at all (octokit reports it as a 500 wrapping fetch's error): say what happened.
  const code = errorCode(err);
  if (code && !(err as { response?: unknown }).response) {
    const host = new URL(apiUrl || 'https://api.github.com').host;
    const words = describeFailure({ failure: classifyCode(code), code, host, source: 'GITHUB_API_URL' });
    return `the GitHub API could not be reached: ${words.detail}; ${words.advice}`;
  }
  const status = (err as { status?: number }).status;
  if (status === 403 || status === 404) {
    return `github answered ${status}: give the workflow "permissions: ${permission}: write"`;
  }
  return `github answered: ${(err as Error).message}`;
}
