/**
 * What every GitHub call shares (src/github/octokit.ts): the repository's parts, a refusal put in
 * words that say what to change (the workflow's permissions, the token, or wait), and the octokit
 * it loads (GitHub's API URL, the action's own fetch).
 */
import { describe, expect, it } from 'vitest';
import { explainRefusal, loadOctokit, repoOf } from '../../src/github/octokit.js';

describe('repoOf', () => {
  it.each([
    ['octo-org/shop', { owner: 'octo-org', repo: 'shop' }],
    ['o/r', { owner: 'o', repo: 'r' }],
    ['', null],
    ['shop', null],
    ['octo-org/', null],
    ['/shop', null],
    ['octo-org/shop/', null],
    ['octo-org/shop/extra', null],
    ['octo-org//shop', null],
  ])('%j: %j', (repository, parts) => {
    expect(repoOf(repository)).toEqual(parts);
  });
});

const refused = (status: number | undefined, message = 'Resource not accessible by integration') =>
  Object.assign(new Error(message), status === undefined ? {} : { status, response: { status } });

describe('explainRefusal', () => {
  it.each([
    [403, 'github answered 403: give the workflow "permissions: deployments: write"'],
    [404, 'github answered 404: give the workflow "permissions: deployments: write"'],
    [401, 'github answered 401 (Bad credentials): the token was refused; check github-token'],
    [429, "github answered 429 (Bad credentials): GitHub's rate limit; a later run can try again"],
    [500, "github answered 500 (Bad credentials): a failure on GitHub's side; a later run can try again"],
    [400, 'github answered 400: Bad credentials'],
    [499, 'github answered 499: Bad credentials'],
  ])('%i: %s', (status, words) => {
    expect(explainRefusal(refused(status, 'Bad credentials'), 'deployments: write')).toBe(words);
  });

  it('names the scope it is given', () => {
    expect(explainRefusal(refused(403), 'actions: read')).toBe(
      'github answered 403: give the workflow "permissions: actions: read"',
    );
  });

  it('an error without a status: its message alone', () => {
    expect(explainRefusal(new Error('Unable to download artifact'), 'actions: read')).toBe(
      'github answered: Unable to download artifact',
    );
  });

  it('no answer at all (a system error code, no response): what happened and where', () => {
    const err = Object.assign(new Error('request failed'), {
      status: 500,
      cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
    });
    const words = explainRefusal(err, 'deployments: write', 'http://127.0.0.1:9/api');
    expect(words).toMatch(/^the GitHub API could not be reached: /);
    expect(words).toContain('127.0.0.1:9');
    expect(words).toContain('ECONNREFUSED');
    expect(words).toContain('check GITHUB_API_URL (host and port)');
    expect(words).not.toContain('github answered');
  });

  it('no answer, and no GITHUB_API_URL: api.github.com is named', () => {
    const err = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND', status: 500 });
    expect(explainRefusal(err, 'deployments: write')).toContain('api.github.com');
    expect(explainRefusal(err, 'deployments: write', '')).toContain('api.github.com');
  });

  it('an answer that carries a code is still an answer', () => {
    const err = Object.assign(new Error('Forbidden'), { code: 'ECONNRESET', status: 403, response: { status: 403 } });
    expect(explainRefusal(err, 'deployments: write')).toBe(
      'github answered 403: give the workflow "permissions: deployments: write"',
    );
  });
});

describe('loadOctokit: every GitHub call goes through the action’s own fetch (proxy, CA, deadline)', () => {
  /** A fetch that records what it is asked, and answers as GET /user does. */
  function recordingFetch() {
    const seen: { url: string; authorization: string | null }[] = [];
    const f: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      seen.push({ url: request.url, authorization: request.headers.get('authorization') });
      return new Response(JSON.stringify({ login: 'u', type: 'User' }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    return { seen, f };
  }

  it('uses the API URL and the fetch it is given, with the token', async () => {
    const { seen, f } = recordingFetch();
    await (await loadOctokit('ghs_secret', 'http://127.0.0.1:9/api/v3', f)).rest.users.getAuthenticated();
    expect(seen).toEqual([{ url: 'http://127.0.0.1:9/api/v3/user', authorization: 'token ghs_secret' }]);
  });

  it('without an API URL: the runner’s GITHUB_API_URL, or api.github.com, still through that fetch', async () => {
    const { seen, f } = recordingFetch();
    await (await loadOctokit('t', undefined, f)).rest.users.getAuthenticated();
    // @actions/github reads GITHUB_API_URL itself (set when these tests run in a workflow).
    expect(seen.map((s) => s.url)).toEqual([`${process.env.GITHUB_API_URL || 'https://api.github.com'}/user`]);
  });
});
