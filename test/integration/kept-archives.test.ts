/**
 * The kept archives on GitHub (src/github/kept-archives.ts) against the fake GitHub, checked
 * against GitHub's published REST description: the listing by name across pages (and where it
 * stops), what a refusal says, and cancellation. Then the bounded fetch of one: `…/artifacts/{id}/zip`
 * with the token, its redirect followed without it, the zip read as it streams in. Its reader is
 * tried on the bytes @actions/artifact's real upload produces (through Azurite), on every entry
 * shape a zip may use, and on artifacts built to break it: too large as listed, as served, or
 * once inflated (a zip bomb), entries out of order, missing or unknown, a digest that differs.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { DefaultArtifactClient } from '@actions/artifact';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeArtifact } from '../../scripts/fake-github.js';
import { keptArchives, type FetchBounds, type FetchedArtifact } from '../../src/github/kept-archives.js';
import { pickKept, type ListedArtifact } from '../../src/github/pick-kept.js';
import { listedAsGithubWould, runtimeEnv, useArtifactService } from '../helpers/artifact-service.js';
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
const service = useArtifactService();
beforeAll(() => {
  for (const [k, v] of Object.entries(runtimeEnv(service.results))) vi.stubEnv(k, v);
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

const MANIFEST = 'headless-deploy-manifest.json';
const MiB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const noise = (bytes: number) =>
  Buffer.concat(Array.from({ length: bytes / 32 }, (_, i) => createHash('sha256').update(String(i)).digest()));
/**
 * An app zip whose end is hard to find in a stream: a zip itself (local headers inside), a file
 * opening with a descriptor's signature, and more than one of the reader's 64 KiB scan windows.
 */
const APP_ZIP = storedZip([
  { name: 'index.html', data: '<h1>kept</h1>\n' },
  { name: 'decoy.bin', data: Buffer.concat([Buffer.from('PK\x07\x08'), Buffer.alloc(12), Buffer.from('PK\x01\x02')]) },
  { name: 'noise.bin', data: noise(200 * 1024) },
]);
const manifestFor = (zip: Buffer, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ version: 2, sha256: sha256(zip), bytes: zip.length, ...fields });
/** The judge a rollback gives: a version 2 manifest, and its `bytes`. */
const bounds = (maxListedBytes = 2048 * MiB): FetchBounds => ({
  maxListedBytes,
  archiveBytes: (text) => {
    const m = JSON.parse(text) as { version?: unknown; bytes?: number };
    return m.version === 2 ? m.bytes! : { problem: `the manifest has version ${JSON.stringify(m.version)}, not 2` };
  },
});

interface Entry {
  name: string;
  data: Buffer | string;
  deflate?: boolean;
  /** Sizes and CRC-32 after the data (flag bit 3), with the descriptor's signature unless `unsigned`. */
  described?: boolean;
  unsigned?: boolean;
  /** zip64 sizes: the extra field, and a 64-bit descriptor. */
  wide?: boolean;
  /** A CRC-32 that is not the data's. */
  crc?: number;
}

/** A zip written by hand in any of the shapes zip writers use, then `after` (bytes past its end). */
function zipOf(entries: Entry[], after = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const body = e.deflate ? deflateRawSync(data) : data;
    const crc = e.crc ?? crc32(data);
    const name = Buffer.from(e.name);
    const extra = Buffer.alloc(e.wide ? 20 : 0);
    if (e.wide) {
      extra.writeUInt32LE(0x00100001, 0);
      extra.writeBigUInt64LE(BigInt(data.length), 4);
      extra.writeBigUInt64LE(BigInt(body.length), 12);
    }
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(e.wide ? 45 : 20, 4);
    header.writeUInt16LE(0x800 | (e.described ? 8 : 0), 6);
    header.writeUInt16LE(e.deflate ? 8 : 0, 8);
    if (!e.described) {
      header.writeUInt32LE(crc, 14);
      header.writeUInt32LE(e.wide ? 0xffffffff : body.length, 18);
      header.writeUInt32LE(e.wide ? 0xffffffff : data.length, 22);
    }
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(extra.length, 28);
    parts.push(header, name, extra, body);
    if (e.described) {
      const d = Buffer.alloc(e.wide ? 24 : 16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(crc, 4);
      if (e.wide) {
        d.writeBigUInt64LE(BigInt(body.length), 8);
        d.writeBigUInt64LE(BigInt(data.length), 16);
      } else {
        d.writeUInt32LE(body.length, 8);
        d.writeUInt32LE(data.length, 12);
      }
      parts.push(e.unsigned ? d.subarray(4) : d);
    }
  }
  // The end of the central directory, where the reader stops reading entries (the rest is hashed).
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([...parts, end, after]);
}
const GOOD = zipOf([
  { name: MANIFEST, data: manifestFor(APP_ZIP) },
  { name: 'archive.zip', data: APP_ZIP },
]);

