/**
 * The upload route with and without a Content-Length: both are accepted by default; with
 * `requireContentLength` (option, CLI flag or `POST /__emulator/config`) a body of unknown
 * length is refused with 411 before it is read, so clients can test their fallback.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { createAppWithEnvironment, DEMO_AUTH, makeZip, multipart, repositoryPart } from './helpers/headless-http.js';
import { rawRequest } from './helpers/raw-http.js';
import { startHeadless } from './helpers/start-headless.js';

interface Sent {
  status: number;
  json: { name?: string; error?: { message: string } };
  /** Bytes of the body the client had sent when the answer came. */
  written: number;
}

type Mode = 'length' | 'chunked' | 'chunked, body held back';

/**
 * Sends a multipart upload with a Content-Length, or chunked (no length) in three writes. With
 * the body held back, only the headers go out until the server answers: an answer then proves
 * the server decided without reading the body.
 */
function sendUpload(origin: string, env: string, mode: Mode): Promise<Sent> {
  const { body, contentType } = form;
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let written = 0;
    const req = request(
      {
        hostname,
        port,
        method: 'POST',
        path: `/headless/fu/v1/${env}:upload`,
        agent: false,
        headers: {
          authorization: DEMO_AUTH,
          'content-type': contentType,
          ...(mode === 'length' ? { 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()), written });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    if (mode === 'length') {
      written = body.length;
      req.end(body);
    } else if (mode === 'chunked') {
      const pieces = [body.subarray(0, 100), body.subarray(100, 300), body.subarray(300)];
      const next = () => {
        const piece = pieces.shift();
        if (!piece) return req.end();
        written += piece.length;
        req.write(piece, () => setImmediate(next));
      };
      next();
    } else req.flushHeaders();
  });
}

let emu: RunningEmulator;
let env: string;
let zip: Buffer;
let form: { body: Buffer; contentType: string };
beforeAll(async () => {
  emu = await startHeadless({ buildSeconds: 60 });
  zip = await makeZip({ 'package.json': '{"name":"app"}', 'index.js': 'x'.repeat(5000) });
  form = multipart([repositoryPart(zip)]);
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.reset();
  env = await createAppWithEnvironment(emu, 'web');
});

const config = (body?: unknown) =>
  body === undefined
    ? rawRequest(emu.url, 'GET', '/__emulator/config')
    : rawRequest(emu.url, 'POST', '/__emulator/config', { 'content-type': 'application/json' }, JSON.stringify(body));

describe('upload body length', () => {
  it('accepts a multipart body with a Content-Length, and the same body chunked without one', async () => {
    const withLength = await sendUpload(emu.url, env, 'length');
    expect(withLength.status).toBe(200);
    expect(withLength.json.name).toBe(`${env}/operations/no_build`);
    const chunked = await sendUpload(emu.url, env, 'chunked');
    expect(chunked.status).toBe(200);
    expect(chunked.written).toBe(form.body.length);
    const [a, b] = emu.state.uploads;
    expect(a!.bytes).toBe(zip.length);
    expect(b).toMatchObject({ bytes: zip.length, sha256: a!.sha256, entries: ['package.json', 'index.js'] });
  });

  it('with requireContentLength set at run time, answers 411 to a chunked upload before reading it', async () => {
    expect((await config()).json).toEqual({ requireContentLength: false });
    expect((await config({ requireContentLength: true })).json).toEqual({ requireContentLength: true });
    try {
      const chunked = await sendUpload(emu.url, env, 'chunked, body held back');
      expect(chunked.status).toBe(411);
      expect(chunked.json.error?.message).toMatch(/Content-Length/);
      expect(chunked.written).toBe(0);
      expect((await sendUpload(emu.url, env, 'chunked')).status).toBe(411);
      const withLength = await sendUpload(emu.url, env, 'length');
      expect(withLength.status).toBe(200);
      expect(emu.state.uploads).toHaveLength(1);
    } finally {
      await config({ requireContentLength: false });
    }
    expect((await sendUpload(emu.url, env, 'chunked')).status).toBe(200);
  });

  it('refuses a config body with unknown fields or a non-boolean', async () => {
    expect((await config({ requireContentLength: 'yes' })).status).toBe(400);
    expect((await config({ maxUploadMb: 1 })).status).toBe(400);
    expect((await config()).json).toEqual({ requireContentLength: false });
  });

  it('takes the setting as a start option too', async () => {
    const strict = await startHeadless({ requireContentLength: true });
    try {
      const strictEnv = await createAppWithEnvironment(strict, 'web');
      expect((await sendUpload(strict.url, strictEnv, 'chunked')).status).toBe(411);
      expect((await sendUpload(strict.url, strictEnv, 'length')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
