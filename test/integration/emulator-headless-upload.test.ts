/**
 * The upload route: what it records and how its build moves on the clock, one operation per
 * environment while a build runs (a later build takes it over), `reconciling`, an operation held
 * running (control route and seed), the requests it refuses (changing nothing, leaving no temp
 * file), its size limit, and bodies with or without a Content-Length (refused with 411 before
 * they are read under `requireContentLength`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_TEMP_PREFIX } from '../../emulator/handlers/headless/multipart.js';
import type { RunningEmulator } from '../../emulator/index.js';
import { MAX_ADVANCE_SECONDS } from '../../emulator/own-routes/control.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import {
  advance,
  call,
  createAppWithEnvironment,
  DEMO_AUTH,
  makeZip,
  multipart,
  repositoryPart,
  upload,
  webhooks,
  type CallResult,
  type Part,
} from './helpers/headless-http.js';
import { openSocket, rawRequest, until } from './helpers/raw-http.js';
import { startHeadless, withEmulator } from './helpers/start-headless.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tempFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith(UPLOAD_TEMP_PREFIX));

let emu: RunningEmulator;
let env: string;
let appZip: Buffer;
beforeAll(async () => {
  emu = await startHeadless({ buildSeconds: 60 });
  appZip = await makeZip({ 'package.json': '{"name":"app"}', 'src/index.js': 'console.log(1)\n', 'public/': '' });
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.reset();
  env = await createAppWithEnvironment(emu, 'web');
});

/** The latest operation of the environment, by the name the upload answered. */
const poll = async () => (await call(emu, 'GET', `/v1/${env}/operations/no_build`)).json;
/** The state an upload must not touch when it fails. */
const snapshot = () => JSON.stringify({ uploads: emu.state.uploads, operations: emu.state.operations });

/**
 * Sends the app's upload with a Content-Length, or chunked (no length) in two writes, or only its
 * headers ('held back'): an answer then proves the server decided without reading the body.
 * `written`: the bytes of the body sent when the answer came.
 */
function sendUpload(origin: string, env: string, mode: 'length' | 'chunked' | 'held back') {
  const { body, contentType } = multipart([repositoryPart(appZip)]);
  const length = mode === 'length' ? { 'content-length': String(body.length) } : {};
  const headers = { authorization: DEMO_AUTH, 'content-type': contentType, ...length };
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; json: CallResult['json']; written: number }>((resolve, reject) => {
    let written = 0;
    const path = `/headless/fu/v1/${env}:upload`;
    const req = request({ hostname, port, method: 'POST', path, agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text), written });
        req.destroy();
      });
    });
    req.on('error', reject);
    if (mode === 'held back') return req.flushHeaders();
    for (const piece of mode === 'length' ? [body] : [body.subarray(0, 100), body.subarray(100)]) {
      req.write(piece);
      written += piece.length;
    }
    req.end();
  });
}

const config = (body?: unknown) =>
  body === undefined
    ? rawRequest(emu.url, 'GET', '/__emulator/config')
    : rawRequest(emu.url, 'POST', '/__emulator/config', { 'content-type': 'application/json' }, JSON.stringify(body));

