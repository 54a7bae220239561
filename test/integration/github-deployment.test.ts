/**
 * The GitHub Deployment record (src/github/deployment.ts) against the fake GitHub, every request
 * checked against GitHub's REST description: what is sent to create a Deployment and each of its
 * statuses, what marking an environment's Deployments inactive sends (that environment's only,
 * never one whose name merely starts the same), and that every refusal, of every class and at
 * every request, is a warning that names GitHub's answer and what to do, never a failed run and
 * never the token.
 */
import { describe, expect, it } from 'vitest';
import {
  deactivateGithubDeployments,
  startGithubDeployment,
  type GithubDeploymentOptions,
} from '../../src/github/deployment.js';
import { MemoryLogger } from '../../src/util/log.js';
import {
  REPOSITORY,
  TOKEN,
  asked,
  freedPort,
  githubError,
  scriptedFetch,
  useFakeGithub,
  writes,
} from '../helpers/in-process-github.js';

const fx = useFakeGithub();
const SHA = '0123456789abcdef0123456789abcdef01234567';
const LOG_URL = 'https://github.com/octo-org/shop/actions/runs/4242';
const DEPLOYMENTS = `/repos/${REPOSITORY}/deployments`;
const PERMISSION = 'give the workflow "permissions: deployments: write"';

const options = (over: Partial<GithubDeploymentOptions> = {}): GithubDeploymentOptions & { log: MemoryLogger } => ({
  ...{ token: TOKEN, repository: REPOSITORY, ref: SHA, environment: 'pr-1', apiUrl: fx.github.url, logUrl: LOG_URL },
  log: new MemoryLogger(),
  ...(over as object),
});

/** A refusal for want of permission and one on GitHub's side: the words of each status are explainRefusal's. */
const REFUSALS: [number, string, string][] = [
  [403, 'Resource not accessible by integration', `github answered 403: ${PERMISSION}`],
  [503, 'Service Unavailable', 'github answered 503 (Service Unavailable'],
];
const MESSAGES: Record<number, string> = { 404: 'Not Found', 503: 'Service Unavailable' };

describe('startGithubDeployment', () => {
  it('creates the Deployment, then records each status with the run log and the preview link', async () => {
    const o = options();
    const recorder = await startGithubDeployment(o);
    await recorder.status('in_progress', 'deploying shop');
    const long = 'x'.repeat(200);
    await recorder.status('success', long, 'https://pr-1.shop.example');

    const [create, progress, success] = fx.github.requests;
    expect(fx.github.requests).toHaveLength(3);
    expect([create!.method, create!.path]).toEqual(['POST', DEPLOYMENTS]);
    expect(create!.authorization).toBe(`token ${TOKEN}`);
    expect(create!.body).toEqual({
      ref: SHA,
      environment: 'pr-1',
      auto_merge: false,
      required_contexts: [],
      description: 'headless-deploy',
      transient_environment: false,
    });
    const id = fx.github.deployments[0]!.id;
    expect([progress!.method, progress!.path]).toEqual(['POST', `${DEPLOYMENTS}/${id}/statuses`]);
    expect(progress!.body).toEqual({
      state: 'in_progress',
      description: 'deploying shop',
      log_url: LOG_URL,
      environment: 'pr-1',
    });
    // GitHub refuses a description over 140 characters.
    expect(success!.body).toEqual({
      state: 'success',
      description: 'x'.repeat(140),
      log_url: LOG_URL,
      environment_url: 'https://pr-1.shop.example',
      environment: 'pr-1',
    });
    expect(o.log.lines).toEqual([]);
  });

  it('sends no log_url when the run log is not known, and no environment_url when there is no link', async () => {
    const recorder = await startGithubDeployment(options({ logUrl: undefined }));
    await recorder.status('failure', 'upload refused', '');
    expect(fx.github.requests[1]!.body).toEqual({
      state: 'failure',
      description: 'upload refused',
      environment: 'pr-1',
    });
  });

  it.each(['', 'shop', 'octo-org/shop/extra', '/shop'])(
    'GITHUB_REPOSITORY %j: a warning, no request; a recorder that records nothing, none marked inactive',
    async (repository) => {
      const o = options({ repository });
      await (await startGithubDeployment(o)).status('success', 'done');
      await expect(deactivateGithubDeployments(o)).resolves.toBe(0);
      expect(o.log.lines).toEqual([
        'warning: github-deployment: GITHUB_REPOSITORY is not set; no GitHub Deployment recorded',
        'warning: github-deployment: GITHUB_REPOSITORY is not set; no GitHub Deployment marked inactive',
      ]);
      expect(fx.github.requests).toEqual([]);
    },
  );

  it('a GitHub API that cannot be reached: a warning naming the host, for the creation and for the listing', async () => {
    const port = await freedPort();
    const o = options({ apiUrl: `http://127.0.0.1:${port}` });
    await (await startGithubDeployment(o)).status('success', 'done');
    await expect(deactivateGithubDeployments(o)).resolves.toBe(0);
    const unreachable = `the GitHub API could not be reached: .*127\\.0\\.0\\.1:${port}`;
    expect(o.log.lines).toEqual([
      expect.stringMatching(new RegExp(`^warning: github-deployment: deployment not recorded: ${unreachable}`)),
      expect.stringMatching(
        new RegExp(`^warning: github-deployment: deployments of "pr-1" not listed: ${unreachable}`),
      ),
    ]);
  });

  it.each([
    [{ message: 'Auto-merged main into topic-branch.' }, 'Auto-merged main into topic-branch.'],
    [{}, 'no reason given'],
  ])('a 202 without a Deployment (%j): a warning with GitHub’s reason, and no status sent', async (body, reason) => {
    const f = scriptedFetch({ match: `POST ${DEPLOYMENTS}`, status: 202, body });
    const o = options({ fetch: f });
    const recorder = await startGithubDeployment(o);
    await recorder.status('success', 'done');
    expect(o.log.lines).toEqual([`warning: github-deployment: github did not create a deployment: ${reason}`]);
    expect(f.seen).toEqual([`POST ${DEPLOYMENTS}`]);
  });
});

