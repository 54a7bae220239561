/**
 * What the steps may ask of GitHub. main builds it from the runner's environment and the
 * `github-token` input; tests pass their own, pointed at a fake GitHub API.
 */
import type { Logger } from '../util/log.js';
import {
  deactivateGithubDeployments,
  startGithubDeployment,
  type DeploymentPayload,
  type DeploymentRecorder,
} from './deployment.js';
import { readLastDeployment, type LastDeployment } from './last-deployment.js';
import { readPullRequest, type PullRequestRef } from './pull-request.js';
import { pullRequestStateReader, type PullRequestAnswer } from './pull-request-state.js';
import { upsertStickyComment, type CommentResult } from './sticky-comment.js';
import { keptArchives, type KeptArchives } from './kept-archives.js';

export interface GithubServices {
  /** Records a GitHub Deployment of `environment` (the tree it sends in `payload`); its recorder never throws. */
  startDeployment(environment: string, payload?: DeploymentPayload): Promise<DeploymentRecorder>;
  /** The newest GitHub Deployment of `environment` and its newest status; null when none or unreadable. Never throws. */
  lastDeployment?(environment: string): Promise<LastDeployment | null>;
  /** Marks the GitHub Deployments of `environment` inactive; how many. Never throws. */
  deactivateDeployments(environment: string): Promise<number>;
  /** The pull request the run is for, on pull request events; else null. */
  readonly pullRequest: PullRequestRef | null;
  /** Link to a commit of the repository. */
  commitUrl(sha: string): string;
  /** Link to the run's log, when known. */
  readonly logUrl: string | undefined;
  /** Creates or edits the pull request's comment `isOurs` picks. Never throws. */
  upsertComment(issueNumber: number, isOurs: (body: string) => boolean, body: string): Promise<CommentResult>;
  /** One read of pull request `number`'s state; refusals are answers, not errors. */
  pullRequestState(number: number, signal?: AbortSignal): Promise<PullRequestAnswer>;
  /** Link to a pull request of the repository. */
  pullRequestUrl(number: number): string;
  /** The archives kept as workflow artifacts (keep-archive), for a rollback; absent in tests that need none. */
  readonly kept?: KeptArchives;
  /** This workflow run's id (GITHUB_RUN_ID), when known. */
  readonly runId?: number | null;
}

export interface GithubEnvironment {
  token: string;
  /** owner/repo (GITHUB_REPOSITORY). */
  repository: string;
  /** The commit deployed (GITHUB_SHA) or a ref. */
  ref: string;
  /** GITHUB_API_URL, when set. */
  apiUrl?: string;
  /** GITHUB_SERVER_URL, or github.com. */
  serverUrl: string;
  /** Link to the run's log. */
  logUrl?: string;
  /** GITHUB_RUN_ID, when it is a number. */
  runId?: number | null;
  /** The fetch octokit uses: the action's own, so GitHub calls take the same proxy route. */
  fetch?: typeof fetch;
  pullRequest: PullRequestRef | null;
}

/** Reads what GitHub's runner puts in the environment (and the event payload it points to). */
export function githubEnvironment(token: string, env: NodeJS.ProcessEnv): GithubEnvironment {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  return {
    token,
    repository,
    ref: env.GITHUB_SHA || env.GITHUB_REF || 'HEAD',
    apiUrl: env.GITHUB_API_URL,
    serverUrl,
    logUrl: env.GITHUB_RUN_ID ? `${serverUrl}/${repository}/actions/runs/${env.GITHUB_RUN_ID}` : undefined,
    runId: /^[1-9][0-9]*$/.test(env.GITHUB_RUN_ID ?? '') ? Number(env.GITHUB_RUN_ID) : null,
    pullRequest: readPullRequest(env),
  };
}

export function createGithubServices(gh: GithubEnvironment, log: Logger): GithubServices {
  return {
    startDeployment: (environment, payload) =>
      startGithubDeployment({ ...gh, environment, log, ...(payload ? { payload } : {}) }),
    lastDeployment: (environment) => readLastDeployment({ ...gh, environment, log }),
    deactivateDeployments: (environment) => deactivateGithubDeployments({ ...gh, environment, log }),
    pullRequest: gh.pullRequest,
    commitUrl: (sha) => `${gh.serverUrl}/${gh.repository}/commit/${sha}`,
    logUrl: gh.logUrl,
    upsertComment: (issueNumber, isOurs, body) => upsertStickyComment({ ...gh, issueNumber, isOurs, body, log }),
    pullRequestState: pullRequestStateReader(gh),
    pullRequestUrl: (number) => `${gh.serverUrl}/${gh.repository}/pull/${number}`,
    kept: keptArchives(gh),
    runId: gh.runId ?? null,
  };
}