describe('headless upload: accepted archives', () => {
  // What it answers (the no_build Operation, or {}) is in emulator-answers.test.ts, for both answer sets.
  it('records the bytes, sha256 and entries of the zip', async () => {
    expect((await upload(emu, env, [repositoryPart(appZip)])).status).toBe(200);
    expect(emu.state.uploads).toHaveLength(1);
    expect(emu.state.uploads[0]).toMatchObject({
      bytes: appZip.length,
      sha256: sha256(appZip),
      entries: ['package.json', 'src/index.js', 'public/'],
      operationId: emu.state.operations.at(-1)!.id,
    });
    expect(tempFiles()).toEqual([]);
  });

  it('moves the build along the emulator clock: build id, then done with a deployment', async () => {
    await upload(emu, env, [repositoryPart(appZip)]);
    const queued = await poll();
    expect(queued).toMatchObject({ name: `${env}/operations/no_build`, done: false });
    expect(queued.metadata.build).toBe(`${env}/builds/no_build`);

    await advance(emu, 0.5); // builds start after min(0.5 s, 10% of the build time)
    const building = await poll();
    expect(building.name).toMatch(new RegExp(`^${env}/operations/[0-9a-f]{12}$`));
    expect(building.metadata.build).toMatch(new RegExp(`^${env}/builds/[0-9a-f]{8}$`));
    expect(building).toMatchObject({ done: false, metadata: { deployment: '' } });
    // The real name answers the same operation.
    expect((await call(emu, 'GET', `/v1/${building.name}`)).json).toEqual(building);

    await advance(emu, 59.4);
    expect((await poll()).done).toBe(false);
    await advance(emu, 0.1);
    const done = await poll();
    expect(done).toMatchObject({ name: building.name, done: true, metadata: { build: building.metadata.build } });
    expect(done.metadata.deployment).toMatch(new RegExp(`^${env}/deployments/[0-9a-f]{8}$`));
    expect(done).not.toHaveProperty('error');
  });

  it('fails the build, once done, when package.json is not at the root of the archive', async () => {
    const nested = await makeZip({ 'site/package.json': '{}', 'site/index.js': '' });
    expect((await upload(emu, env, [repositoryPart(nested)])).status).toBe(200);
    emu.clock.advance(30_000);
    expect(await poll()).not.toHaveProperty('error');
    emu.clock.advance(30_000);
    const op = await poll();
    expect(op.done).toBe(true);
    expect(op.metadata.deployment).toBe('');
    expect(op.error.code).toBe(3);
    expect(op.error.message).toMatch(/^build failed: no package\.json at the root of the uploaded archive/);
    expect(op.error.message).toContain('"site/package.json"');
  });
});

const get = async (name: string) => (await call(emu, 'GET', `/v1/${name}`)).json;
const BUILD_ID = /\/builds\/[0-9a-f]{8}$/;

describe('headless upload: one operation per environment while a build runs', () => {
  const rebuild = (action: 'rebuild' | 'cleanRebuild') => async () =>
    call(emu, 'POST', (await webhooks(emu, env.split('/').pop()!)).urls[action], { auth: null });
  const uploadOf = (files: Record<string, string>) => async () =>
    upload(emu, env, [repositoryPart(await makeZip(files))]);
  const cases: [string, () => Promise<CallResult>, 'deployed' | 'failed'][] = [
    ['a second upload', uploadOf({ 'package.json': '{}' }), 'deployed'],
    ['a second upload whose build fails', uploadOf({ 'site/package.json': '{}' }), 'failed'],
    ['a rebuild', rebuild('rebuild'), 'deployed'],
    ['a clean rebuild', rebuild('cleanRebuild'), 'deployed'],
  ];
  it.each(cases)(
    '%s before the first build is done takes its operation over: its name and no_build show the new build, the first never completes',
    async (_what, second, outcome) => {
      await upload(emu, env, [repositoryPart(appZip)]);
      await advance(emu, 30); // the first build is halfway
      const first = await poll();
      expect(first.metadata.build).toMatch(BUILD_ID);
      expect((await second()).status).toBe(200);
      expect(emu.state.operations.map((o) => o.kind)).toEqual(['create', expect.any(String)]);
      // Named once, the operation keeps its name; the new build has no id until it starts.
      expect(await get(first.name)).toMatchObject({
        name: first.name,
        done: false,
        metadata: { build: `${env}/builds/no_build` },
      });
      await advance(emu, 0.5);
      const taken = await get(first.name);
      expect(taken).toMatchObject({ name: first.name, done: false });
      expect(taken.metadata.build).toMatch(BUILD_ID);
      expect(taken.metadata.build).not.toBe(first.metadata.build);
      expect(await poll()).toEqual(taken);
      // The first build's 60 s run out: nothing is done until the second's have.
      await advance(emu, 59);
      expect((await get(first.name)).done).toBe(false);
      await advance(emu, 0.5);
      const done = await get(first.name);
      expect(done).toMatchObject({ name: first.name, done: true, metadata: { build: taken.metadata.build } });
      expect(done.metadata.deployment).toMatch(outcome === 'deployed' ? /\/deployments\/[0-9a-f]{8}$/ : /^$/);
      expect(done.error?.message ?? '').toMatch(outcome === 'failed' ? /no package\.json/ : /^$/);
      expect(emu.state.operations[1]!.supersededBuilds).toMatchObject([
        { buildId: first.metadata.build.split('/').pop(), kind: 'upload', uploadIndex: 0 },
      ]);
    },
  );

  it('a build after the last one is done gets an operation of its own; the first keeps its outcome', async () => {
    await upload(emu, env, [repositoryPart(appZip)]);
    await advance(emu, 60);
    const first = await poll();
    expect(first.done).toBe(true);
    await upload(emu, env, [repositoryPart(appZip)]);
    await advance(emu, 0.5);
    const second = await poll();
    expect(second).toMatchObject({ done: false });
    expect(second.name).not.toBe(first.name);
    expect(await get(first.name)).toEqual(first);
  });

  it('shows the environment reconciling while its latest operation is not done', async () => {
    const reconciling = async () => [
      (await get(env)).reconciling,
      (await get(env.replace(/\/[^/]+$/, ''))).environments[0].reconciling,
    ];
    expect(await reconciling()).toEqual([false, false]); // creating it is done at once
    await upload(emu, env, [repositoryPart(appZip)]);
    expect(await reconciling()).toEqual([true, true]);
    await advance(emu, 59.9);
    expect(await reconciling()).toEqual([true, true]);
    await advance(emu, 0.1);
    expect(await reconciling()).toEqual([false, false]);
  });
});

