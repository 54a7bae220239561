/**
 * The kept archives on GitHub (src/github/kept-archives.ts) against the fake GitHub, checked
 * against GitHub's published REST description: the listing by name across pages (and where it
 * stops), what a refusal says, and cancellation; then the download of one with @actions/artifact's
 * client, which asks `…/artifacts/{id}/zip`, follows the redirect to the blob origin without
 * GitHub's token, unpacks, and compares the digest GitHub listed. @actions/artifact reads
 * GITHUB_API_URL when it is first loaded, so kept-archives.ts is loaded once it points at the fake.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickKept, type ListedArtifact } from '../../src/github/pick-kept.js';
import {
  REPOSITORY,
  TOKEN,
  freedPort,
  githubError,
  scriptedFetch,
  useFakeGithub,
} from '../helpers/in-process-github.js';
import { storedZip } from '../helpers/stored-zip.js';

const fx = useFakeGithub();
let keptArchives: typeof import('../../src/github/kept-archives.js').keptArchives;
beforeAll(async () => {
  vi.stubEnv('GITHUB_API_URL', fx.github.url);
  ({ keptArchives } = await import('../../src/github/kept-archives.js'));
});
afterAll(() => vi.unstubAllEnvs());
const NAME = 'headless-deploy-shop-0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
const LISTING = 'GET /repos/octo-org/shop/actions/artifacts';
const REFUSED = `could not list the kept archives: GET /repos/octo-org/shop/actions/artifacts?name=${NAME}: `;

const plant = (id: number, name = NAME, expired = false) =>
  fx.github.artifacts.push({
    id,
    name,
    runId: 1000 + id,
    createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    expired,
    digest: `sha256:${'0'.repeat(64)}`,
    bytes: Buffer.from('zip'),
  });
const list = (over: { fetch?: typeof fetch; apiUrl?: string; repository?: string } = {}, signal?: AbortSignal) =>
  keptArchives({ token: TOKEN, repository: 'octo-org/shop', apiUrl: fx.github.url, ...over }).list(NAME, signal);
const failure = (p: Promise<unknown>) => p.then(() => expect.fail('expected a failure')).catch((e: Error) => e);
/** A fetch that answers every listing with `body`. */
const answering = (body: unknown, status = 200) => scriptedFetch({ match: LISTING, status, body });
const artifacts = (ids: number[]) => ids.map((id) => ({ id, name: NAME }));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('kept archives on GitHub', () => {
  it('lists every artifact of the name, page after page, and only those', async () => {
    for (const id of range(1, 130)) plant(id);
    plant(500, `${NAME}-other`);
    const listing = await list();
    expect(listing.map((a) => a.id).sort((a, b) => a - b)).toEqual(range(1, 130));
    const asked = fx.github.requests.filter((r) => r.path === '/repos/octo-org/shop/actions/artifacts');
    expect(asked.map((r) => [r.query.name, r.query.per_page, r.query.page])).toEqual([
      [NAME, '100', '1'],
      [NAME, '100', '2'],
    ]);
    expect(asked.every((r) => r.authorization?.endsWith(TOKEN))).toBe(true);
    // What the listing passes on is what picking needs: the newest kept before run 1130 (id 130) is id 129.
    expect(pickKept(listing, NAME, { kind: 'before-run', runId: 1130 })).toEqual({
      artifact: expect.objectContaining({ id: 129 }),
    });
  });

  it('one page when fewer than a page are kept, or exactly a page as GitHub counts them', async () => {
    plant(1);
    plant(2, NAME, true);
    expect((await list()).map((a) => [a.id, a.expired, a.workflow_run?.id, a.digest])).toEqual([
      [2, true, 1002, `sha256:${'0'.repeat(64)}`],
      [1, false, 1001, `sha256:${'0'.repeat(64)}`],
    ]);
    fx.github.reset();
    for (const id of range(1, 100)) plant(id);
    expect(await list()).toHaveLength(100);
    expect(fx.github.requests.map((r) => r.query.page)).toEqual(['1']);
  });

  it('stops where GitHub’s total_count says, even on a full page; without it, at a short page; at most 10 pages', async () => {
    const counted = answering({ total_count: 100, artifacts: artifacts(range(1, 100)) });
    expect(await list({ fetch: counted })).toHaveLength(100);
    expect(counted.seen).toHaveLength(1);

    const pages: string[] = [];
    const withoutTotal: typeof fetch = async (input) => {
      const page = new URL(String(input instanceof Request ? input.url : input)).searchParams.get('page')!;
      pages.push(page);
      const ids = page === '1' ? range(1, 100) : page === '2' ? [101, 102] : [];
      return Response.json({ artifacts: artifacts(ids) });
    };
    expect((await list({ fetch: withoutTotal })).map((a) => a.id)).toEqual(range(1, 102));
    expect(pages).toEqual(['1', '2']);

    const endless = answering({ artifacts: artifacts(range(1, 100)) });
    expect(await list({ fetch: endless })).toHaveLength(1000);
    expect(endless.seen.map((s) => new URL(s, 'http://x').searchParams.get('page'))).toEqual(range(1, 10).map(String));
  });

  it.each([
    ['no artifacts field', { total_count: 3 }],
    ['artifacts that are not a list', { total_count: 1, artifacts: { id: 1 } }],
    ['an empty body', null],
  ])('a listing with %s is an empty one', async (_, body) => {
    const f = answering(body);
    expect(await list({ fetch: f })).toEqual([]);
    expect(f.seen).toHaveLength(1);
  });

  it('artifacts listed without their optional fields are passed on as they are', async () => {
    expect(await list({ fetch: answering({ total_count: 1, artifacts: [{ id: 7, name: NAME }] }) })).toEqual([
      { id: 7, name: NAME },
    ]);
  });

  // Each status's words are explainRefusal's (test/unit/github-octokit.test.ts): here, that a refusal
  // of the fake GitHub and one GitHub words itself both reach them, with the scope to give.
  it.each([
    [403, null, 'github answered 403: give the workflow "permissions: actions: read"'],
    [
      503,
      'Service Unavailable',
      "github answered 503 (Service Unavailable - https://docs.github.com/rest): a failure on GitHub's side",
    ],
  ])('a %i names the request, GitHub’s answer and what to do, never the token', async (status, message, words) => {
    if (message === null) fx.github.refuseArtifacts = status;
    const err = await failure(list(message === null ? {} : { fetch: answering(githubError(message), status) }));
    expect(err.message.startsWith(REFUSED)).toBe(true);
    expect(err.message).toContain(words);
    expect(err.message).not.toContain(TOKEN);
  });

  it('a refusal on the second page fails the listing: no half list is used', async () => {
    for (const id of range(1, 130)) plant(id);
    const f = scriptedFetch({
      match: (_method, url) => url.pathname.endsWith('/actions/artifacts') && url.searchParams.get('page') === '2',
      status: 502,
      body: { message: 'Bad Gateway' },
    });
    expect((await failure(list({ fetch: f }))).message).toContain('github answered 502 (Bad Gateway)');
  });

  it('a GitHub API that cannot be reached is named as such, never with the token', async () => {
    const err = await failure(list({ apiUrl: `http://127.0.0.1:${await freedPort()}` }));
    expect(err.message).toMatch(/^could not list the kept archives: .*: the GitHub API could not be reached: /);
    expect(err.message).not.toContain(TOKEN);
  });

  it('a repository that is not owner/repo fails before any request', async () => {
    expect((await failure(list({ repository: 'shop' }))).message).toMatch(
      /GITHUB_REPOSITORY is "shop", not owner\/repo/,
    );
    expect(fx.github.requests).toEqual([]);
  });

  it('hands the signal to each request; a cancelled listing throws the cancellation, not a refusal', async () => {
    let given: AbortSignal | undefined;
    const waitForAbort: typeof fetch = (_input, init) =>
      new Promise((_, reject) => {
        given = init?.signal ?? undefined;
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    const controller = new AbortController();
    const pending = failure(list({ fetch: waitForAbort }, controller.signal));
    await new Promise((r) => setTimeout(r, 10));
    expect(given).toBe(controller.signal);
    controller.abort();
    const err = await pending;
    expect(err.name).toBe('AbortError');
    expect(err.message).not.toMatch(/could not list/);
  });

  it.each([
    ['a cancelled listing, whatever the fetch threw', new TypeError('fetch failed'), true],
    [
      'an AbortError without a signal (a fetch that gave up)',
      new DOMException('The operation was aborted.', 'AbortError'),
      false,
    ],
  ])('%s: thrown, not taken for a refusal', async (_, thrown, cancelled) => {
    const controller = new AbortController();
    if (cancelled) controller.abort();
    const err = await failure(list({ fetch: () => Promise.reject(thrown) }, cancelled ? controller.signal : undefined));
    expect(err.message).not.toMatch(/could not list/);
    if (!cancelled) expect(err.name).toBe('AbortError');
  });
});

let dir: string;
const zipOfArtifact = storedZip([
  { name: 'archive.zip', data: 'the app zip' },
  { name: 'manifest.json', data: '{"app":"shop"}' },
]);
const digest = `sha256:${createHash('sha256').update(zipOfArtifact).digest('hex')}`;

/** An artifact GitHub holds, as its listing shows it (`digest` as listed, or none). */
function plantArtifact(id: number, over: { digest?: string | null; expired?: boolean } = {}): ListedArtifact {
  fx.github.artifacts.push({
    id,
    name: NAME,
    runId: 77,
    createdAt: '2026-11-01T00:00:00Z',
    bytes: zipOfArtifact,
    ...over,
  });
  const listed = { id, name: NAME, expired: over.expired === true, created_at: '2026-11-01T00:00:00Z' };
  return { ...listed, workflow_run: { id: 77 }, digest: over.digest } as ListedArtifact;
}
const download = (a: ListedArtifact, repository = REPOSITORY) =>
  keptArchives({ token: TOKEN, repository, apiUrl: fx.github.url }).download(a, dir);

describe('keptArchives().download', () => {
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'hd-kept-download-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fetches the artifact through the redirect, without the token on the blob origin, and unpacks it', async () => {
    await expect(download(plantArtifact(41, { digest }))).resolves.toEqual({ digestMismatch: false });
    expect(readFileSync(join(dir, 'archive.zip'), 'utf8')).toBe('the app zip');
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe('{"app":"shop"}');
    expect(fx.github.requests.map((q) => [q.method, q.path, q.authorization])).toEqual([
      ['GET', `/repos/${REPOSITORY}/actions/artifacts/41/zip`, `token ${TOKEN}`],
    ]);
    expect(fx.github.blobRequests).toEqual([{ path: '/blobs/41.zip', authorization: undefined }]);
  });

  it.each([
    ['a digest it does not match', `sha256:${'0'.repeat(64)}`, true],
    ['no digest (null)', null, false],
    ['no digest (empty)', '', false],
    ['no run', digest, false],
  ])('an artifact listed with %s: compared only against a digest given', async (label, listed, mismatch) => {
    const { workflow_run, ...a } = plantArtifact(42, { digest: listed });
    const listing = (label === 'no run' ? a : { ...a, workflow_run }) as ListedArtifact;
    await expect(download(listing)).resolves.toEqual({ digestMismatch: mismatch });
  });

  it('a 403 names the request, the answer and the scope to give, never the token; nothing asked of the blob store', async () => {
    fx.github.refuseArtifacts = 403;
    const err = await failure(download(plantArtifact(45, { digest })));
    expect(err.message).toMatch(
      new RegExp(`^could not fetch artifact 45: GET /repos/${REPOSITORY}/actions/artifacts/45/zip: `),
    );
    expect(err.message).toContain('github answered 403: give the workflow "permissions: actions: read"');
    expect(err.message).not.toContain(TOKEN);
    expect(fx.github.blobRequests).toEqual([]);
  });

  it('an artifact that expired: GitHub’s 410 and its words', async () => {
    expect((await failure(download(plantArtifact(46, { expired: true })))).message).toMatch(
      /^could not fetch artifact 46: GET \/repos\/octo-org\/shop\/actions\/artifacts\/46\/zip: github answered 410: Artifact has expired/,
    );
  });

  it('a repository that is not owner/repo fails before any request', async () => {
    await expect(download(plantArtifact(47), 'shop')).rejects.toThrow(
      'GITHUB_REPOSITORY is "shop", not owner/repo, so no kept archive can be read',
    );
    expect(fx.github.requests).toEqual([]);
  });
});