let dir: string;
let nextId = 100;
const kept = (o: { fetch?: typeof fetch; repository?: string } = {}) =>
  keptArchives({ token: TOKEN, repository: REPOSITORY, apiUrl: fx.github.url, ...o });
/** GitHub holds `a`; it is fetched into `dir`, as GitHub's listing shows it. */
function fetchListed(
  a: FakeArtifact,
  o: { bounds?: FetchBounds; fetch?: typeof fetch; signal?: AbortSignal; repository?: string } = {},
): Promise<FetchedArtifact> {
  fx.github.artifacts.push(a);
  const listed: ListedArtifact = {
    id: a.id,
    name: a.name,
    expired: a.expired === true,
    created_at: a.createdAt,
    workflow_run: { id: a.runId },
    digest: a.digest ?? null,
    size_in_bytes: a.listedBytes ?? a.bytes.length,
  };
  return kept(o).download(listed, dir, o.bounds ?? bounds(), o.signal);
}
/** An artifact of these bytes (its digest listed unless said otherwise), fetched. */
const fetchPlanted = (
  bytes: Buffer,
  o: Parameters<typeof fetchListed>[1] & { digest?: string | null; listedBytes?: number; expired?: boolean } = {},
) =>
  fetchListed(
    {
      id: ++nextId,
      name: NAME,
      runId: 77,
      createdAt: '2026-11-01T00:00:00Z',
      bytes,
      digest: o.digest === undefined ? `sha256:${sha256(bytes)}` : o.digest,
      expired: o.expired === true,
      ...(o.listedBytes === undefined ? {} : { listedBytes: o.listedBytes }),
    },
    o,
  );
/** An artifact made by @actions/artifact's real upload (to Azurite), as GitHub would list and serve it. */
async function uploaded(files: [string, Buffer | string][], compressionLevel = 0): Promise<FakeArtifact> {
  const root = mkdtempSync(join(tmpdir(), 'hd-kept-upload-'));
  const name = `${NAME}-${++nextId}`;
  try {
    for (const [file, data] of files) writeFileSync(join(root, file), data);
    const paths = files.map(([file]) => join(root, file));
    await new DefaultArtifactClient().uploadArtifact(name, paths, root, { compressionLevel });
    return await listedAsGithubWould(service.azurite, service.results, name, { id: nextId, runId: 77 });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
const why = (r: FetchedArtifact) => (r.kind === 'refused' ? r.why : `fetched (${r.zipBytes} bytes)`);
const zipAsked = () => fx.github.requests.filter((q) => q.path.endsWith('/zip'));
/** The same fetch, but the blob's answer does not say its length (a chunked answer). */
const withoutLength: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!String(input instanceof Request ? input.url : input).includes('/blobs/')) return res;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(res.body, { status: res.status, headers });
};

