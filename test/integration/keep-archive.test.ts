/**
 * keep-archive with the toolkit's own client (@actions/artifact), unmodified, against a fake
 * results service and a real blob store (Azurite), both on 127.0.0.1: the artifact holds the
 * signed manifest first, then our zip, stored as it is (not deflated again). Then, with the
 * upload replaced, secret-looking files on public and private repositories, and what is said and
 * output when it fails, answers no id or is cancelled.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepArchive } from '../../src/release/keep/keep-archive.js';
import { manifestProblem, readManifest } from '../../src/release/keep/check-kept.js';
import { keptArchiveKey } from '../../src/release/keep/signature.js';
import type { FlowContext } from '../../src/engine/run-flow.js';
import { RunRecord } from '../../src/step-kit/run-record.js';
import { MemoryLogger } from '../../src/util/log.js';
import { testContext } from '../helpers/step-context.js';
import { readZip } from '../unit/helpers/archive-tree.js';
import { AZURITE_CONTAINER, runtimeEnv, useArtifactService } from '../helpers/artifact-service.js';

const service = useArtifactService();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hd-keep-'));
  for (const [k, v] of Object.entries({ ...runtimeEnv(service.results), GITHUB_RUN_ID: '987', GITHUB_SERVER_URL: '' }))
    vi.stubEnv(k, v);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

type Upload = Parameters<typeof keepArchive>[3];
/** keepArchive of a zip of `bytes` for app shop, environment `environmentId`; what it wrote, said and returned. */
async function keep(
  o: {
    days?: number;
    bytes?: Buffer;
    environmentId?: string;
    upload?: Upload;
    over?: Partial<FlowContext>;
    runId?: string | null;
    secretLooking?: string[];
    publicRepository?: boolean;
  } = {},
) {
  const zipPath = join(mkdtempSync(join(dir, 'zip-')), 'deploy.zip');
  const bytes = o.bytes ?? Buffer.from('PK');
  writeFileSync(zipPath, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const t = testContext({ tempDir: dir, ...o.over });
  const facts = {
    account: 'acme',
    app: 'shop',
    environmentId: o.environmentId ?? 'e1',
    zipPath,
    sha256,
    bytes: bytes.length,
    keyMaterial: 'user:pass',
    run: {
      repository: 'octo-org/shop',
      sha: 'f'.repeat(40),
      runId: o.runId === undefined ? '987' : o.runId,
      publicRepository: null,
    },
    secretLooking: o.secretLooking ?? [],
  };
  const inputs = { days: o.days ?? 3, publicRepository: o.publicRepository ?? false };
  const id = await keepArchive(t.ctx, inputs, facts, o.upload);
  return {
    ...t,
    id,
    zipPath,
    sha256,
    text: t.log.lines.join('\n'),
    kept: t.written.filter(([n]) => n === 'archive-artifact-id'),
  };
}

describe('keep-archive', () => {
  it('uploads the signed manifest and the zip as artifact headless-deploy-{app}-{environment-id}', async () => {
    const environmentId = '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
    const zipBytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4096, 7)]);
    const { id, written, text, sha256, zipPath } = await keep({ days: 7, bytes: zipBytes, environmentId });
    expect(id).toBe(4711);
    expect(written).toContainEqual(['archive-artifact-id', '4711']);
    const name = `headless-deploy-shop-${environmentId}`;
    const { results, azurite } = service;
    expect(results.calls.map((c) => c.method)).toEqual(['CreateArtifact', 'FinalizeArtifact']);
    const [create, finalize] = results.calls;
    expect(create!.authorization).toMatch(/^Bearer /);
    expect(create!.body).toMatchObject({
      name,
      workflow_run_backend_id: 'run-backend-1',
      workflow_job_run_backend_id: 'job-backend-1',
      version: 7,
    });
    // Retained keep-archive-days: the expiry asked for is 7 days from now.
    const expires = Date.parse(String(create!.body.expires_at));
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(3_600_000);
    expect(finalize!.body).toMatchObject({ name });

    const blob = await azurite.service
      .getContainerClient(AZURITE_CONTAINER)
      .getBlobClient(results.blobOf(name))
      .downloadToBuffer();
    const artifact = join(dir, 'artifact.zip');
    writeFileSync(artifact, blob);
    const entries = await readZip(artifact);
    // In either order: the toolkit's upload stats its files four at a time.
    expect(entries.map((e) => e.name).sort()).toEqual(['archive.zip', 'headless-deploy-manifest.json']);
    const kept = entries.find((e) => e.name === 'archive.zip')!;
    expect(kept.method).toBe(0);
    expect(kept.data.equals(zipBytes)).toBe(true);
    const read = readManifest(entries.find((e) => e.name === 'headless-deploy-manifest.json')!.data.toString());
    expect('manifest' in read && read.manifest).toEqual({
      version: 2,
      account: 'acme',
      app: 'shop',
      environmentId,
      sha256,
      bytes: zipBytes.length,
      runId: '987',
      repository: 'octo-org/shop',
      sha: 'f'.repeat(40),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      mac: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
    const scope = { account: 'acme', app: 'shop', environmentId };
    expect(
      'manifest' in read && manifestProblem(read, { ...scope, key: keptArchiveKey('user:pass', scope) }),
    ).toBeNull();
    expect(text).toContain(`kept the zip as artifact "${name}" (id 4711), signed, for 7 days`);
    // The toolkit's own lines fall inside a group of their own.
    expect(text).toContain(`::group::keep-archive: uploading artifact ${name}`);
    // The zip it uploaded from is left as it was.
    expect(readFileSync(zipPath).equals(zipBytes)).toBe(true);
  }, 60_000);

  it.each([
    [
      'the artifact service cannot be reached',
      () => Promise.reject(new Error('Unable to get the ACTIONS_RESULTS_URL env variable')),
      'Unable to get the ACTIONS_RESULTS_URL',
    ],
    [
      'the artifact service answers without an artifact id',
      async () => ({}),
      'the artifact service answered without an artifact id',
    ],
  ])('%s: a warning, nothing kept, the deploy stands', async (_, upload, why) => {
    const { id, kept, text } = await keep({ days: 30, upload: upload as Upload });
    expect(id).toBeNull();
    expect(kept).toEqual([]);
    expect(text).toMatch(
      new RegExp(`^warning: keep-archive: the deploy succeeded, but .*"headless-deploy-shop-e1": ${why}`, 'm'),
    );
  });

  it.each([
    [false, 'kept, with a warning naming the file', 1],
    [true, 'not kept: anyone can download a public repository’s artifacts', 0],
  ])('a zip holding a secret-looking file, public %s: %s', async (publicRepository, _title, uploads) => {
    let called = 0;
    const upload: Upload = async () => ({ id: ++called });
    const { id, text } = await keep({ upload, publicRepository, secretLooking: ['.env.production'] });
    expect(called).toBe(uploads);
    expect(id).toBe(uploads === 1 ? 1 : null);
    expect(text).toMatch(/^warning: keep-archive: .*"\.env\.production"/m);
  });

  it('records no run id in the manifest when GITHUB_RUN_ID is not set; the two files gathered in a directory of its own, removed after', async () => {
    const seen: { root: string; files: string[]; doing: string | null; manifest: unknown; options: unknown }[] = [];
    const record = new RunRecord();
    const upload: Upload = async (_name, files, root, options) => {
      const manifest = JSON.parse(readFileSync(files[0]!, 'utf8'));
      seen.push({ root, files: files.map((f) => basename(f)), doing: record.doing, manifest, options });
      return { id: 12 };
    };
    const { id, written, ctx } = await keep({ upload, over: { record }, runId: null });
    expect(id).toBe(12);
    expect(written).toContainEqual(['archive-artifact-id', '12']);
    expect(Object.fromEntries(ctx.record.details.get('deploy') ?? [])['kept archive']).toBe(
      'artifact headless-deploy-shop-e1 (id 12, 3 days)',
    );
    expect(seen).toEqual([
      {
        root: expect.stringMatching(/[/\\]headless-deploy-keep-[^/\\]+$/) as string,
        files: ['headless-deploy-manifest.json', 'archive.zip'],
        doing: 'keeping the zip as an artifact',
        manifest: expect.objectContaining({ app: 'shop', environmentId: 'e1', runId: null }) as unknown,
        options: { retentionDays: 3, compressionLevel: 0 },
      },
    ]);
    expect(existsSync(seen[0]!.root)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith('headless-deploy-keep-'))).toEqual([]);
  });

  it('a cancelled run: the error goes on, no warning', async () => {
    const cancel = new AbortController();
    const upload: Upload = async () => {
      cancel.abort(new Error('cancelled'));
      throw new Error('the upload was cut short');
    };
    const log = new MemoryLogger();
    await expect(keep({ upload, over: { signal: cancel.signal, log } })).rejects.toThrow('the upload was cut short');
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([]);
  });
});
