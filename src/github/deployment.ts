/**
 * Records the deploy step as a GitHub Deployment: `in_progress` when it starts, then `success`
 * or `failure`; the delete step marks an environment's Deployments `inactive`. A token without
 * `deployments: write` (or any GitHub hiccup) costs a warning, never the deploy: the platform
 * deploy is what the user asked for, the record is a courtesy.
 */
import type { Logger } from '../util/log.js';
import { explainRefusal, loadOctokit, repoOf } from './octokit.js';

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

/**
 * What a Deployment records of the tree it sent, in its payload: a later run with
 * skip-unchanged compares its own tree and environment with these (last-deployment.ts).
 */
export interface DeploymentPayload {
  /** `sha256:{hex}`: the content digest of the tree. */
  contentDigest: string;
  /** Hex sha256 of the zip uploaded. */
  archiveSha256: string;
  /** The platform environment's id. */
  environmentId: string;
}

export interface DeploymentRecorder {
  /** `environmentUrl` becomes the status's `environment_url`: the "View deployment" link. */
  status(state: DeploymentState, description: string, environmentUrl?: string): Promise<void>;
}

/** Creates the Deployment; returns a recorder whose calls never throw. */
export async function startGithubDeployment(
  o: GithubDeploymentOptions & { payload?: DeploymentPayload },
): Promise<DeploymentRecorder> {
  const repo = repoOf(o.repository);
  const noop: DeploymentRecorder = { status: async () => {} };
  if (!repo) {
    o.log.warning('github-deployment: GITHUB_REPOSITORY is not set; no GitHub Deployment recorded');
    return noop;
  }
  const octokit = await loadOctokit(o.token, o.apiUrl, o.fetch);
  let id: number;
  try {
    const res = await octokit.rest.repos.createDeployment({
      ...repo,
      ref: o.ref,
      environment: o.environment,
      auto_merge: false,
      required_contexts: [],
      description: 'headless-deploy',
      transient_environment: false,
      ...(o.payload ? { payload: { ...o.payload } } : {}),
    });
    if (!('id' in res.data)) {
      o.log.warning(`github-deployment: github did not create a deployment: ${res.data.message ?? 'no reason given'}`);
      return noop;
    }
    id = res.data.id;
  } catch (err) {
    o.log.warning(`github-deployment: deployment not recorded: ${explainRefusal(err, 'deployments: write', o.apiUrl)}`);
    return noop;
  }
  return {
    async status(state, description, environmentUrl) {
      try {
        await octokit.rest.repos.createDeploymentStatus({
          ...repo,
          deployment_id: id,
          state,
          description: description.slice(0, 140),
          ...(o.logUrl ? { log_url: o.logUrl } : {}),
          ...(environmentUrl ? { environment_url: environmentUrl } : {}),
          environment: o.environment,
        });
      } catch (err) {
        o.log.warning(`github-deployment: status "${state}": ${explainRefusal(err, 'deployments: write', o.apiUrl)}`);
      }
    },
  };
}

/** At most this many Deployments are marked per environment: a pull request rarely has more pushes. */
const MAX_DEACTIVATED = 100;

/**
 * Marks every Deployment of `environment` inactive, so the pull request stops showing a live
 * preview that is gone. Returns how many were marked; never throws.
 */
export async function deactivateGithubDeployments(o: Omit<GithubDeploymentOptions, 'ref'>): Promise<number> {
  const repo = repoOf(o.repository);
  if (!repo) {
    o.log.warning('github-deployment: GITHUB_REPOSITORY is not set; no GitHub Deployment marked inactive');
    return 0;
  }
  const octokit = await loadOctokit(o.token, o.apiUrl, o.fetch);
  let ids: number[];
  try {
    const list = await octokit.rest.repos.listDeployments({ ...repo, environment: o.environment, per_page: 100 });
    ids = list.data.slice(0, MAX_DEACTIVATED).map((d) => d.id);
  } catch (err) {
    o.log.warning(
      `github-deployment: deployments of "${o.environment}" not listed: ${explainRefusal(err, 'deployments: write', o.apiUrl)}`,
    );
    return 0;
  }
  let marked = 0;
  for (const id of ids) {
    try {
      await octokit.rest.repos.createDeploymentStatus({
        ...repo,
        deployment_id: id,
        state: 'inactive',
        description: 'environment deleted',
        ...(o.logUrl ? { log_url: o.logUrl } : {}),
      });
      marked++;
    } catch (err) {
      o.log.warning(
        `github-deployment: deployment ${id} not marked inactive: ${explainRefusal(err, 'deployments: write', o.apiUrl)}`,
      );
      if ((err as { status?: number }).status === 403) break;
    }
  }
  if (ids.length > 0)
    o.log.info(`github-deployment: ${marked} of ${ids.length} deployment(s) of "${o.environment}" marked inactive`);
  return marked;
}
