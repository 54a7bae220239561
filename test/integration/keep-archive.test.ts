/**
 * keep-archive with the toolkit's own client (@actions/artifact), unmodified, against a fake
 * results service and a real blob store (Azurite), both on 127.0.0.1: the artifact holds our
 * zip, stored as it is (not deflated again), and the manifest with its sha256.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepArchive } from '../../src/release/keep/keep-archive.js';
import { testContext } from '../helpers/step-context.js';
import {
  AZURITE_CONTAINER,
  runtimeEnv,
  startAzurite,
  startResultsService,
  type Azurite,
  type ResultsService,
} from '../helpers/artifact-service.js';

let azurite: Azurite;
let results: ResultsService;
let dir: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  azurite = await startAzurite();
  results = await startResultsService(azurite);
  dir = mkdtempSync(join(tmpdir(), 'hd-keep-'));
  for (const [k, v] of Object.entries({ ...runtimeEnv(results), GITHUB_RUN_ID: '987', GITHUB_SERVER_URL: '' })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
}, 60_000);

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await results?.close();
  await azurite?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

interface Entry {
  name: string;
  method: number;
  data: Buffer;
}

function readZip(buffer: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries: Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, method: entry.compressionMethod, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe('keep-archive', () => {
  it('uploads the zip and its manifest as artifact headless-deploy-{app}-{environment-id}', async () => {
    const zipPath = join(dir, 'deploy.zip');
    const zipBytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4096, 7)]);
    writeFileSync(zipPath, zipBytes);
    const sha256 = createHash('sha256').update(zipBytes).digest('hex');
    const { ctx, written, log } = testContext({ tempDir: dir });
    const id = await keepArchive(
      ctx,
      { days: 7 },
      {
        app: 'shop',
        environmentId: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
        zipPath,
        sha256,
        bytes: zipBytes.length,
      },
    );

    expect(id).toBe(4711);
    expect(written).toContainEqual(['archive-artifact-id', '4711']);
    const name = 'headless-deploy-shop-0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
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
    const entries = await readZip(blob);
    expect(entries.map((e) => e.name).sort()).toEqual(['archive.zip', 'headless-deploy-manifest.json']);
    const kept = entries.find((e) => e.name === 'archive.zip')!;
    expect(kept.method).toBe(0);
    expect(kept.data.equals(zipBytes)).toBe(true);
    const manifest = JSON.parse(entries.find((e) => e.name === 'headless-deploy-manifest.json')!.data.toString());
    expect(manifest).toEqual({
      version: 1,
      app: 'shop',
      environmentId: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
      sha256,
      bytes: zipBytes.length,
      runId: '987',
    });
    expect(log.lines.join('\n')).toContain(`kept the zip as artifact "${name}" (id 4711), for 7 days`);
    // The copy it uploaded from is gone.
    expect(readFileSync(zipPath).equals(zipBytes)).toBe(true);
  }, 60_000);

  it('warns, and keeps nothing, when the artifact service cannot be reached; the deploy stands', async () => {
    const zipPath = join(dir, 'deploy2.zip');
    writeFileSync(zipPath, 'PK');
    const { ctx, written, log } = testContext({ tempDir: dir });
    const id = await keepArchive(
      ctx,
      { days: 30 },
      { app: 'shop', environmentId: 'e1', zipPath, sha256: 'x', bytes: 2 },
      async () => {
        throw new Error('Unable to get the ACTIONS_RESULTS_URL env variable');
      },
    );
    expect(id).toBeNull();
    expect(written.filter(([n]) => n === 'archive-artifact-id')).toEqual([]);
    expect(log.lines.join('\n')).toMatch(
      /keep-archive: the deploy succeeded, but its zip could not be kept as artifact "headless-deploy-shop-e1": Unable to get the ACTIONS_RESULTS_URL/,
    );
  });
  it('records no run id in the manifest when GITHUB_RUN_ID is not set; options as asked', async () => {
    const zipPath = join(dir, 'deploy3.zip');
    writeFileSync(zipPath, 'PK');
    const saved = process.env.GITHUB_RUN_ID;
    delete process.env.GITHUB_RUN_ID;
    let manifest: unknown;
    let options: unknown;
    try {
      const { ctx, written } = testContext({ tempDir: dir });
      const id = await keepArchive(
        ctx,
        { days: 3 },
        { app: 'shop', environmentId: 'e1', zipPath, sha256: 'x', bytes: 2 },
        async (_name, files, _root, o) => {
          manifest = JSON.parse(readFileSync(files[1]!, 'utf8'));
          options = o;
          return { id: 12 };
        },
      );
      expect(id).toBe(12);
      expect(written).toContainEqual(['archive-artifact-id', '12']);
      expect(Object.fromEntries(ctx.record.details.get('deploy') ?? [])['kept archive']).toBe(
        'artifact headless-deploy-shop-e1 (id 12, 3 days)',
      );
    } finally {
      if (saved !== undefined) process.env.GITHUB_RUN_ID = saved;
    }
    expect(manifest).toMatchObject({ app: 'shop', environmentId: 'e1', runId: null });
    expect(options).toEqual({ retentionDays: 3, compressionLevel: 0 });
  });

  it('warns when the artifact service answers without an artifact id', async () => {
    const zipPath = join(dir, 'deploy4.zip');
    writeFileSync(zipPath, 'PK');
    const { ctx, written, log } = testContext({ tempDir: dir });
    const id = await keepArchive(
      ctx,
      { days: 3 },
      { app: 'shop', environmentId: 'e1', zipPath, sha256: 'x', bytes: 2 },
      async () => ({}),
    );
    expect(id).toBeNull();
    expect(written.filter(([n]) => n === 'archive-artifact-id')).toEqual([]);
    expect(log.lines.join('\n')).toContain(
      'could not be kept as artifact "headless-deploy-shop-e1": the artifact service answered without an artifact id',
    );
  });

  it('gathers the two files in a directory of its own, says so while uploading, and removes it after', async () => {
    const zipPath = join(dir, 'deploy6.zip');
    writeFileSync(zipPath, 'PK');
    const { ctx } = testContext({ tempDir: dir });
    const seen: { root: string; files: string[]; doing: string | null }[] = [];
    const upload = async (_name: string, files: string[], root: string) => {
      seen.push({ root, files: files.map((f) => basename(f)), doing: ctx.record.doing });
      return { id: 5 };
    };
    const facts = { app: 'shop', environmentId: 'e1', zipPath, sha256: 'x', bytes: 2 };
    await expect(keepArchive(ctx, { days: 3 }, facts, upload)).resolves.toBe(5);
    expect(seen).toHaveLength(1);
    expect(basename(seen[0]!.root)).toMatch(/^headless-deploy-keep-/);
    expect(seen[0]!.files).toEqual(['archive.zip', 'headless-deploy-manifest.json']);
    expect(seen[0]!.doing).toBe('keeping the zip as an artifact');
    expect(existsSync(seen[0]!.root)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith('headless-deploy-keep-'))).toEqual([]);
  });

  it('a cancelled run: the error goes on, no warning', async () => {
    const zipPath = join(dir, 'deploy5.zip');
    writeFileSync(zipPath, 'PK');
    const cancel = new AbortController();
    const { ctx, log } = testContext({ tempDir: dir, signal: cancel.signal });
    const upload = async () => {
      cancel.abort(new Error('cancelled'));
      throw new Error('the upload was cut short');
    };
    await expect(
      keepArchive(ctx, { days: 3 }, { app: 'shop', environmentId: 'e1', zipPath, sha256: 'x', bytes: 2 }, upload),
    ).rejects.toThrow('the upload was cut short');
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([]);
  });
});
