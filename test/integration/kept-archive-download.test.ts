/**
 * Fetching a kept archive (keptArchives().download, src/github/kept-archives.ts) against the fake
 * GitHub: @actions/artifact's client asks `…/artifacts/{id}/zip`, follows the redirect to the
 * blob origin without GitHub's token, unpacks, and compares the digest GitHub listed. A refusal
 * names the request, GitHub's answer and the permission. @actions/artifact reads GITHUB_API_URL
 * when @actions/github is first loaded, so this file points it at the fake before any test runs.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGithub, type FakeGithub } from '../../scripts/fake-github.js';
import { keptArchives } from '../../src/github/kept-archives.js';
import type { ListedArtifact } from '../../src/github/pick-kept.js';
import { REPOSITORY, TOKEN } from '../helpers/in-process-github.js';
import { storedZip } from '../helpers/stored-zip.js';

const NAME = 'headless-deploy-shop-pr-1';
let github: FakeGithub;
const apiUrlBefore = process.env.GITHUB_API_URL;
let dir: string;

beforeAll(async () => {
  github = await startFakeGithub();
  process.env.GITHUB_API_URL = github.url;
});
afterAll(async () => {
  if (apiUrlBefore === undefined) delete process.env.GITHUB_API_URL;
  else process.env.GITHUB_API_URL = apiUrlBefore;
  await github?.close();
});
beforeEach(() => {
  github.reset();
  dir = mkdtempSync(join(tmpdir(), 'hd-kept-download-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytes = storedZip([
  { name: 'archive.zip', data: 'the app zip' },
  { name: 'manifest.json', data: '{"app":"shop"}' },
]);
const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

function plant(id: number, over: { digest?: string | null; expired?: boolean } = {}): ListedArtifact {
  github.artifacts.push({ id, name: NAME, runId: 77, createdAt: '2026-11-01T00:00:00Z', bytes, ...over });
  return {
    id,
    name: NAME,
    expired: over.expired === true,
    created_at: '2026-11-01T00:00:00Z',
    workflow_run: { id: 77 },
  } as ListedArtifact;
}
const kept = (repository = REPOSITORY) => keptArchives({ token: TOKEN, repository, apiUrl: github.url });

describe('keptArchives().download', () => {
  it('fetches the artifact through the redirect, without the token on the blob origin, and unpacks it', async () => {
    const a = plant(41, { digest });
    await expect(kept().download({ ...a, digest }, dir)).resolves.toEqual({ digestMismatch: false });
    expect(readFileSync(join(dir, 'archive.zip'), 'utf8')).toBe('the app zip');
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe('{"app":"shop"}');
    expect(github.requests.map((q) => [q.method, q.path, q.authorization])).toEqual([
      ['GET', `/repos/${REPOSITORY}/actions/artifacts/41/zip`, `token ${TOKEN}`],
    ]);
    expect(github.blobRequests).toEqual([{ path: '/blobs/41.zip', authorization: undefined }]);
  });

  it('says when what was fetched does not match the digest GitHub lists', async () => {
    const listed = `sha256:${'0'.repeat(64)}`;
    const a = plant(42, { digest: listed });
    await expect(kept().download({ ...a, digest: listed }, dir)).resolves.toEqual({ digestMismatch: true });
  });

  it.each([null, undefined, ''])('an artifact listed without a digest (%j) is not compared', async (d) => {
    const a = plant(43);
    await expect(kept().download({ ...a, digest: d }, dir)).resolves.toEqual({ digestMismatch: false });
  });

  it('an artifact listed without its run is still fetched', async () => {
    const a = plant(44, { digest });
    const { workflow_run: _, ...withoutRun } = a;
    await expect(kept().download({ ...withoutRun, digest } as ListedArtifact, dir)).resolves.toEqual({
      digestMismatch: false,
    });
  });

  it.each([
    [403, 'github answered 403: give the workflow "permissions: actions: read"'],
    [404, 'github answered 404: give the workflow "permissions: actions: read"'],
    [401, 'github answered 401 (Resource not accessible by integration'],
    [
      500,
      "github answered 500 (Resource not accessible by integration - https://docs.github.com/rest): a failure on GitHub's side; a later run can try again",
    ],
  ])('a %i names the request, the answer and what to do, never the token', async (status, words) => {
    const a = plant(45, { digest });
    github.refuseArtifacts = status;
    const err = await kept()
      .download(a, dir)
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      new RegExp(`^could not fetch artifact 45: GET /repos/${REPOSITORY}/actions/artifacts/45/zip: `),
    );
    expect((err as Error).message).toContain(words);
    expect((err as Error).message).not.toContain(TOKEN);
    expect(github.blobRequests).toEqual([]);
  });

  it('an artifact that expired: GitHub’s 410 and its words', async () => {
    const a = plant(46, { expired: true });
    const err = await kept()
      .download(a, dir)
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      /^could not fetch artifact 46: GET \/repos\/octo-org\/shop\/actions\/artifacts\/46\/zip: github answered 410: Artifact has expired/,
    );
  });

  it('a repository that is not owner/repo fails before any request', async () => {
    const a = plant(47);
    await expect(kept('shop').download(a, dir)).rejects.toThrow(
      'GITHUB_REPOSITORY is "shop", not owner/repo, so no kept archive can be read',
    );
    expect(github.requests).toEqual([]);
  });
});
