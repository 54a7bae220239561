/**
 * What the steps may ask of GitHub. main builds it from the runner's environment and the
 * `github-token` input; tests pass their own, pointed at a fake GitHub API.
 */
import type { Logger } from '../util/log.js';
import { startGithubDeployment, type DeploymentRecorder } from './deployment.js';

export interface GithubServices {
  /** Records a GitHub Deployment of `environment`; its recorder never throws. */
  startDeployment(environment: string): Promise<DeploymentRecorder>;
}

export interface GithubEnvironment {
  token: string;
  /** owner/repo (GITHUB_REPOSITORY). */
  repository: string;
  /** The commit deployed (GITHUB_SHA) or a ref. */
  ref: string;
  /** GITHUB_API_URL, when set. */
  apiUrl?: string;
  /** Link to the run's log. */
  logUrl?: string;
  /** The fetch octokit uses: the action's own, so GitHub calls take the same proxy route. */
  fetch?: typeof fetch;
}

/** Reads what GitHub's runner puts in the environment. */
export function githubEnvironment(token: string, env: NodeJS.ProcessEnv): GithubEnvironment {
  const repository = env.GITHUB_REPOSITORY ?? '';
  return {
    token,
    repository,
    ref: env.GITHUB_SHA || env.GITHUB_REF || 'HEAD',
    apiUrl: env.GITHUB_API_URL,
    logUrl: env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${repository}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined,
  };
}

export function createGithubServices(gh: GithubEnvironment, log: Logger): GithubServices {
  return {
    startDeployment: (environment) => startGithubDeployment({ ...gh, environment, log }),
  };
}
