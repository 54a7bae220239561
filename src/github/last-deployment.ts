/**
 * The newest GitHub Deployment of an environment and its newest status, for skip-unchanged:
 * what is live there, as far as GitHub's record goes. Two reads (the newest Deployment, then
 * its newest status); a refusal or a hiccup is a warning and "not known", which means deploy:
 * skipping on a guess could leave the wrong tree live.
 */
import type { Logger } from '../util/log.js';
import type { DeploymentPayload } from './deployment.js';
import { explainRefusal, loadOctokit, repoOf } from './octokit.js';

export interface LastDeployment {
  id: number;
  /** The newest status's state (`success`, `failure`, `in_progress`…); null when it has none. */
  state: string | null;
  /** From the payload; each null when missing or not a string (a Deployment another tool made). */
  payload: { [K in keyof DeploymentPayload]: string | null };
  /** The run that made it (its status's log_url), when recorded. */
  logUrl: string | null;
  /** ISO time it was created. */
  createdAt: string | null;
}

export interface LastDeploymentOptions {
  token: string;
  repository: string;
  environment: string;
  apiUrl?: string;
  fetch?: typeof fetch;
  log: Logger;
}

/** The newest Deployment of `environment`; null when there is none or it cannot be read (warned). */
export async function readLastDeployment(o: LastDeploymentOptions): Promise<LastDeployment | null> {
  const repo = repoOf(o.repository);
  if (!repo) {
    o.log.warning('skip-unchanged: GITHUB_REPOSITORY is not set, so the last deployment is not known; deploying');
    return null;
  }
  try {
    const octokit = await loadOctokit(o.token, o.apiUrl, o.fetch);
    const list = await octokit.rest.repos.listDeployments({ ...repo, environment: o.environment, per_page: 1 });
    const newest = list.data[0];
    if (!newest) return null;
    const statuses = await octokit.rest.repos.listDeploymentStatuses({
      ...repo,
      deployment_id: newest.id,
      per_page: 1,
    });
    const status = statuses.data[0];
    const payload = typeof newest.payload === 'object' && newest.payload !== null ? newest.payload : {};
    const text = (key: keyof DeploymentPayload) => {
      const v = (payload as Record<string, unknown>)[key];
      return typeof v === 'string' ? v : null;
    };
    return {
      id: newest.id,
      state: status?.state ?? null,
      payload: {
        contentDigest: text('contentDigest'),
        archiveSha256: text('archiveSha256'),
        environmentId: text('environmentId'),
      },
      logUrl: status?.log_url || null,
      createdAt: newest.created_at ?? null,
    };
  } catch (err) {
    o.log.warning(
      `skip-unchanged: the last GitHub Deployment of "${o.environment}" could not be read, so deploying: ${explainRefusal(err, 'deployments: read', o.apiUrl)}`,
    );
    return null;
  }
}
