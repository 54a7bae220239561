/**
 * The GitHub services the engine builds (githubServicesOver in src/engine/run.ts, over
 * createGithubServices, src/github/services.ts) against the fake GitHub: each one reaches GitHub with the runner's repository, commit, run log and token, and
 * the environment or pull request it is asked about.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import type { Dispatchers } from '../../src/api/transport.js';
import { githubServicesOver } from '../../src/engine/run.js';
import { createGithubServices, githubEnvironment, type GithubServices } from '../../src/github/services.js';
import { MemoryLogger } from '../../src/util/log.js';
import { REPOSITORY, TOKEN, useFakeGithub, writes } from '../helpers/in-process-github.js';

const fx = useFakeGithub();
const SHA = '0123456789abcdef0123456789abcdef01234567';
const RUN_LOG = 'https://github.com/octo-org/shop/actions/runs/4242';

function services(env: NodeJS.ProcessEnv = {}): { gh: GithubServices; log: MemoryLogger } {
  const log = new MemoryLogger();
  const runner = {
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_SHA: SHA,
    GITHUB_API_URL: fx.github.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    ...env,
  };
  return { gh: createGithubServices(githubEnvironment(TOKEN, runner), log), log };
}

describe('createGithubServices', () => {
  it('startDeployment and deactivateDeployments: that environment’s Deployments, their statuses linking the run', async () => {
    fx.github.deployments.push({ id: 2, environment: 'pr-70', ref: SHA, statuses: [] });
    const { gh, log } = services();
    const recorder = await gh.startDeployment('pr-7');
    await recorder.status('success', 'deployed', 'https://pr-7.example');
    expect(fx.github.deployments.find((d) => d.environment === 'pr-7')).toEqual({
      id: expect.any(Number),
      environment: 'pr-7',
      ref: SHA,
      statuses: [{ state: 'success', description: 'deployed', environment_url: 'https://pr-7.example' }],
    });
    await expect(gh.deactivateDeployments('pr-7')).resolves.toBe(1);
    expect(fx.github.deployments.map((d) => [d.environment, d.statuses.map((s) => s.state)])).toEqual([
      ['pr-70', []],
      ['pr-7', ['success', 'inactive']],
    ]);
    expect(writes(fx.github).map((q) => q.body)).toEqual([
      expect.anything(),
      expect.objectContaining({ log_url: RUN_LOG }),
      { state: 'inactive', description: 'environment deleted', log_url: RUN_LOG },
    ]);
    expect(fx.github.requests.every((q) => q.authorization === `token ${TOKEN}`)).toBe(true);
    expect(log.lines).toEqual(['github-deployment: 1 of 1 deployment(s) of "pr-7" marked inactive']);
  });

  it('startDeployment and upsertComment warn on the log they were given', async () => {
    fx.github.refuseWith = 403;
    const { gh, log } = services();
    await gh.startDeployment('pr-7');
    await expect(gh.upsertComment(7, () => true, 'x')).resolves.toBeNull();
    expect(log.lines).toEqual([
      'warning: github-deployment: deployment not recorded: github answered 403: give the workflow "permissions: deployments: write"',
      'warning: pr-comment: comment on pull request #7 not written: github answered 403: give the workflow "permissions: pull-requests: write"',
    ]);
  });

  it('upsertComment: on that pull request, with that body, picked by isOurs', async () => {
    fx.github.comments.push({ id: 3, issue: 7, body: 'ours: old', login: 'github-actions[bot]' });
    // The run is for pull request 12; the comment asked for is on 7, and its body is sent as it is.
    const dir = mkdtempSync(join(tmpdir(), 'hd-services-'));
    writeFileSync(join(dir, 'event.json'), JSON.stringify({ number: 12, pull_request: { number: 12 } }));
    try {
      const { gh } = services({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: join(dir, 'event.json') });
      expect(gh.pullRequest).toEqual({ number: 12, headSha: null });
      const result = await gh.upsertComment(7, (body) => body.startsWith('ours:'), 'ours: new\n');
      expect(result).toEqual({ action: 'updated', url: 'https://github.com/octo-org/shop/pull/7#issuecomment-3' });
      expect(fx.github.comments[0]!.body).toBe('ours: new\n');
      expect(writes(fx.github).map((q) => q.path)).toEqual(['/repos/octo-org/shop/issues/comments/3']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pullRequestState: that pull request of the repository', async () => {
    fx.github.pulls.push({ number: 7, state: 'closed', merged: true });
    const { gh } = services();
    expect(await gh.pullRequestState(7)).toEqual({ kind: 'found', state: 'closed', merged: true });
    expect(fx.github.requests.map((q) => q.path)).toEqual([`/repos/${REPOSITORY}/pulls/7`]);
  });

  it('kept: the repository’s artifacts of that name', async () => {
    fx.github.artifacts.push({
      id: 9,
      name: 'kept-pr-7',
      runId: 1,
      createdAt: '2026-11-01T00:00:00Z',
      bytes: Buffer.from('z'),
    });
    const { gh } = services();
    expect((await gh.kept!.list('kept-pr-7')).map((a) => a.id)).toEqual([9]);
    expect(fx.github.requests.map((q) => [q.path, q.query.name])).toEqual([
      [`/repos/${REPOSITORY}/actions/artifacts`, 'kept-pr-7'],
    ]);
  });
});

describe('githubServicesOver', () => {
  // Dropped, octokit would fetch on its own: a proxy, CA or deadline only the run's transport knows would be left out.
  it('sends every GitHub call through the run’s own dispatchers; no token, no services', async () => {
    const agent = new Agent();
    const through: string[] = [];
    const dispatchers: Dispatchers = {
      for: (url) => (through.push(url.pathname), { dispatcher: agent }),
      close: () => agent.close(),
    };
    const env = { GITHUB_API_URL: fx.github.url, GITHUB_REPOSITORY: REPOSITORY, GITHUB_SHA: SHA };
    await githubServicesOver(dispatchers, TOKEN, env, new MemoryLogger())!.deactivateDeployments('pr-7');
    await dispatchers.close();
    expect(through).toEqual([`/repos/${REPOSITORY}/deployments`]);
    expect(githubServicesOver(dispatchers, null, env, new MemoryLogger())).toBeUndefined();
  });
});