describe('headless upload: an operation held running', () => {
  const BUSY = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
  const IDLE = '5b6c7d8e-9f0a-4b1c-9d2e-3f4a5b6c7d8e';
  let seeded: RunningEmulator;
  beforeAll(async () => {
    const environments = [
      { id: BUSY, displayName: 'busy', runningBuild: true },
      { id: IDLE, displayName: 'idle' },
    ];
    const headless = { accounts: ['demo'], apps: [{ account: 'demo', appId: 'shop', environments }] };
    seeded = await startHeadless({ buildSeconds: 60, seed: { ...defaultSeed, headless } });
  });
  afterAll(() => seeded.close());
  beforeEach(() => seeded.reset());

  const hold = (on: RunningEmulator, id: string, body: unknown) =>
    call(on, 'POST', `/__emulator/environments/${id}/operation`, {
      auth: null,
      ...(typeof body === 'string' ? { raw: body, headers: { 'content-type': 'application/json' } } : { body }),
    });
  const idOf = (name: string) => name.split('/').pop()!;

  /** An emulator and the environment whose latest build is held running, and how it got there. */
  const holders: [string, () => Promise<[RunningEmulator, string]>][] = [
    [
      'the control route, after an upload',
      async () => {
        await upload(emu, env, [repositoryPart(appZip)]);
        await advance(emu, 0.5);
        const res = await hold(emu, idOf(env), { running: true });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ done: false, metadata: { build: expect.stringMatching(BUILD_ID) } });
        return [emu, env];
      },
    ],
    ['the seed (runningBuild: true)', async () => [seeded, `accounts/demo/apps/shop/environments/${BUSY}`]],
  ];
  it.each(holders)(
    'by %s, stays running across any clock advance, and finishes its build time after the release',
    async (_how, arrange) => {
      const [on, name] = await arrange();
      const latest = async () => (await call(on, 'GET', `/v1/${name}/operations/no_build`)).json;
      const held = await latest();
      expect(held).toMatchObject({ name: expect.stringMatching(/\/operations\/[0-9a-f]{12}$/), done: false });
      expect(held.metadata.build).toMatch(BUILD_ID);
      await advance(on, MAX_ADVANCE_SECONDS);
      expect(await latest()).toEqual(held);
      expect((await call(on, 'GET', `/v1/${name}`)).json.reconciling).toBe(true);
      const released = await hold(on, idOf(name), { running: false });
      expect([released.status, released.json]).toEqual([200, held]);
      await advance(on, 59.9);
      expect((await latest()).done).toBe(false);
      await advance(on, 0.1);
      expect(await latest()).toMatchObject({ name: held.name, done: true, metadata: { build: held.metadata.build } });
      expect((await call(on, 'GET', `/v1/${name}`)).json.reconciling).toBe(false);
    },
  );

  it('a seeded running build keeps its ids across a reset, and a later upload takes it over on its own time', async () => {
    const name = `accounts/demo/apps/shop/environments/${BUSY}`;
    const latest = async () => (await call(seeded, 'GET', `/v1/${name}/operations/no_build`)).json;
    const held = await latest();
    seeded.reset();
    expect(await latest()).toEqual(held);
    expect(seeded.state.uploads).toEqual([]);
    await upload(seeded, name, [repositoryPart(appZip)]);
    await advance(seeded, 60);
    const done = await latest();
    expect(done).toMatchObject({ name: held.name, done: true });
    expect(done.metadata.build).not.toBe(held.metadata.build);
  });

  const refusals: [string, number, RegExp, () => Promise<CallResult>][] = [
    ['no field', 400, /running must be true .* or false/, () => hold(seeded, BUSY, {})],
    ['running not a boolean', 400, /running must be true/, () => hold(seeded, BUSY, { running: 'yes' })],
    [
      'an unknown field',
      400,
      /unknown field: for \(use running\)/,
      () => hold(seeded, BUSY, { running: true, for: 5 }),
    ],
    ['a body that is not an object', 400, /JSON object/, () => hold(seeded, BUSY, '[true]')],
    ['an unknown environment', 404, /"0badc0de" not found/, () => hold(seeded, '0badc0de', { running: true })],
    ['an environment without an operation', 404, /has no operation/, () => hold(seeded, IDLE, { running: true })],
    ['an operation already done', 409, /already done/, () => hold(emu, idOf(env), { running: true })],
  ];
  it.each(refusals)('answers %s with %i, holding nothing', async (_what, status, message, send) => {
    const before = JSON.stringify([seeded.state.operations, emu.state.operations]);
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.json.message).toMatch(message);
    expect(JSON.stringify([seeded.state.operations, emu.state.operations])).toBe(before);
  });
});

