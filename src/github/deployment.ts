/**
 * Records the deploy step as a GitHub Deployment: `in_progress` when it starts, then `success`
 * or `failure`. A token without `deployments: write` (or any GitHub hiccup) costs a warning,
 * never the deploy: the platform deploy is what the user asked for, the record is a courtesy.
 */
import { classifyCode, describeFailure, errorCode } from '../api/network-failure.js';
import type { Logger } from '../util/log.js';

export interface GithubDeploymentOptions {
  token: string;
  /** owner/repo, from GITHUB_REPOSITORY */
  repository: string;
  /** The commit deployed (GITHUB_SHA) or a ref. */
  ref: string;
  /** GitHub environment name: the platform environment's display name or id. */
  environment: string;
  /** e.g. GITHUB_API_URL; @actions/github reads it by default. */
  apiUrl?: string;
  /** Link to the run's log (GITHUB_SERVER_URL/owner/repo/actions/runs/RUN_ID). */
  logUrl?: string;
  /** The fetch octokit uses: main passes one that goes through the same proxies as the API client. */
  fetch?: typeof fetch;
  log: Logger;
}

export type DeploymentState = 'in_progress' | 'success' | 'failure';

export interface DeploymentRecorder {
  status(state: DeploymentState, description: string): Promise<void>;
}

function explain(err: unknown, apiUrl: string | undefined): string {
  // No answer at all (octokit reports it as a 500 wrapping fetch's error): say what happened.
  const code = errorCode(err);
  if (code && !(err as { response?: unknown }).response) {
    const host = new URL(apiUrl || 'https://api.github.com').host;
    const words = describeFailure({ failure: classifyCode(code), code, host, source: 'GITHUB_API_URL' });
    return `the GitHub API could not be reached: ${words.detail}; ${words.advice}`;
  }
  const status = (err as { status?: number }).status;
  if (status === 403 || status === 404) {
    return `github answered ${status}: give the workflow "permissions: deployments: write" to record deployments`;
  }
  return `github deployment not recorded: ${(err as Error).message}`;
}

/** Creates the Deployment; returns a recorder whose calls never throw. */
export async function startGithubDeployment(o: GithubDeploymentOptions): Promise<DeploymentRecorder> {
  const [owner, repo] = o.repository.split('/');
  const noop: DeploymentRecorder = { status: async () => {} };
  if (!owner || !repo) {
    o.log.warning('github-deployment: GITHUB_REPOSITORY is not set; no GitHub Deployment recorded');
    return noop;
  }
  // Evaluated only when this option is on, not at every start (~2 MB of RSS at rest). "eager"
  // keeps octokit inside dist/index.js: as a chunk file of its own it saved ~5 MB, but ncc
  // writes dist/licenses.txt once per chunk, and the main bundle's licenses were lost.
  const { getOctokit } = await import(/* webpackMode: "eager" */ '@actions/github');
  const octokit = getOctokit(o.token, {
    ...(o.apiUrl ? { baseUrl: o.apiUrl } : {}),
    ...(o.fetch ? { request: { fetch: o.fetch } } : {}),
  });
  let id: number;
  try {
    const res = await octokit.rest.repos.createDeployment({
      owner,
      repo,
      ref: o.ref,
      environment: o.environment,
      auto_merge: false,
      required_contexts: [],
      description: 'headless-deploy',
      transient_environment: false,
    });
    if (!('id' in res.data)) {
      o.log.warning(`github-deployment: github did not create a deployment: ${res.data.message ?? 'no reason given'}`);
      return noop;
    }
    id = res.data.id;
  } catch (err) {
    o.log.warning(`github-deployment: ${explain(err, o.apiUrl)}`);
    return noop;
  }
  return {
    async status(state, description) {
      try {
        await octokit.rest.repos.createDeploymentStatus({
          owner,
          repo,
          deployment_id: id,
          state,
          description: description.slice(0, 140),
          ...(o.logUrl ? { log_url: o.logUrl } : {}),
          environment: o.environment,
        });
      } catch (err) {
        o.log.warning(`github-deployment: status "${state}": ${explain(err, o.apiUrl)}`);
      }
    },
  };
}
