/**
 * keep-archive with the toolkit's own client (@actions/artifact), unmodified, against a fake
 * results service and a real blob store (Azurite), both on 127.0.0.1: the artifact holds our
 * zip, stored as it is (not deflated again), and the manifest with its sha256. Then, with the
 * upload replaced, what is said and output when it fails, answers no id or is cancelled.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepArchive } from '../../src/release/keep/keep-archive.js';
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
  o: { days?: number; bytes?: Buffer; environmentId?: string; upload?: Upload; over?: Partial<FlowContext> } = {},
) {
  const zipPath = join(mkdtempSync(join(dir, 'zip-')), 'deploy.zip');
  const bytes = o.bytes ?? Buffer.from('PK');
  writeFileSync(zipPath, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const t = testContext({ tempDir: dir, ...o.over });
  const facts = { app: 'shop', environmentId: o.environmentId ?? 'e1', zipPath, sha256, bytes: bytes.length };
  const id = await keepArchive(t.ctx, { days: o.days ?? 3 }, facts, o.upload);
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
  it('uploads the zip and its manifest as artifact headless-deploy-{app}-{environment-id}', async () => {
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
    expect(entries.map((e) => e.name).sort()).toEqual(['archive.zip', 'headless-deploy-manifest.json']);
    const kept = entries.find((e) => e.name === 'archive.zip')!;
    expect(kept.method).toBe(0);
    expect(kept.data.equals(zipBytes)).toBe(true);
    const manifest = JSON.parse(entries.find((e) => e.name === 'headless-deploy-manifest.json')!.data.toString());
    expect(manifest).toEqual({ version: 1, app: 'shop', environmentId, sha256, bytes: zipBytes.length, runId: '987' });
    expect(text).toContain(`kept the zip as artifact "${name}" (id 4711), for 7 days`);
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

  it('records no run id in the manifest when GITHUB_RUN_ID is not set; the two files gathered in a directory of its own, removed after', async () => {
    vi.stubEnv('GITHUB_RUN_ID', undefined);
    const seen: { root: string; files: string[]; doing: string | null; manifest: unknown; options: unknown }[] = [];
    const record = new RunRecord();
    const upload: Upload = async (_name, files, root, options) => {
      const manifest = JSON.parse(readFileSync(files[1]!, 'utf8'));
      seen.push({ root, files: files.map((f) => basename(f)), doing: record.doing, manifest, options });
      return { id: 12 };
    };
    const { id, written, ctx } = await keep({ upload, over: { record } });
    vi.stubEnv('GITHUB_RUN_ID', '987');
    expect(id).toBe(12);
    expect(written).toContainEqual(['archive-artifact-id', '12']);
    expect(Object.fromEntries(ctx.record.details.get('deploy') ?? [])['kept archive']).toBe(
      'artifact headless-deploy-shop-e1 (id 12, 3 days)',
    );
    expect(seen).toEqual([
      {
        root: expect.stringMatching(/[/\\]headless-deploy-keep-[^/\\]+$/) as string,
        files: ['archive.zip', 'headless-deploy-manifest.json'],
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
