/**
 * The two answer sets (emulator/answers.ts), side by side: where the spec leaves an answer open,
 * `contract` (the default) answers as this project settled it, `documented` as the platform's
 * public reference shows it. The effects are the same; only what is answered differs. Raw HTTP
 * throughout: what is asserted is the bytes on the wire, not what a client makes of them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { UPDATE_ENVIRONMENT_METADATA_TYPE } from '../../src/api/types.js';
import {
  call,
  createAppWithEnvironment,
  DEMO_AUTH,
  makeZip,
  repositoryPart,
  upload,
  webhooks,
  type CallResult,
} from './helpers/headless-http.js';
import { UUID } from './helpers/ids.js';
import { openSocket, rawRequest } from './helpers/raw-http.js';
import { startHeadless } from './helpers/start-headless.js';

let documented: RunningEmulator;
let contract: RunningEmulator;
beforeAll(async () => {
  // emulator.test: a name the client reaches it by, as a container's service name.
  documented = await startHeadless({ answers: 'documented', buildSeconds: 10, controlHosts: ['emulator.test'] });
  contract = await startHeadless({ buildSeconds: 10 });
});
afterAll(async () => {
  await documented.close();
  await contract.close();
});
beforeEach(() => {
  documented.reset();
  contract.reset();
});

/** A hosting API call with the demo credentials. */
const hosting = (emu: RunningEmulator, method: string, url: string, body?: unknown) =>
  call(emu, method, url, { body, hosting: true });

/** No body at all: not `{}`, not `null`, and nothing that claims to be JSON. */
function expectNoBody(res: CallResult): void {
  expect(res.text).toBe('');
  expect(res.headers['content-length'] ?? '0').toBe('0');
  expect(res.headers['content-type']).toBeUndefined();
}

const idOf = (env: string) => env.split('/').pop()!;
const installId = (emu: RunningEmulator, name: string) => emu.state.installs.find((i) => i.name === name)!.id;
const operationAnswer = (env: string) => ({
  name: `${env}/operations/no_build`,
  metadata: { '@type': UPDATE_ENVIRONMENT_METADATA_TYPE, build: `${env}/builds/no_build`, deployment: '' },
  done: false,
});

