/**
 * What the runner's environment says about GitHub (githubEnvironment), and the links built from
 * it. (The pull request read from the event file: pull-request.test.ts, and wired in,
 * test/integration/github-services.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { createGithubServices, githubEnvironment } from '../../src/github/services.js';
import { MemoryLogger } from '../../src/util/log.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const RUNNER = {
  GITHUB_REPOSITORY: 'octo-org/shop',
  GITHUB_SHA: SHA,
  GITHUB_REF: 'refs/heads/main',
  GITHUB_API_URL: 'https://ghe.example/api/v3',
  GITHUB_SERVER_URL: 'https://ghe.example',
  GITHUB_RUN_ID: '4242',
};

describe('githubEnvironment', () => {
  it('reads what the runner sets', () => {
    expect(githubEnvironment('ghs_token', RUNNER)).toEqual({
      token: 'ghs_token',
      repository: 'octo-org/shop',
      ref: SHA,
      apiUrl: 'https://ghe.example/api/v3',
      serverUrl: 'https://ghe.example',
      logUrl: 'https://ghe.example/octo-org/shop/actions/runs/4242',
      runId: 4242,
      pullRequest: null,
    });
  });

  it('outside a runner: github.com, HEAD, no repository, no run', () => {
    expect(githubEnvironment('', {})).toEqual({
      token: '',
      repository: '',
      ref: 'HEAD',
      apiUrl: undefined,
      serverUrl: 'https://github.com',
      logUrl: undefined,
      runId: null,
      pullRequest: null,
    });
  });

  it.each([
    [{ GITHUB_SHA: SHA, GITHUB_REF: 'refs/heads/main' }, SHA],
    [{ GITHUB_SHA: '', GITHUB_REF: 'refs/heads/main' }, 'refs/heads/main'],
    [{ GITHUB_REF: 'refs/pull/7/merge' }, 'refs/pull/7/merge'],
    [{ GITHUB_SHA: '', GITHUB_REF: '' }, 'HEAD'],
  ])('ref from %j: %s', (env, ref) => {
    expect(githubEnvironment('t', env).ref).toBe(ref);
  });

  it.each([
    ['https://ghe.example/', 'https://ghe.example'],
    ['https://ghe.example///', 'https://ghe.example'],
    ['https://ghe.example/sub/', 'https://ghe.example/sub'],
  ])('server URL %s is used as %s', (url, server) => {
    const gh = githubEnvironment('t', { ...RUNNER, GITHUB_SERVER_URL: url });
    expect(gh.serverUrl).toBe(server);
    expect(gh.logUrl).toBe(`${server}/octo-org/shop/actions/runs/4242`);
  });

  // A run id that is not a number still links the run log; none without one.
  it.each([
    ['1', 1],
    ['9007199254740991', 9007199254740991],
    ['0', null],
    ['042', null],
    ['42a', null],
    ['a42', null],
    ['-42', null],
    [' 42', null],
    ['abc', null],
    ['', null],
  ])('GITHUB_RUN_ID %j: run id %s', (runId, expected) => {
    const gh = githubEnvironment('t', { ...RUNNER, GITHUB_RUN_ID: runId });
    expect(gh.runId).toBe(expected);
    expect(gh.logUrl).toBe(runId ? `https://ghe.example/octo-org/shop/actions/runs/${runId}` : undefined);
  });
});

describe('createGithubServices: links and run facts', () => {
  const services = (env: NodeJS.ProcessEnv) => createGithubServices(githubEnvironment('t', env), new MemoryLogger());

  it('links commits and pull requests of the repository on the server', () => {
    const gh = services(RUNNER);
    expect(gh.commitUrl(SHA)).toBe(`https://ghe.example/octo-org/shop/commit/${SHA}`);
    expect(gh.pullRequestUrl(12)).toBe('https://ghe.example/octo-org/shop/pull/12');
    expect(gh.logUrl).toBe('https://ghe.example/octo-org/shop/actions/runs/4242');
    expect(gh.runId).toBe(4242);
    expect(gh.pullRequest).toBeNull();
    expect(gh.kept).toBeDefined();
  });

  it('a run id that is not known is null, not undefined', () => {
    expect(services({}).runId).toBeNull();
    const { runId: _, ...gh } = githubEnvironment('t', {});
    expect(createGithubServices(gh, new MemoryLogger()).runId).toBeNull();
  });
});