describe('headless upload: refused requests change nothing', () => {
  const zip = () => repositoryPart(appZip);
  const formOf = (parts: () => Part[]) => () => multipart(parts());
  const cases: [string, () => { body: Buffer; contentType: string }, RegExp][] = [
    ['two file parts', formOf(() => [zip(), zip()]), /more than one file part/],
    ['a file part with another name', formOf(() => [{ ...zip(), name: 'code' }]), /unexpected file part "code"/],
    ['an extra form field', formOf(() => [{ name: 'note', content: 'hi' }, zip()]), /unexpected form field "note"/],
    ['no part at all', formOf(() => []), /no file part named "repository"/],
    ['a file that is not a zip', formOf(() => [repositoryPart(Buffer.from('not a zip'))]), /not a valid zip archive/],
    ['a zip cut short', formOf(() => [repositoryPart(appZip.subarray(0, -30))]), /not a valid zip/],
    [
      'a multipart body without its closing boundary',
      () => ({ ...multipart([zip()]), body: multipart([zip()]).body.subarray(0, -60) }),
      /malformed or truncated multipart body/,
    ],
    ['a JSON body', () => ({ body: Buffer.from('{}'), contentType: 'application/json' }), /multipart\/form-data/],
  ];
  it.each(cases)('answers 400 for %s', async (_what, build, message) => {
    const before = snapshot();
    const { body, contentType } = build();
    const res = await call(emu, 'POST', `/fu/v1/${env}:upload`, {
      raw: body,
      headers: { 'content-type': contentType },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(res.json.error.message).toMatch(message);
    expect(snapshot()).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it('answers 401 without credentials and 404 for an unknown environment', async () => {
    const form = multipart([repositoryPart(appZip)]);
    const headers = { 'content-type': form.contentType };
    expect((await call(emu, 'POST', `/fu/v1/${env}:upload`, { raw: form.body, headers, auth: null })).status).toBe(401);
    const missing = await call(emu, 'POST', '/fu/v1/accounts/demo/apps/web/environments/0badc0de:upload', {
      raw: form.body,
      headers,
    });
    expect(missing.status).toBe(404);
    expect(emu.state.uploads).toHaveLength(0);
  });

  it('cleans up after a client that drops the connection halfway, leaving the state unchanged', async () => {
    const before = snapshot();
    const big = await makeZip({ 'package.json': '{}', 'blob.bin': randomBytes(256 * 1024) });
    const form = multipart([repositoryPart(big)]);
    const { socket } = await openSocket(emu.url);
    socket.write(
      `POST /headless/fu/v1/${env}:upload HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${DEMO_AUTH}\r\n` +
        `content-type: ${form.contentType}\r\ncontent-length: ${form.body.length}\r\n\r\n`,
    );
    socket.write(form.body.subarray(0, form.body.length / 2));
    await until(() => tempFiles().length === 1, 'the upload to reach a temp file');
    socket.destroy();
    await until(() => tempFiles().length === 0, 'the temp file to be removed');
    expect(snapshot()).toBe(before);
    // The emulator still serves the next upload.
    expect((await upload(emu, env, [repositoryPart(appZip)])).status).toBe(200);
  });

  it('answers 413 and closes the connection for an archive over maxUploadMb, and takes one just under', async () => {
    await withEmulator({ maxUploadMb: 0.01 }, async (small) => {
      const smallEnv = await createAppWithEnvironment(small, 'web');
      const big = await makeZip({ 'package.json': '{}', 'blob.bin': randomBytes(40 * 1024) });
      const res = await upload(small, smallEnv, [repositoryPart(big)]);
      expect([res.status, res.headers.connection]).toEqual([413, 'close']);
      expect(res.json.error).toMatchObject({ code: 413, status: 'OUT_OF_RANGE' });
      expect(res.json.error.message).toContain(`limit of ${Math.round(0.01 * 1024 * 1024)} bytes`);
      expect(small.state.uploads).toHaveLength(0);
      expect(tempFiles()).toEqual([]);
      const fits = await makeZip({ 'package.json': '{}', 'blob.bin': randomBytes(8 * 1024) });
      expect(fits.length).toBeLessThan(Math.round(0.01 * 1024 * 1024));
      expect((await upload(small, smallEnv, [repositoryPart(fits)])).status).toBe(200);
    });
  });
});

describe('headless upload: with or without a Content-Length', () => {
  it('accepts the body chunked, without a Content-Length, and records the whole archive', async () => {
    const chunked = await sendUpload(emu.url, env, 'chunked');
    expect([chunked.status, chunked.json.name]).toEqual([200, `${env}/operations/no_build`]);
    expect(emu.state.uploads[0]).toMatchObject({ bytes: appZip.length, sha256: sha256(appZip) });
  });

  it('with requireContentLength set at run time, answers 411 to a chunked upload before reading it', async () => {
    expect((await config()).json).toEqual({ requireContentLength: false });
    expect((await config({ requireContentLength: true })).json).toEqual({ requireContentLength: true });
    try {
      const chunked = await sendUpload(emu.url, env, 'held back');
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

  it('takes the setting as a start option too', async () => {
    await withEmulator({ requireContentLength: true }, async (strict) => {
      const strictEnv = await createAppWithEnvironment(strict, 'web');
      expect((await sendUpload(strict.url, strictEnv, 'chunked')).status).toBe(411);
      expect((await sendUpload(strict.url, strictEnv, 'length')).status).toBe(200);
    });
  });
});
