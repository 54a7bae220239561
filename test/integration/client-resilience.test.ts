/**
 * The client over real HTTP (undici) against a scripted server on 127.0.0.1:0: resets, timeouts,
 * cancellation, the multipart upload (of a finished zip and of one still being written) and
 * redaction. Retry waits run on a VirtualClock; only the request timeouts use real time. (A 413
 * answered before the body is read: client-network.test.ts's transport, then
 * test/unit/upload-mode.test.ts.)
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createClient, type Client, type ClientOptions } from '../../src/api/client.js';
import { CancelledError, Conflict, NetworkError, TimeoutError } from '../../src/api/errors.js';
import { GrowingFile } from '../../src/api/growing-file.js';
import { VirtualClock } from '../../src/util/clock.js';
import { json, readBody, startFakeServer, type FakeHandler, type FakeServer } from './helpers/client-fake-server.js';

const USER = 'ci-user-1';
const PASSWORD = 'hunter2-but-longer';
const ENV = { account: 'demo', app: 'web', environment: 'env-1' };
const OP = { name: 'accounts/demo/apps/web/environments/env-1/operations/no_build', done: false };

let server: FakeServer | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  server = client = undefined;
});
/** The zips writeZip made, removed when the file is done. */
const zipDirs: string[] = [];
afterAll(() => {
  for (const dir of zipDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function setup(handler: FakeHandler, over: Partial<ClientOptions> = {}) {
  server = await startFakeServer(handler);
  const clock = new VirtualClock(0);
  client = createClient({
    hostingUrl: server.url,
    headlessUrl: `${server.url}/headless/`,
    credentials: { userId: USER, password: PASSWORD },
    clock,
    retry: { random: () => 0.5 },
    requestTimeoutMs: 2_000,
    ...over,
  });
  return { c: client, clock, srv: server };
}

describe('failures of the connection, as undici gives them (what follows each: unit/request.test.ts)', () => {
  it('a reset before any response byte: a create is sent again, and a following 409 flagged as possibly its own', async () => {
    const { c, srv } = await setup(async (req, res, n) => {
      await readBody(req);
      if (n === 1) return void req.socket.destroy();
      json(res, 409, { error: { code: 409, message: 'environment prod exists', status: 'ALREADY_EXISTS' } });
    });
    const err = (await c
      .createEnvironment(ENV, { displayName: 'prod', branch: 'uploadable' })
      .catch((e: unknown) => e)) as Conflict;
    expect(srv.received).toHaveLength(2);
    expect(err).toBeInstanceOf(Conflict);
    expect(err.mayHaveSucceeded).toBe(true);
  });

  it('a silent server times out: a GET is sent again, a create is not', async () => {
    const { c, srv } = await setup(() => undefined, { requestTimeoutMs: 150, retry: { attempts: 2, random: () => 0 } });
    await expect(c.listInstalls()).rejects.toBeInstanceOf(TimeoutError);
    expect(srv.received).toHaveLength(2);
    const err = (await c.createSite({ name: 's', account_id: 'a' }).catch((e: unknown) => e)) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.mayHaveSucceeded).toBe(true);
    expect(srv.received).toHaveLength(3);
  });

  it('a request in flight is given up at once when the signal aborts', async () => {
    const ac = new AbortController();
    let arrive = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const { c } = await setup(() => arrive(), { signal: ac.signal, requestTimeoutMs: 10_000 });
    const pending = c.listSites().catch((e: unknown) => e);
    await arrived;
    const started = Date.now();
    ac.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(CancelledError);
    expect((err as CancelledError).name).toBe('CancelledError');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('upload', () => {
  it('streams one multipart part named repository, app.zip, application/zip, with Content-Length', async () => {
    const zip = writeZip(3 * 1024 * 1024 + 17);
    let part: { field: string; filename: string; mime: string; sha: string; size: number } | undefined;
    let bodyLength = 0;
    const { c, srv } = await setup(async (req, res) => {
      part = await parseMultipart(req, (n) => (bodyLength += n));
      json(res, 200, OP);
    });
    const progress: [number, number | undefined][] = [];
    const op = await c.uploadEnvironment(ENV, zip.path, { onProgress: (a, t) => progress.push([a, t]) });
    expect(op).toMatchObject(OP);
    const req = srv.received[0]!;
    expect(req.url).toBe('/headless/fu/v1/accounts/demo/apps/web/environments/env-1:upload');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(Number(req.headers['content-length'])).toBe(bodyLength);
    expect(req.headers['transfer-encoding']).toBeUndefined();
    expect(part).toEqual({
      field: 'repository',
      filename: 'app.zip',
      mime: 'application/zip',
      sha: zip.sha,
      size: zip.size,
    });
    expect(progress.at(-1)).toEqual([bodyLength, bodyLength]);
    expect(progress.length).toBeGreaterThan(1);
  });

  /**
   * Uploads a zip while it is "written": emptied, then appended `piece` bytes at a time, `gapMs`
   * apart, each piece announced to the upload; what the server received, and how.
   */
  async function uploadGrowing(size: number, piece: number, gapMs: number, requestTimeoutMs = 2_000) {
    const zip = writeZip(size);
    const bytes = readFileSync(zip.path);
    writeFileSync(zip.path, '');
    const growing = new GrowingFile(zip.path);
    let bodyBytes = 0;
    let received: { sha: string; size: number } | undefined;
    const { c, srv } = await setup(
      async (req, res) => {
        received = await parseMultipart(req, (n) => (bodyBytes += n));
        json(res, 200, OP);
      },
      { requestTimeoutMs },
    );
    const upload = c.uploadEnvironment(ENV, zip.path, { growing: { file: growing, expectedBytes: zip.size } });
    let sentBeforeTheEnd = 0;
    for (let at = 0; at < bytes.length; at += piece) {
      await new Promise((r) => setTimeout(r, gapMs));
      appendFileSync(zip.path, bytes.subarray(at, at + piece));
      growing.grow(Math.min(at + piece, bytes.length));
    }
    await new Promise((r) => setTimeout(r, 10));
    sentBeforeTheEnd = bodyBytes;
    growing.finish(bytes.length);
    await expect(upload).resolves.toMatchObject(OP);
    expect(received).toMatchObject({ sha: zip.sha, size: zip.size });
    // One attempt: neither cut off nor retried.
    expect(srv.received).toHaveLength(1);
    return { headers: srv.received[0]!.headers, sentBeforeTheEnd };
  }

  it('streams a zip still being written, chunked, waiting for the writer, and the server gets every byte', async () => {
    // The server has part of the body before the rest is written.
    const { headers, sentBeforeTheEnd } = await uploadGrowing(3 * 1024 * 1024 + 5, 512 * 1024, 10);
    expect(sentBeforeTheEnd).toBeGreaterThan(1024 * 1024);
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
  });

  it('keeps a slow but live upload going past the inactivity timeout: each piece sent resets it', async () => {
    // The upload takes about 2.4 s in all, and never goes 400 ms without sending. A piece is
    // 256 KiB, the least the body sends of a file still being written (part-body.ts).
    await uploadGrowing(4 * 1024 * 1024 + 3, 256 * 1024, 150, 400);
  });

  it('says which file it cannot read, before sending anything', async () => {
    const { c, srv } = await setup((_req, res) => json(res, 200, OP));
    await expect(c.uploadEnvironment(ENV, '/nonexistent/app.zip')).rejects.toThrow(
      'upload: cannot read "/nonexistent/app.zip" (ENOENT)',
    );
    expect(srv.received).toHaveLength(0);
  });
});

// What a leak through a server's words looks like is unit/request.test.ts's "secrets never leak";
// here, what undici itself puts in an error about a dropped connection.
it('keeps the webhook token out of an error after a real connection drops', async () => {
  const TOKEN = 'whk_5f4e3d2c1b';
  const { c, srv } = await setup((req) => void req.socket.destroy(), { retry: { attempts: 2, random: () => 0 } });
  const err = await c.triggerWebhook({ ...ENV, action: 'purgeCache', token: TOKEN }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(NetworkError);
  expect(srv.received[0]!.url).toContain(`token=${TOKEN}`);
  const text = JSON.stringify(err) + inspect(err, { depth: 10, showHidden: true }) + String(err);
  for (const secret of [PASSWORD, TOKEN]) expect(text).not.toContain(secret);
});

function writeZip(size: number): { path: string; sha: string; size: number } {
  const dir = mkdtempSync(join(tmpdir(), 'client-upload-'));
  zipDirs.push(dir);
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  const path = join(dir, 'build.zip');
  writeFileSync(path, bytes);
  return { path, sha: createHash('sha256').update(bytes).digest('hex'), size };
}

function parseMultipart(
  req: IncomingMessage,
  onBytes: (n: number) => void = () => undefined,
): Promise<{ field: string; filename: string; mime: string; sha: string; size: number }> {
  return new Promise((resolve, reject) => {
    const parts: { field: string; filename: string; mime: string; sha: string; size: number }[] = [];
    const bb = busboy({ headers: req.headers });
    bb.on('file', (field, file, info) => {
      const hash = createHash('sha256');
      let size = 0;
      file.on('data', (d: Buffer) => {
        hash.update(d);
        size += d.length;
      });
      file.on('end', () =>
        parts.push({ field, filename: info.filename ?? '', mime: info.mimeType, sha: hash.digest('hex'), size }),
      );
    });
    bb.on('field', (name) => reject(new Error(`unexpected field ${name}`)));
    bb.on('close', () => (parts.length === 1 ? resolve(parts[0]!) : reject(new Error(`${parts.length} parts`))));
    bb.on('error', reject);
    req.on('data', (d: Buffer) => onBytes(d.length));
    req.pipe(bb);
  });
}
