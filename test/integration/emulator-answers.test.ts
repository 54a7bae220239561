/**
 * The two answer sets (emulator/answers.ts), side by side: where the spec leaves an answer open,
 * `contract` (the default) answers as this project settled it, `documented` as the platform's
 * public reference shows it. The effects are the same; only what is answered differs. Raw HTTP
 * throughout: what is asserted is the bytes on the wire, not what a client makes of them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
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
import { startHeadless, withEmulator } from './helpers/start-headless.js';

let documented: RunningEmulator;
let contract: RunningEmulator;
let zip: Buffer;
beforeAll(async () => {
  zip = await makeZip({ 'package.json': '{}' });
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

const APP = { region: 'regions/US-C', uploadable: {} };
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
    const res = await upload(documented, env, [repositoryPart(zip)]);
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
    const res = await upload(contract, env, [repositoryPart(zip)]);
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
    await upload(documented, env, [repositoryPart(zip)]);
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

  // Which Host values make an origin is unit-tested (test/unit/emulator-answers.test.ts): a row of each kind here.
  it.each([
    ['LocalHost:PORT', 200, 'http://LocalHost:PORT'], // the Host the client used, as it wrote it
    ['emulator.test', 200, 'http://emulator.test'],
    ['emulator.test:99999', 200, 'LISTENING'], // an allowed name that cannot go in a URL: the listening address
    ['user@evil.example', 403, null], // malformed: refused, so no link is made from it
  ])('documented: a request with Host %s is answered %i, links on %s', async (host, status, origin) => {
    const port = new URL(documented.url).port;
    const headers = { host: host.replace('PORT', port), authorization: DEMO_AUTH };
    const res = await rawRequest(documented.url, 'GET', '/v1/installs?limit=1', headers);
    expect(res.status).toBe(status);
    if (origin === null) expect(res.text).not.toContain('evil');
    else
      expect(res.json.next).toBe(
        `${origin.replace('PORT', port).replace('LISTENING', documented.url)}/v1/installs?limit=1&offset=1`,
      );
  });

  it('documented: a request without Host is refused (403)', async () => {
    const socket = await openSocket(documented.url);
    socket.socket.write(`GET /v1/installs?limit=1 HTTP/1.0\r\nAuthorization: ${DEMO_AUTH}\r\n\r\n`);
    await socket.closed;
    expect(socket.received()).toMatch(/^HTTP\/1\.1 403 /);
  });

  // contract: paths with their query (emulator-hosting-installs.test.ts pages by them).
});

describe('PATCH environment', () => {
  const FULL = {
    displayName: 'staging',
    branch: 'uploadable',
    cmsEnvironment: 'demostg',
    shellVariables: [{ key: 'API_URL', value: 'https://api.example' }],
  };
  async function seeded(emu: RunningEmulator): Promise<string> {
    await call(emu, 'POST', '/v1/accounts/demo/apps?appId=web', { body: APP });
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

  // contract: updateMask names the fields, the others stay (emulator-headless-environments.test.ts).
});

describe('what both answer alike', () => {
  it.each([
    ['documented', () => documented],
    ['contract', () => contract],
  ])('%s: a new environment id is a uuid, and create answers the no_build Operation', async (_set, emu) => {
    await call(emu(), 'POST', '/v1/accounts/demo/apps?appId=web', { body: APP });
    const res = await call(emu(), 'POST', '/v1/accounts/demo/apps/web/environments', {
      body: { displayName: 'staging', branch: 'uploadable' },
    });
    const env = (res.json.name as string).replace(/\/operations\/no_build$/, '');
    expect(idOf(env)).toMatch(UUID);
    expect(res.json).toEqual(operationAnswer(env));
    expect(emu().state.environments.map((e) => e.id)).toEqual([idOf(env)]);
  });

  it.each([
    ['documented', () => documented],
    ['contract', () => contract],
  ])('%s: an environment shows reconciling while its build runs', async (_set, emu) => {
    const env = await createAppWithEnvironment(emu(), 'web');
    await upload(emu(), env, [repositoryPart(zip)]);
    expect((await call(emu(), 'GET', `/v1/${env}`)).json.reconciling).toBe(true);
    emu().clock.advance(10_000);
    expect((await call(emu(), 'GET', `/v1/${env}`)).json.reconciling).toBe(false);
  });

  it('both: creating an app answers 200 with no body, and the app list is the same', async () => {
    for (const emu of [documented, contract]) {
      const res = await call(emu, 'POST', '/v1/accounts/demo/apps?appId=web', { body: APP });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect((await call(emu, 'GET', '/v1/accounts/demo/apps')).json).toEqual({
        apps: [{ name: 'accounts/demo/apps/web', region: 'regions/US-C', createTime: expect.any(String) }],
      });
    }
  });
});

describe('seeds with older environment ids', () => {
  it('load ids of 8 or 24 hexadecimal characters beside a uuid, and answer by them', async () => {
    const ids = ['e0a1b2c3', '5f3a9c0d1e2b4a6978c1d0e2', '3f6c1b2a-8d4e-4f1a-9b7c-2e5d8a0c4f13'];
    const environments = ids.map((id) => ({ id, displayName: `env ${id}` }));
    const headless = { accounts: ['demo'], apps: [{ account: 'demo', appId: 'web', environments }] };
    await withEmulator({ answers: 'documented', seed: { ...defaultSeed, headless } }, async (emu) => {
      for (const id of ids) {
        const env = `accounts/demo/apps/web/environments/${id}`;
        expect((await call(emu, 'GET', `/v1/${env}`)).json).toMatchObject({ name: env, displayName: `env ${id}` });
        const res = await upload(emu, env, [repositoryPart(zip)]);
        expect([res.status, res.text]).toEqual([200, '{}']);
        const polled = (await call(emu, 'GET', `/v1/${env}/operations/no_build`)).json;
        expect(polled.name).toBe(`${env}/operations/no_build`);
        expect((await call(emu, 'DELETE', `/v1/${env}`)).status).toBe(204);
      }
    });
  });
});
