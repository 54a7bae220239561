/**
 * The request layer with an upload sent while its zip is written: which attempt sends what
 * (no length first, the finished file after), which answers fall back at once without counting
 * as a retry, and that `upload-mode: stream` stops instead. A scripted transport; no sockets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { ClientEvent } from '../../src/api/events.js';
import { GrowingFile } from '../../src/api/growing-file.js';
import type { StreamRefusal } from '../../src/api/retry-policy.js';
import type { TransportResponse } from '../../src/api/transport.js';
import { VirtualClock } from '../../src/util/clock.js';
import { fail, fakeTransport, reply, type Answer } from './helpers/fake-transport.js';

const dir = mkdtempSync(join(tmpdir(), 'hd-upload-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ENV = { account: 'demo', app: 'web', environment: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015' };
const OP = {
  name: 'accounts/demo/apps/web/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/no_build',
  done: false,
};
let files = 0;

const early = (r: TransportResponse): TransportResponse => ({ ...r, earlyAnswer: true });

/** A finished zip of `size` bytes as a GrowingFile, unless `finished` is false (the test finishes it). */
function zipFile(size = 4096, finished = true): GrowingFile {
  const path = join(dir, `z${++files}.zip`);
  writeFileSync(path, Buffer.alloc(size, 7));
  const g = new GrowingFile(path);
  if (finished) g.finish(size);
  else g.grow(size);
  return g;
}

function setup(answers: Answer[], attempts = 5) {
  const { transport, sent } = fakeTransport((req, n) => {
    // Not read: a transport that answers at once. Its errors are the transport's to hear.
    if (req.body instanceof Readable) req.body.on('error', () => undefined).destroy();
    return answers[Math.min(n, answers.length) - 1]!;
  });
  const events: ClientEvent[] = [];
  const clock = new VirtualClock(0);
  const client = createClient({
    headlessUrl: 'https://api.example/headless',
    credentials: { userId: 'u', password: 'p' },
    clock,
    transport,
    retry: { attempts, random: () => 0.5 },
    logger: (e) => events.push(e),
  });
  const retries = () => events.filter((e) => e.type === 'retry');
  return { client, sent, retries, clock };
}

function upload(
  client: ReturnType<typeof setup>['client'],
  file: GrowingFile,
  whenRefused: 'file' | 'fail' = 'file',
  refusals: StreamRefusal[] = [],
) {
  const bodies: string[] = [];
  return {
    bodies,
    done: client.uploadEnvironment(ENV, file.path, {
      growing: {
        file,
        expectedBytes: 8192,
        whenRefused,
        refusedAdvice: 'set upload-mode to auto or file',
        onRefused: (why) => refusals.push(why),
      },
      onAttempt: (b) => bodies.push(b),
    }),
  };
}

const lengths = (sent: { headers: Record<string, string> }[]) => sent.map((s) => s.headers['content-length'] ?? 'none');

describe('an upload sent while its zip is written', () => {
  it('sends the first attempt without a length, and a 411 gets the file at once, not counted as a retry', async () => {
    // Two attempts allowed: the refused stream, then a 503, then the success would need three
    // if the refusal counted.
    const t = setup([reply(411), reply(503), reply(200, OP)], 2);
    const refusals: StreamRefusal[] = [];
    const u = upload(t.client, zipFile(), 'file', refusals);
    await expect(u.done).resolves.toMatchObject(OP);
    expect(u.bodies).toEqual(['streamed', 'file', 'file']);
    expect(lengths(t.sent)[0]).toBe('none');
    expect(Number(lengths(t.sent)[1])).toBeGreaterThan(4096);
    expect(lengths(t.sent)[2]).toBe(lengths(t.sent)[1]);
    expect(refusals).toEqual(['length-required']);
    expect(t.retries().map((e) => e.type === 'retry' && e.reason)).toEqual(['status 503']);
  });

  it('falls back on any error answered before the body was sent, and not on one answered after it', async () => {
    const before = setup([early(reply(400)), reply(200, OP)]);
    await expect(upload(before.client, zipFile()).done).resolves.toMatchObject(OP);
    expect(lengths(before.sent).map((l) => l === 'none')).toEqual([true, false]);

    const after = setup([reply(400, { message: 'not a zip' })]);
    const err = await upload(after.client, zipFile()).done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(after.sent).toHaveLength(1);
  });

  it('treats 429 answered early as "try later": a counted retry, with the file', async () => {
    const one = setup([early(reply(429)), reply(200, OP)], 1);
    await expect(upload(one.client, zipFile()).done).rejects.toMatchObject({ status: 429 });
    expect(one.sent).toHaveLength(1);
    const two = setup([early(reply(429, {}, { 'retry-after': '2' })), reply(200, OP)], 2);
    await expect(upload(two.client, zipFile()).done).resolves.toMatchObject(OP);
    expect(two.clock.now()).toBe(2000);
    expect(lengths(two.sent)[1]).not.toBe('none');
  });

  it('with whenRefused fail, stops at the refusal with the advice, sending nothing more', async () => {
    const t = setup([reply(411, { error: { code: 411, message: 'send a length', status: 'FAILED_PRECONDITION' } })]);
    const u = upload(t.client, zipFile(), 'fail');
    const err = (await u.done.catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(411);
    expect(err.message).toMatch(/\(411\): send a length; set upload-mode to auto or file$/);
    expect(t.sent).toHaveLength(1);
    expect(u.bodies).toEqual(['streamed']);
  });

  it('retries a dropped stream with the finished file, as a counted retry, waiting for the writer first', async () => {
    const file = zipFile(4096, false);
    const t = setup([fail('reset', 'ECONNRESET'), reply(200, OP)]);
    const u = upload(t.client, file);
    // The retry's wait passes at once on the virtual clock; then it waits for the writer.
    await new Promise((r) => setTimeout(r, 20));
    expect(t.sent).toHaveLength(1);
    writeFileSync(file.path, Buffer.alloc(5000, 7));
    file.finish(5000);
    await expect(u.done).resolves.toMatchObject(OP);
    expect(u.bodies).toEqual(['streamed', 'file']);
    expect(Number(lengths(t.sent)[1])).toBeGreaterThan(5000);
    expect(t.retries()).toHaveLength(1);
    const counted = setup([fail('reset', 'ECONNRESET'), reply(200, OP)], 1);
    await expect(upload(counted.client, zipFile()).done).rejects.toMatchObject({ attempts: 1 });
  });

  it('says a later failure may have taken effect after a stream whose answer was lost, as for a file', async () => {
    const t = setup([fail('reset', 'ECONNRESET'), reply(400, { message: 'bad' })]);
    const err = (await upload(t.client, zipFile()).done.catch((e: unknown) => e)) as ApiError;
    expect(err.mayHaveSucceeded).toBe(true);
  });

  it("fails the call with the writer's error when the zip cannot be finished for a retry", async () => {
    const file = zipFile(4096, false);
    const t = setup([fail('reset', 'ECONNRESET'), reply(200, OP)]);
    const u = upload(t.client, file);
    file.fail(new Error('cannot read "big.bin" (EIO)'));
    await expect(u.done).rejects.toThrow('cannot read "big.bin" (EIO)');
    expect(t.sent).toHaveLength(1);
  });
});