describe('deactivateGithubDeployments', () => {
  /** Deployments of environments whose names start alike, oldest first. */
  function plant(...environments: string[]): number[] {
    return environments.map((environment, i) => {
      const id = 500 + i;
      fx.github.deployments.push({ id, environment, ref: SHA, statuses: [] });
      return id;
    });
  }
  const statusPosts = () => writes(fx.github).filter((q) => q.path.endsWith('/statuses'));

  it('marks every Deployment of the environment inactive, and none of pr-10, pr-12 or pr-1-old', async () => {
    const ids = plant('pr-1', 'pr-10', 'pr-1', 'pr-12', 'pr-1-old', 'pr-1');
    const o = options();
    await expect(deactivateGithubDeployments(o)).resolves.toBe(3);
    const list = fx.github.requests[0]!;
    expect([list.method, list.path, list.query]).toEqual([
      'GET',
      DEPLOYMENTS,
      { environment: 'pr-1', per_page: '100' },
    ]);
    expect(list.authorization).toBe(`token ${TOKEN}`);
    // Newest first, as GitHub lists them.
    expect(statusPosts().map((q) => q.path)).toEqual(
      [ids[5], ids[2], ids[0]].map((id) => `${DEPLOYMENTS}/${id}/statuses`),
    );
    for (const q of statusPosts())
      expect(q.body).toEqual({ state: 'inactive', description: 'environment deleted', log_url: LOG_URL });
    expect(fx.github.deployments.filter((d) => d.statuses.length > 0).map((d) => d.environment)).toEqual([
      'pr-1',
      'pr-1',
      'pr-1',
    ]);
    expect(o.log.lines).toEqual(['github-deployment: 3 of 3 deployment(s) of "pr-1" marked inactive']);
  });

  it('sends no log_url when the run log is not known', async () => {
    plant('pr-1');
    await deactivateGithubDeployments(options({ logUrl: undefined }));
    expect(statusPosts().map((q) => q.body)).toEqual([{ state: 'inactive', description: 'environment deleted' }]);
  });

  it('an environment without Deployments: 0, nothing written, nothing said', async () => {
    plant('pr-10', 'pr-12');
    const o = options();
    await expect(deactivateGithubDeployments(o)).resolves.toBe(0);
    expect(asked(fx.github)).toEqual([`GET ${DEPLOYMENTS}`]);
    expect(o.log.lines).toEqual([]);
  });

  it('marks at most 100 (the newest) of an environment with more', async () => {
    plant(...Array.from({ length: 130 }, () => 'pr-1'));
    const o = options();
    await expect(deactivateGithubDeployments(o)).resolves.toBe(100);
    const marked = statusPosts().map((q) => Number(q.path.split('/')[5]));
    expect(marked).toEqual(Array.from({ length: 100 }, (_, i) => 629 - i));
    expect(o.log.lines).toEqual(['github-deployment: 100 of 100 deployment(s) of "pr-1" marked inactive']);
  });

  it.each([404, 503])('a %i to one status: a warning for that one, and the others still marked', async (status) => {
    const [oldest, middle, newest] = plant('pr-1', 'pr-1', 'pr-1');
    const f = scriptedFetch({
      match: `POST ${DEPLOYMENTS}/${middle}/statuses`,
      status,
      body: githubError(MESSAGES[status]!),
    });
    const o = options({ fetch: f });
    await expect(deactivateGithubDeployments(o)).resolves.toBe(2);
    expect(f.seen.filter((s) => s.startsWith('POST'))).toEqual(
      [newest, middle, oldest].map((id) => `POST ${DEPLOYMENTS}/${id}/statuses`),
    );
    expect(o.log.lines).toHaveLength(2);
    expect(o.log.lines[0]).toMatch(
      new RegExp(`^warning: github-deployment: deployment ${middle} not marked inactive: github answered ${status}\\b`),
    );
    expect(o.log.lines[1]).toBe('github-deployment: 2 of 3 deployment(s) of "pr-1" marked inactive');
  });

  it('a 403 to a status: no permission to write, so the rest are not asked', async () => {
    const [, , newest] = plant('pr-1', 'pr-1', 'pr-1');
    const f = scriptedFetch({
      match: (method, url) => method === 'POST' && url.pathname.endsWith('/statuses'),
      status: 403,
      body: githubError('Resource not accessible by integration'),
    });
    const o = options({ fetch: f });
    await expect(deactivateGithubDeployments(o)).resolves.toBe(0);
    expect(f.seen.filter((s) => s.startsWith('POST'))).toEqual([`POST ${DEPLOYMENTS}/${newest}/statuses`]);
    expect(o.log.lines).toEqual([
      `warning: github-deployment: deployment ${newest} not marked inactive: github answered 403: ${PERMISSION}`,
      'github-deployment: 0 of 3 deployment(s) of "pr-1" marked inactive',
    ]);
  });
});

