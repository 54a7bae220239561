/**
 * One read of a pull request's state (src/github/pull-request-state.ts) against the fake GitHub:
 * what is asked, how each answer is read (open, closed, merged by either field; a state it does
 * not know), a number it holds no pull request of (404, 410), every other refusal kept as GitHub gave it (status, the rate-limit headers, a message cut
 * short), no answer at all, and cancellation.
 */
import { describe, expect, it } from 'vitest';
import { SECONDARY_RATE_LIMIT } from '../../scripts/fake-github.js';
import { pullRequestStateReader, type PullRequestReaderOptions } from '../../src/github/pull-request-state.js';
import { REPOSITORY, TOKEN, freedPort, scriptedFetch, useFakeGithub } from '../helpers/in-process-github.js';

const fx = useFakeGithub();
const reader = (over: Partial<PullRequestReaderOptions> = {}) =>
  pullRequestStateReader({ token: TOKEN, repository: REPOSITORY, apiUrl: fx.github.url, ...over });
const PULL = (n: number) => `/repos/${REPOSITORY}/pulls/${n}`;

describe('pullRequestStateReader', () => {
  it('reads open, closed and merged, asking GET /pulls/{n} with the token', async () => {
    fx.github.pulls.push(
      { number: 1, state: 'open' },
      { number: 12, state: 'closed' },
      { number: 123, state: 'closed', merged: true },
    );
    const read = reader();
    expect(await read(1)).toEqual({ kind: 'found', state: 'open', merged: false });
    expect(await read(12)).toEqual({ kind: 'found', state: 'closed', merged: false });
    expect(await read(123)).toEqual({ kind: 'found', state: 'closed', merged: true });
    expect(fx.github.requests.map((q) => [q.method, q.path, q.authorization])).toEqual(
      [1, 12, 123].map((n) => ['GET', PULL(n), `token ${TOKEN}`]),
    );
  });

  it.each([
    ['merged_at alone', { state: 'closed', merged_at: '2026-11-02T00:00:00Z' }, true],
    ['merged true alone', { state: 'closed', merged: true }, true],
    ['neither field', { state: 'closed' }, false],
    ['merged_at empty', { state: 'closed', merged_at: '' }, false],
    ['merged_at null, merged false', { state: 'closed', merged: false, merged_at: null }, false],
    ['merged as a string', { state: 'closed', merged: 'true' }, false],
    ['merged_at as a number', { state: 'closed', merged_at: 1 }, false],
  ])('merged from %s: %s', async (_, body, merged) => {
    const f = scriptedFetch({ match: `GET ${PULL(5)}`, status: 200, body });
    expect(await reader({ fetch: f })(5)).toEqual({ kind: 'found', state: 'closed', merged });
  });

  it.each([
    ['a state it does not know', { state: 'draft' }, 'unexpected state "draft"'],
    ['a state in capitals', { state: 'OPEN' }, 'unexpected state "OPEN"'],
    ['no state', { merged: true }, 'unexpected state undefined'],
    ['no body', null, 'unexpected state undefined'],
  ])('%s is no answer to act on: refused with 200', async (_, body, message) => {
    const f = scriptedFetch({ match: `GET ${PULL(5)}`, status: 200, body });
    expect(await reader({ fetch: f })(5)).toEqual({ kind: 'refused', status: 200, headers: {}, message });
  });

  it.each([404, 410])(
    'a number GitHub holds no pull request of (%i): not found, naming the repository',
    async (status) => {
      if (status === 410) fx.github.pullAnswers.set(410, { status, headers: {}, message: 'Gone' });
      expect(await reader()(status)).toEqual({ kind: 'not-found', status, repository: REPOSITORY });
    },
  );

  it('a secondary rate limit: the status and the headers that say how long to wait, no others', async () => {
    fx.github.pullAnswers.set(9, SECONDARY_RATE_LIMIT);
    const answer = await reader()(9);
    expect(answer).toEqual({
      kind: 'refused',
      status: 403,
      headers: { 'retry-after': '1', 'x-ratelimit-remaining': '4999' },
      message: expect.stringMatching(/^You have exceeded a secondary rate limit/),
    });
  });

  it.each([401, 403, 422, 429, 500, 502, 503])('a %i is kept as GitHub gave it', async (status) => {
    fx.github.pullAnswers.set(9, {
      status,
      headers: { 'x-ratelimit-reset': '1790000000', 'x-github-request-id': 'AB12:CD34' },
      message: `answer ${status}`,
    });
    expect(await reader()(9)).toEqual({
      kind: 'refused',
      status,
      headers: { 'x-ratelimit-reset': '1790000000' },
      message: expect.stringMatching(new RegExp(`^answer ${status}`)),
    });
  });

  it('keeps 200 characters of a long message', async () => {
    const long = `${'m'.repeat(199)}XYZ${'n'.repeat(300)}`;
    fx.github.pullAnswers.set(9, { status: 502, message: long });
    const answer = (await reader()(9)) as { message: string };
    expect(answer.message).toBe(`${'m'.repeat(199)}X`);
  });

  it('no answer at all: unreachable, in words that name the host, never the token', async () => {
    const port = await freedPort();
    const answer = await reader({ apiUrl: `http://127.0.0.1:${port}` })(7);
    expect(answer.kind).toBe('unreachable');
    const { message } = answer as { message: string };
    expect(message).toMatch(/^the GitHub API could not be reached: /);
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).not.toContain(TOKEN);
  });

  it.each(['shop', 'octo-org/shop/pulls'])('GITHUB_REPOSITORY %j: throws before any request', async (repository) => {
    await expect(reader({ repository })(7)).rejects.toThrow(
      `GITHUB_REPOSITORY is "${repository}", not owner/repo, so no pull request can be read`,
    );
    expect(fx.github.requests).toEqual([]);
  });

  it('hands the signal to the request: a cancelled read throws, it is not an answer', async () => {
    let given: AbortSignal | undefined;
    const waitForAbort: typeof fetch = (_input, init) =>
      new Promise((_, reject) => {
        given = init?.signal ?? undefined;
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    const controller = new AbortController();
    const pending = reader({ fetch: waitForAbort })(7, controller.signal);
    await new Promise((r) => setTimeout(r, 10));
    expect(given).toBe(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // Without a signal, none is handed on.
    let init: RequestInit | undefined;
    const open: typeof fetch = async (_input, i) => ((init = i), Response.json({ state: 'open' }));
    expect(await reader({ fetch: open })(7)).toEqual({ kind: 'found', state: 'open', merged: false });
    expect(init?.signal ?? undefined).toBeUndefined();
  });

  it.each([
    ['a cancelled read, whatever the fetch threw', new TypeError('fetch failed'), true],
    [
      'an AbortError without a signal (a fetch that gave up)',
      new DOMException('The operation was aborted.', 'AbortError'),
      false,
    ],
  ])('%s: throws', async (_, thrown, cancelled) => {
    const controller = new AbortController();
    if (cancelled) controller.abort();
    const read = reader({ fetch: () => Promise.reject(thrown) })(7, cancelled ? controller.signal : undefined);
    await expect(read).rejects.toMatchObject(cancelled ? {} : { name: 'AbortError' });
  });
});
