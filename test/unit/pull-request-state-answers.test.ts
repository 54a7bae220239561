/**
 * Refusals shaped as no HTTP client gives them, but octokit's types allow (headers absent, header
 * names in capitals, a header without a value, no message, a status that is not a number): the
 * pull request reader keeps what it can and never throws. octokit is replaced by a stub here;
 * test/integration/pull-request-state.test.ts reads real answers.
 */
import { describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('@actions/github', () => ({ getOctokit: () => ({ rest: { pulls: { get } } }) }));
const { pullRequestStateReader } = await import('../../src/github/pull-request-state.js');

const read = pullRequestStateReader({ token: 't', repository: 'octo-org/shop', apiUrl: 'http://127.0.0.1:9' });

describe('a refusal as octokit may shape it', () => {
  it('no headers, no message: the status alone', async () => {
    // Not even an Error: what a stub or a plugin may throw.
    get.mockRejectedValueOnce({ response: { status: 502 } });
    expect(await read(1)).toEqual({ kind: 'refused', status: 502, headers: {}, message: '' });
  });

  it('header names in any case are kept lower-case; headers without a value are left out', async () => {
    get.mockRejectedValueOnce(
      Object.assign(new Error('slow down'), {
        response: {
          status: 429,
          headers: { 'Retry-After': 30, 'X-RateLimit-Remaining': 0, 'x-ratelimit-reset': null, server: 'GitHub.com' },
        },
      }),
    );
    expect(await read(1)).toEqual({
      kind: 'refused',
      status: 429,
      headers: { 'retry-after': '30', 'x-ratelimit-remaining': '0' },
      message: 'slow down',
    });
  });

  it('a header given as undefined is left out', async () => {
    get.mockRejectedValueOnce(
      Object.assign(new Error('x'), { response: { status: 403, headers: { 'retry-after': undefined } } }),
    );
    expect(await read(1)).toEqual({ kind: 'refused', status: 403, headers: {}, message: 'x' });
  });

  it('a response without a numeric status is no answer', async () => {
    get.mockRejectedValueOnce(Object.assign(new Error('odd'), { response: { status: '500' } }));
    expect(await read(1)).toEqual({ kind: 'unreachable', message: 'github answered: odd' });
  });

  it('asks for the pull request of the repository, by number', async () => {
    get.mockResolvedValueOnce({ data: { state: 'open' } });
    await read(31);
    expect(get).toHaveBeenLastCalledWith({ owner: 'octo-org', repo: 'shop', pull_number: 31 });
  });
});
