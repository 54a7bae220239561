/**
 * What @actions/artifact talks to, on 127.0.0.1, so the toolkit client runs unmodified:
 *
 * - Azurite (the Azure Storage emulator, from the npm registry) as the blob store, started by
 *   `startAzurite` on a free port with in-memory storage and stopped by the test;
 * - a fake of the runner's results service (`startResultsService`): the Twirp JSON routes
 *   `github.actions.results.api.v1.ArtifactService/CreateArtifact`, which answers a SAS URL of a
 *   blob in Azurite signed with Azurite's public development key, and `FinalizeArtifact`, which
 *   answers an artifact id. It records what it was sent.
 *
 * `runtimeEnv` gives the variables the client reads: ACTIONS_RESULTS_URL and an
 * ACTIONS_RUNTIME_TOKEN, a JWT (unsigned: the client only decodes it) whose `scp` claim names
 * the run and job backend ids.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import {
  BlobSASPermissions,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters,
} from '@azure/storage-blob';

/** Azurite's documented development account: public, the same in every installation. */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const CONTAINER = 'artifacts';

export interface Azurite {
  url: string;
  service: BlobServiceClient;
  stop(): Promise<void>;
}

export async function startAzurite(): Promise<Azurite> {
  const main = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [main, '--blobHost', '127.0.0.1', '--blobPort', '0', '--inMemoryPersistence', '--skipApiVersionCheck'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`azurite did not start within 50 s: ${out}`)), 50_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`azurite exited (${code}): ${out}`)));
  });
  const url = `http://127.0.0.1:${port}/${ACCOUNT}`;
  const service = new BlobServiceClient(url, new StorageSharedKeyCredential(ACCOUNT, ACCOUNT_KEY));
  await service.getContainerClient(CONTAINER).create();
  return {
    url,
    service,
    // Azurite's graceful close waits for idle keep-alive connections: SIGKILL after a short grace.
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 3_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export interface TwirpCall {
  method: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface ResultsService {
  url: string;
  calls: TwirpCall[];
  /** The blob each created artifact was uploaded to, by artifact name. */
  blobOf(name: string): string;
  close(): Promise<void>;
}

const PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';

export async function startResultsService(azurite: Azurite, firstId = 4711): Promise<ResultsService> {
  const calls: TwirpCall[] = [];
  let nextId = firstId;
  const blobName = (name: string) => `run/${name}.zip`;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const method = (req.url ?? '').startsWith(PREFIX) ? (req.url ?? '').slice(PREFIX.length) : '';
      calls.push({ method, authorization: req.headers.authorization, body });
      const reply = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (method === 'CreateArtifact') {
        const sas = generateBlobSASQueryParameters(
          {
            containerName: CONTAINER,
            blobName: blobName(String(body.name)),
            permissions: BlobSASPermissions.parse('cw'),
            expiresOn: new Date(Date.now() + 3_600_000),
          },
          new StorageSharedKeyCredential(ACCOUNT, ACCOUNT_KEY),
        ).toString();
        return reply(200, {
          ok: true,
          signedUploadUrl: `${azurite.url}/${CONTAINER}/${blobName(String(body.name))}?${sas}`,
        });
      }
      if (method === 'FinalizeArtifact') return reply(200, { ok: true, artifactId: String(nextId++) });
      return reply(404, { code: 'not_found', msg: `no method ${method}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    calls,
    blobOf: blobName,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The variables @actions/artifact reads to reach the results service. */
export function runtimeEnv(results: ResultsService, runId = 'run-backend-1', jobId = 'job-backend-1') {
  const token = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ scp: `Actions.ExampleScope Actions.Results:${runId}:${jobId}` })}.x`;
  return { ACTIONS_RESULTS_URL: results.url, ACTIONS_RUNTIME_TOKEN: token };
}

/**
 * What GitHub's artifact listing would show for an artifact the results service finalized: its
 * bytes read back from Azurite, and the digest @actions/artifact computed as it uploaded them
 * (sent with FinalizeArtifact), which GitHub lists as `digest`. For the fake GitHub to list.
 */
export async function listedAsGithubWould(
  azurite: Azurite,
  results: ResultsService,
  name: string,
  o: { id: number; runId: number; createdAt?: string },
): Promise<{ id: number; name: string; runId: number; createdAt: string; digest: string; bytes: Buffer }> {
  const bytes = await azurite.service
    .getContainerClient(CONTAINER)
    .getBlobClient(results.blobOf(name))
    .downloadToBuffer();
  const finalized = results.calls.findLast((c) => c.method === 'FinalizeArtifact' && c.body.name === name);
  const hash = typeof finalized?.body.hash === 'string' ? finalized.body.hash : null;
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (hash !== null && hash !== digest) throw new Error(`artifact ${name}: uploaded as ${hash}, stored as ${digest}`);
  return { id: o.id, name, runId: o.runId, createdAt: o.createdAt ?? new Date().toISOString(), digest, bytes };
}

export { CONTAINER as AZURITE_CONTAINER };

export interface ArtifactService {
  azurite: Azurite;
  results: ResultsService;
}

/** Azurite and the results service in front of it, for one test file: started before, stopped after. */
export function useArtifactService(): ArtifactService {
  const fixture = {} as ArtifactService;
  beforeAll(async () => {
    fixture.azurite = await startAzurite();
    fixture.results = await startResultsService(fixture.azurite);
  }, 60_000);
  afterAll(async () => {
    await fixture.results?.close();
    await fixture.azurite?.stop();
  }, 30_000);
  return fixture;
}
