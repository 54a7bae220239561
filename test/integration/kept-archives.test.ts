/**
 * The kept archives on GitHub (src/github/kept-archives.ts) against the fake GitHub, checked
 * against GitHub's published REST description: the listing by name across pages, and what a
 * refusal says.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../scripts/fake-github.js';
import { loadGithubSchema } from '../../scripts/github-schema.js';
import { keptArchives } from '../../src/github/kept-archives.js';
import { pickKept } from '../../src/github/pick-kept.js';
import { scriptedFetch } from '../helpers/in-process-github.js';

const TOKEN = 'ghs_keptArchivesTestToken000000000000';
const NAME = 'headless-deploy-shop-0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
let github: FakeGithub;

beforeAll(async () => {
  github = await startFakeGithub({ check: loadGithubSchema().check });
});
afterAll(async () => {
  await github?.close();
});
beforeEach(() => github.reset());

const plant = (id: number, name = NAME, expired = false) =>
  github.artifacts.push({
    id,
    name,
    runId: 1000 + id,
    createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    expired,
    digest: `sha256:${'0'.repeat(64)}`,
    bytes: Buffer.from('zip'),
  });

const kept = () => keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: github.url });

describe('kept archives on GitHub', () => {
  it('lists every artifact of the name, page after page, and only those', async () => {
    for (let id = 1; id <= 130; id++) plant(id);
    plant(500, `${NAME}-other`);
    const listing = await kept().list(NAME);
    expect(listing.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
    const asked = github.requests.filter((r) => r.path === '/repos/octo-org/shop/actions/artifacts');
    expect(asked.map((r) => [r.query.name, r.query.per_page, r.query.page])).toEqual([
      [NAME, '100', '1'],
      [NAME, '100', '2'],
    ]);
    expect(asked.every((r) => r.authorization?.endsWith(TOKEN))).toBe(true);
    expect(github.violations).toEqual([]);
    // The newest of an earlier run than run 1130 (which kept id 130) is id 129.
    expect(pickKept(listing, NAME, { kind: 'before-run', runId: 1130 })).toEqual({
      artifact: expect.objectContaining({ id: 129 }),
    });
  });

  it('one page when fewer than a page are kept', async () => {
    plant(1);
    plant(2, NAME, true);
    const listing = await kept().list(NAME);
    expect(listing.map((a) => [a.id, a.expired, a.workflow_run?.id, a.digest])).toEqual([
      [2, true, 1002, `sha256:${'0'.repeat(64)}`],
      [1, false, 1001, `sha256:${'0'.repeat(64)}`],
    ]);
    expect(github.requests).toHaveLength(1);
  });

  it.each([403, 404])('a %i says which permission to add, and never the token', async (status) => {
    github.refuseArtifacts = status;
    const err = await kept()
      .list(NAME)
      .catch((e: Error) => e);
    expect((err as Error).message).toBe(
      `could not list the kept archives: GET /repos/octo-org/shop/actions/artifacts?name=${NAME}: github answered ${status}: give the workflow "permissions: actions: read"`,
    );
    expect((err as Error).message).not.toContain(TOKEN);
  });

  it('a 401 says the token was refused, and never the token', async () => {
    github.refuseArtifacts = 401;
    const err = await kept()
      .list(NAME)
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^could not list the kept archives: GET /repos/octo-org/shop/actions/artifacts\\?name=${NAME}: github answered 401 \\(.*\\): the token was refused; check github-token$`,
      ),
    );
    expect((err as Error).message).not.toContain(TOKEN);
  });

  it('a GitHub API that cannot be reached is named as such', async () => {
    // A port just freed: nothing listens there, so the connection is refused.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    const err = await keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: `http://127.0.0.1:${port}` })
      .list(NAME)
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      /^could not list the kept archives: .*: the GitHub API could not be reached: /,
    );
    expect((err as Error).message).not.toContain(TOKEN);
  });

  it('reads every page of a listing that gives no total_count (GitHub gives one; another server may not)', async () => {
    const pages: string[] = [];
    const artifact = (id: number) => ({ id, name: NAME, expired: false, created_at: null, workflow_run: { id } });
    const fetchWithoutTotal: typeof fetch = async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const page = Number(url.searchParams.get('page'));
      pages.push(String(page));
      const ids = page === 1 ? [...Array(100).keys()].map((i) => i + 1) : page === 2 ? [101, 102] : [];
      return new Response(JSON.stringify({ artifacts: ids.map(artifact) }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const listing = await keptArchives({
      token: TOKEN,
      repository: 'octo-org/shop',
      apiUrl: github.url,
      fetch: fetchWithoutTotal,
    }).list(NAME);
    expect(listing.map((a) => a.id)).toEqual([...Array(102).keys()].map((i) => i + 1));
    expect(pages).toEqual(['1', '2']);
  });

  it('a repository that is not owner/repo fails before any request', async () => {
    const err = await keptArchives({ token: TOKEN, repository: 'shop', apiUrl: github.url })
      .list(NAME)
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(/GITHUB_REPOSITORY is "shop", not owner\/repo/);
    expect(github.requests).toEqual([]);
  });

  it('exactly a page kept, as GitHub counts them: one request, not a second for an empty page', async () => {
    for (let id = 1; id <= 100; id++) plant(id);
    const listing = await kept().list(NAME);
    expect(listing).toHaveLength(100);
    expect(github.requests.map((r) => r.query.page)).toEqual(['1']);
  });

  it('stops where GitHub’s total_count says, even on a full page', async () => {
    const f = scriptedFetch({
      match: 'GET /repos/octo-org/shop/actions/artifacts',
      status: 200,
      body: { total_count: 100, artifacts: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: NAME })) },
    });
    const listing = await keptArchives({
      token: TOKEN,
      repository: 'octo-org/shop',
      apiUrl: github.url,
      fetch: f,
    }).list(NAME);
    expect(listing).toHaveLength(100);
    expect(f.seen).toHaveLength(1);
  });

  it('reads at most 10 pages of a listing that never ends', async () => {
    const f = scriptedFetch({
      match: 'GET /repos/octo-org/shop/actions/artifacts',
      status: 200,
      body: { artifacts: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: NAME })) },
    });
    const listing = await keptArchives({
      token: TOKEN,
      repository: 'octo-org/shop',
      apiUrl: github.url,
      fetch: f,
    }).list(NAME);
    expect(listing).toHaveLength(1000);
    expect(f.seen.map((s) => new URL(s, 'http://x').searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
  });

  it.each([
    ['no artifacts field', { total_count: 3 }],
    ['artifacts that are not a list', { total_count: 1, artifacts: { id: 1 } }],
    ['an empty body', null],
  ])('a listing with %s is an empty one', async (_, body) => {
    const f = scriptedFetch({ match: 'GET /repos/octo-org/shop/actions/artifacts', status: 200, body });
    const listing = await keptArchives({
      token: TOKEN,
      repository: 'octo-org/shop',
      apiUrl: github.url,
      fetch: f,
    }).list(NAME);
    expect(listing).toEqual([]);
    expect(f.seen).toHaveLength(1);
  });

  it('artifacts listed without their optional fields are passed on as they are', async () => {
    const f = scriptedFetch({
      match: 'GET /repos/octo-org/shop/actions/artifacts',
      status: 200,
      body: { total_count: 1, artifacts: [{ id: 7, name: NAME }] },
    });
    const listing = await keptArchives({
      token: TOKEN,
      repository: 'octo-org/shop',
      apiUrl: github.url,
      fetch: f,
    }).list(NAME);
    expect(listing).toEqual([{ id: 7, name: NAME }]);
  });

  it.each([
    [422, 'Validation Failed', 'github answered 422: Validation Failed'],
    [
      429,
      'API rate limit exceeded',
      "github answered 429 (API rate limit exceeded - https://docs.github.com/rest): GitHub's rate limit; a later run can try again",
    ],
    [
      500,
      'Server Error',
      "github answered 500 (Server Error - https://docs.github.com/rest): a failure on GitHub's side; a later run can try again",
    ],
    [
      503,
      'Service Unavailable',
      "github answered 503 (Service Unavailable - https://docs.github.com/rest): a failure on GitHub's side; a later run can try again",
    ],
  ])('a %i names the request and GitHub’s answer', async (status, message, words) => {
    const f = scriptedFetch({
      match: 'GET /repos/octo-org/shop/actions/artifacts',
      status,
      body: { message, documentation_url: 'https://docs.github.com/rest' },
    });
    const err = await keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: github.url, fetch: f })
      .list(NAME)
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      new RegExp(`^could not list the kept archives: GET /repos/octo-org/shop/actions/artifacts\\?name=${NAME}: `),
    );
    expect((err as Error).message).toContain(words);
  });

  it('a refusal on the second page fails the listing: no half list is used', async () => {
    for (let id = 1; id <= 130; id++) plant(id);
    const f = scriptedFetch({
      match: (_method, url) => url.pathname.endsWith('/actions/artifacts') && url.searchParams.get('page') === '2',
      status: 502,
      body: { message: 'Bad Gateway' },
    });
    const err = await keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: github.url, fetch: f })
      .list(NAME)
      .catch((e: Error) => e);
    expect((err as Error).message).toContain('github answered 502 (Bad Gateway)');
  });

  it('hands the signal to each request; a cancelled listing throws the cancellation, not a refusal', async () => {
    let given: AbortSignal | undefined;
    const waitForAbort: typeof fetch = (_input, init) =>
      new Promise((_, reject) => {
        given = init?.signal ?? undefined;
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    const controller = new AbortController();
    const pending = keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: github.url, fetch: waitForAbort })
      .list(NAME, controller.signal)
      .catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 10));
    expect(given).toBe(controller.signal);
    controller.abort();
    const err = (await pending) as Error;
    expect(err.name).toBe('AbortError');
    expect(err.message).not.toMatch(/could not list/);
  });

  it('a cancelled listing throws as it is, whatever the fetch threw', async () => {
    const controller = new AbortController();
    controller.abort();
    const failing: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const err = await keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: github.url, fetch: failing })
      .list(NAME, controller.signal)
      .catch((e: Error) => e);
    expect((err as Error).message).not.toMatch(/could not list/);
  });

  it('an AbortError without a signal (a fetch that gave up) is thrown as it is', async () => {
    const timingOut: typeof fetch = async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    };
    const err = await keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: github.url, fetch: timingOut })
      .list(NAME)
      .catch((e: Error) => e);
    expect((err as Error).name).toBe('AbortError');
  });
});