describe('keptArchives().download', () => {
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'hd-kept-download-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([0, 6])(
    'what @actions/artifact uploads (compression level %i): fetched through the redirect, the token only to GitHub, archive.zip alone on disk',
    async (level) => {
      const manifest = manifestFor(APP_ZIP);
      const a = await uploaded(
        [
          [MANIFEST, manifest],
          ['archive.zip', APP_ZIP],
        ],
        level,
      );
      // What the reader copes with: either order (the toolkit stats its files four at a time),
      // and sizes only after the data (flag bit 3), even when stored.
      const first = a.bytes.subarray(30, 30 + a.bytes.readUInt16LE(26)).toString();
      expect([MANIFEST, 'archive.zip']).toContain(first);
      expect([a.bytes.readUInt16LE(6) & 8, a.bytes.readUInt16LE(8)]).toEqual([8, level === 0 ? 0 : 8]);
      const r = await fetchListed(a);
      expect(r).toEqual({
        kind: 'fetched',
        manifestText: manifest,
        zipPath: join(dir, 'archive.zip'),
        zipBytes: APP_ZIP.length,
      });
      expect(readdirSync(dir)).toEqual(['archive.zip']);
      expect(readFileSync(join(dir, 'archive.zip')).equals(APP_ZIP)).toBe(true);
      // Fetched once, or twice when archive.zip came first (counted, then written).
      const fetches = first === MANIFEST ? 1 : 2;
      const zip = ['GET', `/repos/${REPOSITORY}/actions/artifacts/${a.id}/zip`, `token ${TOKEN}`];
      expect(fx.github.requests.map((q) => [q.method, q.path, q.authorization])).toEqual(Array(fetches).fill(zip));
      expect(fx.github.blobRequests).toEqual(
        Array(fetches).fill({ path: `/blobs/${a.id}.zip`, authorization: undefined, served: a.bytes.length }),
      );
    },
  );

  // The toolkit's upload stats files four at a time: the order given is not always the order
  // stored. archive.zip first is only counted; once the manifest is judged, a second fetch writes it.
  it.each([
    [2, `fetched (${APP_ZIP.length} bytes)`, 2],
    [1, 'the manifest has version 1, not 2', 1],
  ])(
    'archive.zip stored first, its manifest of version %i: %s, fetched %i times, nothing written before the manifest',
    async (version, outcome, fetches) => {
      const shape = { deflate: true, described: true };
      const bytes = zipOf([
        { name: 'archive.zip', data: APP_ZIP, ...shape },
        { name: MANIFEST, data: manifestFor(APP_ZIP, { version }), ...shape },
      ]);
      // Every change in `dir`, with how many blob fetches had begun when it came.
      const touched: number[] = [];
      const watcher = watch(dir, () => touched.push(fx.github.blobRequests.length));
      const r = await fetchPlanted(bytes).finally(() => watcher.close());
      expect(why(r)).toBe(outcome);
      expect(fx.github.blobRequests).toHaveLength(fetches);
      expect(touched.filter((n) => n < 2)).toEqual([]);
      expect(readdirSync(dir)).toEqual(version === 2 ? ['archive.zip'] : []);
      if (version === 2) expect(readFileSync(join(dir, 'archive.zip')).equals(APP_ZIP)).toBe(true);
    },
  );

  it.each<[string, Partial<Entry>]>([
    ['stored, sizes in the header', {}],
    ['stored, sizes after the data', { described: true }],
    ['stored, zip64 sizes after the data', { described: true, wide: true }],
    ['deflated, sizes in the header', { deflate: true }],
    ['deflated, zip64 sizes in the header', { deflate: true, wide: true }],
    ['deflated, sizes after the data', { deflate: true, described: true }],
    ['deflated, sizes after the data without their signature', { deflate: true, described: true, unsigned: true }],
  ])('entries %s: fetched whole', async (_, shape) => {
    const manifest = manifestFor(APP_ZIP);
    const r = await fetchPlanted(
      zipOf([
        { name: MANIFEST, data: manifest, ...shape },
        { name: 'archive.zip', data: APP_ZIP, ...shape },
      ]),
    );
    expect(r).toMatchObject({ kind: 'fetched', manifestText: manifest, zipBytes: APP_ZIP.length });
    expect(readFileSync(join(dir, 'archive.zip')).equals(APP_ZIP)).toBe(true);
  });

  const manifestEntry = { name: MANIFEST, data: manifestFor(APP_ZIP) };
  const archiveEntry = { name: 'archive.zip', data: APP_ZIP };
  it.each<[string, Buffer, RegExp]>([
    [
      'a stored archive.zip larger than its manifest records',
      zipOf([{ name: MANIFEST, data: manifestFor(APP_ZIP, { bytes: 1000 }) }, archiveEntry]),
      /^its archive\.zip holds more than the 1000 B its manifest records: stopped, and removed$/,
    ],
    [
      'a manifest over 64 KiB',
      zipOf([{ name: MANIFEST, data: `${manifestFor(APP_ZIP)}${' '.repeat(64 * 1024)}` }, archiveEntry]),
      /^its headless-deploy-manifest\.json is over 64\.0 KiB/,
    ],
    [
      'a manifest the judge refuses',
      zipOf([{ name: MANIFEST, data: manifestFor(APP_ZIP, { version: 1 }) }, archiveEntry]),
      /^the manifest has version 1, not 2$/,
    ],
    [
      'a deflated archive.zip before the manifest that unpacks to more than the artifact is listed at',
      zipOf([{ name: 'archive.zip', data: Buffer.alloc(8 * MiB), deflate: true, described: true }, manifestEntry]),
      /^its archive\.zip comes before the manifest and unpacks to more than the artifact is listed at, 8\.\d KiB .*\)$/,
    ],
    [
      'archive.zip before a manifest that records fewer bytes',
      zipOf([archiveEntry, { name: MANIFEST, data: manifestFor(APP_ZIP, { bytes: 10 }) }]),
      /^its archive\.zip holds more than the 10 B its manifest records$/,
    ],
    ['no manifest', zipOf([archiveEntry]), /^it holds no headless-deploy-manifest\.json$/],
    ['no archive.zip', zipOf([manifestEntry]), /^it holds no archive\.zip$/],
    [
      'an entry keep-archive never writes',
      zipOf([manifestEntry, archiveEntry, { name: 'notes\x1b.txt', data: 'x' }]),
      /^it holds "notes\\u001b\.txt", which keep-archive never writes/,
    ],
    ['archive.zip twice', zipOf([manifestEntry, archiveEntry, archiveEntry]), /^it holds "archive\.zip" twice$/],
    [
      'content that does not match its CRC-32',
      zipOf([manifestEntry, { ...archiveEntry, crc: 1 }]),
      /^it is not a zip that can be read: entry "archive\.zip": .* does not match the CRC-32/,
    ],
    [
      'a stored entry whose sizes follow it without a signature',
      zipOf([
        { name: MANIFEST, data: manifestFor(APP_ZIP, { bytes: 10 * MiB }) },
        { ...archiveEntry, described: true, unsigned: true },
      ]),
      /entry "archive\.zip": the zip ends before its data descriptor/,
    ],
    [
      'deflated data that is not deflate',
      // The manifest's deflated bytes (after its 30-byte header and 29-byte name) overwritten.
      zipOf([{ ...manifestEntry, deflate: true }, archiveEntry]).fill(0xff, 59, 69),
      /^it is not a zip that can be read: entry "headless-deploy-manifest\.json": its deflated data is broken \(Z_DATA_ERROR\)$/,
    ],
    [
      'a zip cut short',
      GOOD.subarray(0, 5000),
      /^it is not a zip that can be read: entry "archive\.zip": the zip ends/,
    ],
    ['not a zip at all', Buffer.from('<html>Service Unavailable</html>'), /no zip entry begins at byte 0$/],
  ])('%s: refused, nothing left on disk', async (_, bytes, words) => {
    expect(why(await fetchPlanted(bytes))).toMatch(words);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['a digest it does not match', `sha256:${'0'.repeat(64)}`, false],
    ['its own digest, in capitals', `sha256:${sha256(GOOD).toUpperCase()}`, true],
    ['no digest', null, true],
  ])('listed with %s: compared only with a digest given', async (_, digest, fetched) => {
    const r = await fetchPlanted(GOOD, { digest });
    expect(r.kind === 'refused' ? r.why : 'fetched').toMatch(
      fetched
        ? /^fetched$/
        : /^the artifact fetched has sha256 [0-9a-f]{64}, which does not match the digest GitHub lists/,
    );
    expect(readdirSync(dir)).toEqual(fetched ? ['archive.zip'] : []);
  });

  it('listed over the bound: refused before anything is asked of GitHub or the blob host', async () => {
    const r = await fetchPlanted(GOOD, { listedBytes: 3072 * MiB });
    expect(why(r)).toMatch(
      /^GitHub lists it at 3\.0 GiB \(3,221,225,472 bytes\), over the 2\.0 GiB \(2,147,483,648 bytes\) a rollback fetches, so nothing was fetched; max-archive-size raises/,
    );
    expect(zipAsked()).toEqual([]);
    expect(fx.github.blobRequests).toEqual([]);
  });

  it.each([
    ['says its length', undefined],
    ['does not say its length', withoutLength],
  ])('a blob larger than GitHub lists, that %s: reading stops past the listed size', async (_, f) => {
    const big = Buffer.alloc(48 * MiB);
    const bytes = zipOf([
      { name: MANIFEST, data: manifestFor(big) },
      { name: 'archive.zip', data: big },
    ]);
    const r = await fetchPlanted(bytes, { listedBytes: MiB, ...(f ? { fetch: f } : {}) });
    expect(why(r)).toMatch(/^the artifact's zip is larger than the 1\.0 MiB \(1,048,576 bytes\) GitHub lists for it/);
    expect(readdirSync(dir)).toEqual([]);
    expect(fx.github.blobRequests[0]!.served).toBeLessThan(bytes.length / 2);
  });

  it('a deflated archive.zip that inflates past its manifest’s bytes (a zip bomb): stopped at once, removed, the disk never held more', async () => {
    const zeros = Buffer.alloc(64 * MiB);
    // 64 MiB after the zip's end: how much of it is served shows where reading stopped.
    const bytes = zipOf(
      [
        { name: MANIFEST, data: manifestFor(zeros, { bytes: 1000 }) },
        { name: 'archive.zip', data: zeros, deflate: true, described: true },
      ],
      Buffer.alloc(64 * MiB, 1),
    );
    const sizes: number[] = [];
    const watcher = watch(dir, () =>
      sizes.push(statSync(join(dir, 'archive.zip'), { throwIfNoEntry: false })?.size ?? 0),
    );
    const r = await fetchPlanted(bytes).finally(() => watcher.close());
    expect(why(r)).toMatch(/^its archive\.zip holds more than the 1000 B its manifest records: stopped, and removed$/);
    expect(readdirSync(dir)).toEqual([]);
    expect(Math.max(0, ...sizes)).toBeLessThanOrEqual(1000 + MiB);
    expect(fx.github.blobRequests[0]!.served).toBeLessThan(bytes.length / 2);
  });

  it('a 403 of /zip names the request, the answer and the scope to give, never the token; the blob host is not asked', async () => {
    fx.github.refuseArtifacts = 403;
    const err = await failure(fetchPlanted(GOOD));
    expect(err.message).toMatch(
      new RegExp(`^could not fetch artifact \\d+: GET /repos/${REPOSITORY}/actions/artifacts/\\d+/zip: `),
    );
    expect(err.message).toContain('github answered 403: give the workflow "permissions: actions: read"');
    expect(err.message).not.toContain(TOKEN);
    expect(fx.github.blobRequests).toEqual([]);
  });

  it('an artifact that expired: GitHub’s 410 and its words', async () => {
    expect((await failure(fetchPlanted(GOOD, { expired: true }))).message).toMatch(
      /^could not fetch artifact \d+: GET \/repos\/octo-org\/shop\/actions\/artifacts\/\d+\/zip: github answered 410: Artifact has expired/,
    );
  });

  it.each([
    [
      'a redirect to plain http on another host: not followed',
      scriptedFetch({
        match: (_m, url) => url.pathname.endsWith('/zip'),
        status: 302,
        headers: { location: 'http://blobs.example.net/b/1.zip?sig=SIGNED' },
      }),
      /^could not fetch artifact \d+: GitHub's download redirected to http on blobs\.example\.net, not https; not following it/,
    ],
    [
      'the blob host refusing the signed link',
      scriptedFetch({
        match: (_m, url) => url.pathname.startsWith('/blobs/'),
        status: 403,
        body: 'AuthenticationFailed',
      }),
      /^could not fetch artifact \d+: the artifact storage at 127\.0\.0\.1:\d+ answered 403: the link GitHub signed was refused/,
    ],
  ])('%s: named by its host, never by the signed URL', async (_, f, words) => {
    const err = await failure(fetchPlanted(GOOD, { fetch: f }));
    expect(err.message).toMatch(words);
    expect(err.message).not.toMatch(/sig=|SIGNED|\/blobs\//);
    expect(f.seen.filter((s) => s.includes('example.net'))).toEqual([]);
  });

  it('cancelled while the blob streams in: rejects with the abort reason, nothing left on disk', async () => {
    const controller = new AbortController();
    const reason = new DOMException('the run was cancelled', 'AbortError');
    const cancelling: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input instanceof Request ? input.url : input).includes('/blobs/')) controller.abort(reason);
      return res;
    };
    const bytes = zipOf([manifestEntry, archiveEntry], Buffer.alloc(32 * MiB));
    await expect(fetchPlanted(bytes, { fetch: cancelling, signal: controller.signal })).rejects.toBe(reason);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a repository that is not owner/repo fails before any request', async () => {
    await expect(fetchPlanted(GOOD, { repository: 'shop' })).rejects.toThrow(
      'GITHUB_REPOSITORY is "shop", not owner/repo, so no kept archive can be read',
    );
    expect(fx.github.requests).toEqual([]);
  });
});