describe('GitHub refusing', () => {
  it.each(REFUSALS)(
    'a %i to the creation, to a status or to the listing: a warning naming the request and the answer, never the token',
    async (status, message, words) => {
      const refuse = (match: string | ((method: string, url: URL) => boolean)) =>
        options({ fetch: scriptedFetch({ match, status, body: githubError(message), times: 1 }) });
      const creation = refuse(`POST ${DEPLOYMENTS}`);
      // No status is sent after a refused creation.
      await (await startGithubDeployment(creation)).status('success', 'done');
      expect(fx.github.requests).toEqual([]);
      // A status refused: the next is still sent.
      const aStatus = refuse((method, url) => method === 'POST' && url.pathname.endsWith('/statuses'));
      const recorder = await startGithubDeployment(aStatus);
      await recorder.status('in_progress', 'deploying');
      await recorder.status('success', 'done');
      expect(fx.github.deployments[0]!.statuses.map((s) => s.state)).toEqual(['success']);
      const listing = refuse(`GET ${DEPLOYMENTS}`);
      await expect(deactivateGithubDeployments(listing)).resolves.toBe(0);
      const said = [creation, aStatus, listing].map((o) => o.log.lines);
      expect(said).toEqual([
        [expect.stringMatching(/^warning: github-deployment: deployment not recorded: /)],
        [expect.stringMatching(/^warning: github-deployment: status "in_progress": /)],
        [expect.stringMatching(/^warning: github-deployment: deployments of "pr-1" not listed: /)],
      ]);
      for (const [line] of said) expect(line).toContain(words);
      expect(said.flat().join('\n')).not.toContain(TOKEN);
    },
  );
});