describe('the zip upload', () => {
  it('documented: 200 {}, and the build still starts and is polled by operations/no_build', async () => {
    const env = await createAppWithEnvironment(documented, 'web');
    const res = await upload(documented, env, [repositoryPart(await makeZip({ 'package.json': '{}' }))]);
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
    expect(res.headers['content-type']).toBe('application/json');
    expect(documented.state.uploads).toHaveLength(1);

    const polled = await call(documented, 'GET', `/v1/${env}/operations/no_build`);
    expect(polled.json).toEqual(operationAnswer(env));
    documented.clock.advance(10_000);
    const done = await call(documented, 'GET', `/v1/${env}/operations/no_build`);
    const op = documented.state.operations.at(-1)!;
    expect(op.kind).toBe('upload');
    expect(done.json).toMatchObject({ name: `${env}/operations/${op.id}`, done: true });
    expect(done.json.metadata.deployment).toBe(`${env}/deployments/${op.deploymentId}`);
    expect(done.json.error).toBeUndefined();
  });

  it('contract: 200 with the no_build Operation', async () => {
    const env = await createAppWithEnvironment(contract, 'web');
    const res = await upload(contract, env, [repositoryPart(await makeZip({ 'package.json': '{}' }))]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(operationAnswer(env));
  });
});

describe('POST /v1/install_copy', () => {
  const copy = (emu: RunningEmulator) => ({
    source_environment_id: installId(emu, 'demostg'),
    destination_environment_id: installId(emu, 'demoprod'),
  });

  it('documented: 202 with no body, and the copy is recorded', async () => {
    const res = await hosting(documented, 'POST', '/v1/install_copy', copy(documented));
    expect(res.status).toBe(202);
    expectNoBody(res);
    expect(documented.state.installCopies).toEqual([
      expect.objectContaining({ ...copy(documented), status: 'pending', requested_by: 'demo-user' }),
    ]);
  });

  it('contract: 202 {"id": uuid, "status": "pending"}', async () => {
    const res = await hosting(contract, 'POST', '/v1/install_copy', copy(contract));
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ id: contract.state.installCopies[0]!.id, status: 'pending' });
    expect(res.json.id).toMatch(UUID);
  });

  it('documented: a refused copy is still an error with its body', async () => {
    const res = await hosting(documented, 'POST', '/v1/install_copy', {
      source_environment_id: installId(documented, 'demostg'),
      destination_environment_id: installId(documented, 'demostg'),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('same install');
  });
});

describe('the webhook trigger', () => {
  const hookUrl = async (emu: RunningEmulator, env: string, action: 'rebuild' | 'purgeCache') =>
    (await webhooks(emu, idOf(env))).urls[action];
  const trigger = (emu: RunningEmulator, url: string) => call(emu, 'POST', url, { auth: null });

  it('documented: 200 with no body, and the rebuild takes effect', async () => {
    const env = await createAppWithEnvironment(documented, 'web');
    await upload(documented, env, [repositoryPart(await makeZip({ 'package.json': '{}' }))]);
    const res = await trigger(documented, await hookUrl(documented, env, 'rebuild'));
    expect(res.status).toBe(200);
    expectNoBody(res);
    expect(documented.state.webhookCalls).toEqual([expect.objectContaining({ action: 'rebuild' })]);
    expect(documented.state.operations.at(-1)).toMatchObject({ kind: 'rebuild', uploadIndex: 0 });
  });

  it('documented: a wrong token is still 401 with its error body', async () => {
    const env = await createAppWithEnvironment(documented, 'web');
    const url = (await hookUrl(documented, env, 'purgeCache')).replace(/token=.*/, 'token=wrong');
    const res = await trigger(documented, url);
    expect(res.status).toBe(401);
    expect(res.json.error.status).toBe('UNAUTHENTICATED');
    expect(documented.state.webhookCalls).toEqual([]);
  });

  it('contract: 200 {}', async () => {
    const env = await createAppWithEnvironment(contract, 'web');
    const res = await trigger(contract, await hookUrl(contract, env, 'purgeCache'));
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
  });
});

describe('DELETE of an app or an environment', () => {
  it('documented: 204 with no body, and the record is gone', async () => {
    const env = await createAppWithEnvironment(documented, 'web');
    const deletedEnv = await call(documented, 'DELETE', `/v1/${env}`);
    expect(deletedEnv.status).toBe(204);
    expectNoBody(deletedEnv);
    expect((await call(documented, 'GET', `/v1/${env}`)).status).toBe(404);

    const deletedApp = await call(documented, 'DELETE', '/v1/accounts/demo/apps/web');
    expect(deletedApp.status).toBe(204);
    expectNoBody(deletedApp);
    expect(documented.state.apps).toEqual([]);
    // Gone is gone: a second DELETE is a 404 with the headless error body.
    const again = await call(documented, 'DELETE', '/v1/accounts/demo/apps/web');
    expect(again.status).toBe(404);
    expect(again.json.error.status).toBe('NOT_FOUND');
  });

  it('contract: 200 {}', async () => {
    const env = await createAppWithEnvironment(contract, 'web');
    const deletedEnv = await call(contract, 'DELETE', `/v1/${env}`);
    expect([deletedEnv.status, deletedEnv.text]).toEqual([200, '{}']);
    const deletedApp = await call(contract, 'DELETE', '/v1/accounts/demo/apps/web');
    expect([deletedApp.status, deletedApp.text]).toEqual([200, '{}']);
  });
});

describe('hosting page links', () => {
  it('documented: absolute URLs on the origin of the request, which lead to the next page and back', async () => {
    const first = await hosting(documented, 'GET', '/v1/installs?limit=1');
    expect(first.json).toMatchObject({
      count: 2,
      previous: null,
      next: `${documented.url}/v1/installs?limit=1&offset=1`,
    });
    const second = await hosting(documented, 'GET', first.json.next);
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({
      count: 2,
      previous: `${documented.url}/v1/installs?limit=1&offset=0`,
      next: null,
    });
    const names = [...first.json.results, ...second.json.results].map((i: { name: string }) => i.name);
    expect(names.sort()).toEqual(['demoprod', 'demostg']);
    // Other query parameters ride along, as in contract mode.
    const account = documented.state.accounts[0]!.id;
    const filtered = await hosting(documented, 'GET', `/v1/installs?limit=1&account_id=${account}`);
    expect(filtered.json.next).toBe(`${documented.url}/v1/installs?limit=1&account_id=${account}&offset=1`);
  });

  it('documented: the origin follows the Host the client used, when it is a host and port', async () => {
    const port = new URL(documented.url).port;
    for (const host of [`LocalHost:${port}`, 'emulator.test']) {
      const res = await rawRequest(documented.url, 'GET', '/v1/installs?limit=1', { host, authorization: DEMO_AUTH });
      expect(res.json.next, host).toBe(`http://${host}/v1/installs?limit=1&offset=1`);
    }
  });

  it('documented: a malformed or missing Host is refused (403), so no link is made from it', async () => {
    for (const host of ['evil.example/x?', 'user@evil.example']) {
      const res = await rawRequest(documented.url, 'GET', '/v1/installs?limit=1', { host, authorization: DEMO_AUTH });
      expect(res.status, host).toBe(403);
      expect(JSON.stringify(res.json)).not.toContain('evil');
    }
    const socket = await openSocket(documented.url);
    socket.socket.write(`GET /v1/installs?limit=1 HTTP/1.0\r\nAuthorization: ${DEMO_AUTH}\r\n\r\n`);
    await socket.closed;
    expect(socket.received()).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('documented: an allowed name whose Host cannot go in a URL gives the listening address', async () => {
    for (const host of ['emulator.test:99999']) {
      const res = await rawRequest(documented.url, 'GET', '/v1/installs?limit=1', { host, authorization: DEMO_AUTH });
      expect(res.status, host).toBe(200);
      expect(res.json.next, host).toBe(`${documented.url}/v1/installs?limit=1&offset=1`);
    }
  });

  it('contract: paths with their query', async () => {
    const first = await hosting(contract, 'GET', '/v1/installs?limit=1');
    expect(first.json).toMatchObject({ previous: null, next: '/v1/installs?limit=1&offset=1' });
    const second = await hosting(contract, 'GET', first.json.next);
    expect(second.json).toMatchObject({ previous: '/v1/installs?limit=1&offset=0', next: null });
  });
});

describe('PATCH environment', () => {
  const FULL = {
    displayName: 'staging',
    branch: 'uploadable',
    cmsEnvironment: 'demostg',
    shellVariables: [{ key: 'API_URL', value: 'https://api.example' }],
  };
  async function seeded(emu: RunningEmulator): Promise<string> {
    await call(emu, 'POST', '/v1/accounts/demo/apps?appId=web', { body: { region: 'regions/US-C', uploadable: {} } });
    const created = await call(emu, 'POST', '/v1/accounts/demo/apps/web/environments', { body: FULL });
    expect(created.status).toBe(200);
    return (created.json.name as string).replace(/\/operations\/no_build$/, '');
  }
  const get = async (emu: RunningEmulator, env: string) => (await call(emu, 'GET', `/v1/${env}`)).json;

  it('documented: replaces the record; every field left out is cleared; updateMask is ignored', async () => {
    const env = await seeded(documented);
    // The mask names a field the body lacks and leaves out those it holds: ignored either way.
    const res = await call(documented, 'PATCH', `/v1/${env}?updateMask=shellVariables`, {
      body: { displayName: 'Staging 2', branch: 'uploadable' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(operationAnswer(env));
    expect(await get(documented, env)).toMatchObject({
      displayName: 'Staging 2',
      branch: 'uploadable',
      cmsEnvironment: '',
      shellVariables: [],
    });

    const nonsenseMask = await call(documented, 'PATCH', `/v1/${env}?updateMask=nonsense`, { body: FULL });
    expect(nonsenseMask.status).toBe(200);
    expect(await get(documented, env)).toMatchObject(FULL);
    const noMask = await call(documented, 'PATCH', `/v1/${env}`, {
      body: { displayName: 'staging', branch: 'uploadable', shellVariables: [] },
    });
    expect(noMask.status).toBe(200);
    expect(await get(documented, env)).toMatchObject({ cmsEnvironment: '', shellVariables: [] });
  });

  it('documented: a body without displayName and branch is 400, naming both, and changes nothing', async () => {
    const env = await seeded(documented);
    const before = await get(documented, env);
    const res = await call(documented, 'PATCH', `/v1/${env}`, { body: { cmsEnvironment: 'demostg' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(res.json.error.message).toMatch(/displayName is required.*branch is required/);
    expect(res.json.error.message).toContain('a PATCH replaces the whole environment');
    // The field checks still run: a bad branch is refused as in contract mode.
    expect((await call(documented, 'PATCH', `/v1/${env}`, { body: { ...FULL, branch: 'main' } })).status).toBe(400);
    expect(await get(documented, env)).toEqual(before);
  });

  it('documented: a display name another environment holds is still 409', async () => {
    const env = await seeded(documented);
    await call(documented, 'POST', '/v1/accounts/demo/apps/web/environments', {
      body: { displayName: 'prod', branch: 'uploadable' },
    });
    const res = await call(documented, 'PATCH', `/v1/${env}`, { body: { displayName: 'prod', branch: 'uploadable' } });
    expect(res.status).toBe(409);
    expect((await get(documented, env)).cmsEnvironment).toBe('demostg');
  });

  it('contract: updateMask names the fields, and the others stay as they were', async () => {
    const env = await seeded(contract);
    expect(
      (await call(contract, 'PATCH', `/v1/${env}`, { body: { displayName: 'x', branch: 'uploadable' } })).status,
    ).toBe(400);
    const res = await call(contract, 'PATCH', `/v1/${env}?updateMask=displayName`, {
      body: { displayName: 'Staging 2' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(operationAnswer(env));
    expect(await get(contract, env)).toMatchObject({ ...FULL, displayName: 'Staging 2' });
  });
});

describe('what both answer alike', () => {
  it.each([
    ['documented', () => documented],
    ['contract', () => contract],
  ])('%s: a new environment id is a uuid, and create answers the no_build Operation', async (_set, emu) => {
    await call(emu(), 'POST', '/v1/accounts/demo/apps?appId=web', { body: { region: 'regions/US-C', uploadable: {} } });
    const res = await call(emu(), 'POST', '/v1/accounts/demo/apps/web/environments', {
      body: { displayName: 'staging', branch: 'uploadable' },
    });
    const env = (res.json.name as string).replace(/\/operations\/no_build$/, '');
    expect(idOf(env)).toMatch(UUID);
    expect(res.json).toEqual(operationAnswer(env));
    expect(emu().state.environments.map((e) => e.id)).toEqual([idOf(env)]);
  });

  it('both: creating an app answers 200 with no body, and the app list is the same', async () => {
    for (const emu of [documented, contract]) {
      const res = await call(emu, 'POST', '/v1/accounts/demo/apps?appId=web', {
        body: { region: 'regions/US-C', uploadable: {} },
      });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect((await call(emu, 'GET', '/v1/accounts/demo/apps')).json).toEqual({
        apps: [{ name: 'accounts/demo/apps/web', region: 'regions/US-C', createTime: expect.any(String) }],
      });
    }
  });
});

describe('seeds with older environment ids', () => {
  it.each([
    ['8 hexadecimal characters', 'e0a1b2c3'],
    ['24 hexadecimal characters', '5f3a9c0d1e2b4a6978c1d0e2'],
    ['a uuid', '3f6c1b2a-8d4e-4f1a-9b7c-2e5d8a0c4f13'],
  ])('load one of %s, and it answers by that id', async (_what, id) => {
    const emu = await startHeadless({
      answers: 'documented',
      seed: {
        accounts: [{ name: 'demo' }],
        credentials: [{ userId: 'demo-user', password: 'demo-password', account: 'demo', roles: 'owner' }],
        headless: {
          accounts: ['demo'],
          apps: [{ account: 'demo', appId: 'web', environments: [{ id, displayName: 'production' }] }],
        },
      },
    });
    try {
      const env = `accounts/demo/apps/web/environments/${id}`;
      expect((await call(emu, 'GET', `/v1/${env}`)).json).toMatchObject({ name: env, displayName: 'production' });
      const res = await upload(emu, env, [repositoryPart(await makeZip({ 'package.json': '{}' }))]);
      expect([res.status, res.text]).toEqual([200, '{}']);
      expect((await call(emu, 'GET', `/v1/${env}/operations/no_build`)).json.name).toBe(`${env}/operations/no_build`);
      expect((await call(emu, 'DELETE', `/v1/${env}`)).status).toBe(204);
    } finally {
      await emu.close();
    }
  });
});
