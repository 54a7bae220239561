import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { call } from './helpers/headless-http.js';
import { UUID_SOURCE } from './helpers/ids.js';
import { OTHER_AUTH, twoAccountSeed } from './helpers/headless-seed.js';
import { startHeadless } from './helpers/start-headless.js';

const ENVS = '/v1/accounts/demo/apps/web/environments';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startHeadless({ seed: twoAccountSeed });
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.reset();
  for (const appId of ['web', 'blog']) {
    await call(emu, 'POST', `/v1/accounts/demo/apps?appId=${appId}`, {
      body: { region: 'regions/UK', uploadable: {} },
    });
  }
});

async function create(body: Record<string, unknown>, path = ENVS) {
  return call(emu, 'POST', path, { body });
}

/** Creates an environment and returns its id. */
async function createEnv(displayName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await create({ displayName, branch: 'uploadable', ...extra });
  expect(res.status).toBe(200);
  return new RegExp(`environments/(${UUID_SOURCE})/`).exec(res.json.name)![1]!;
}

describe('headless environments: create, get, list, delete', () => {
  // What create answers (the no_build Operation, a uuid id) is in emulator-answers.test.ts, for both answer sets.
  it('keeps every field given, and a webhook token', async () => {
    const id = await createEnv('Staging', {
      cmsEnvironment: 'demostg',
      shellVariables: [{ key: 'API_URL', value: 'https://x.example' }],
    });
    const got = await call(emu, 'GET', `${ENVS}/${id}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual({
      name: `accounts/demo/apps/web/environments/${id}`,
      displayName: 'Staging',
      branch: 'uploadable',
      cmsEnvironment: 'demostg',
      shellVariables: [{ key: 'API_URL', value: 'https://x.example' }],
      createTime: emu.clock.iso(),
      updateTime: emu.clock.iso(),
      reconciling: false,
    });
    expect(emu.state.environments[0]!.webhookToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it('finishes the create operation at once (its real name, done, no build), the fields left out defaulted', async () => {
    const id = await createEnv('Staging');
    expect((await call(emu, 'GET', `${ENVS}/${id}`)).json).toMatchObject({ cmsEnvironment: '', shellVariables: [] });
    const op = await call(emu, 'GET', `${ENVS}/${id}/operations/no_build`);
    expect(op.status).toBe(200);
    expect(op.json.name).toMatch(new RegExp(`^accounts/demo/apps/web/environments/${id}/operations/[0-9a-f]{12}$`));
    expect(op.json.done).toBe(true);
    expect(op.json.error).toBeUndefined();
    expect(op.json.metadata.build).toBe(`accounts/demo/apps/web/environments/${id}/builds/no_build`);
    expect((await call(emu, 'GET', `/v1/${op.json.name}`)).json).toEqual(op.json);
    expect((await call(emu, 'GET', `${ENVS}/${id}/operations/ffffffffffff`)).status).toBe(404);
  });

  // Following the page tokens to the end: emulator-headless-apps.test.ts (the same pagination).
  it('lists the environments of one app, in pages', async () => {
    for (const n of ['one', 'two', 'three']) await createEnv(n);
    await create({ displayName: 'elsewhere', branch: 'uploadable' }, '/v1/accounts/demo/apps/blog/environments');
    const names = async (query: string) =>
      (await call(emu, 'GET', `${ENVS}${query}`)).json.environments.map((e: { displayName: string }) => e.displayName);
    expect(await names('')).toEqual(['one', 'two', 'three']);
    expect(await names('?pageSize=2')).toEqual(['one', 'two']);
  });

  it('answers 409 for a display name already used in the app, and allows it in another app', async () => {
    await createEnv('Staging');
    const again = await create({ displayName: 'Staging', branch: 'uploadable' });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 409, status: 'ALREADY_EXISTS' });
    const other = await create(
      { displayName: 'Staging', branch: 'uploadable' },
      '/v1/accounts/demo/apps/blog/environments',
    );
    expect(other.status).toBe(200);
    expect(emu.state.environments).toHaveLength(2);
  });

  it('deletes an environment with its operations and webhooks', async () => {
    const id = await createEnv('Staging');
    expect((await call(emu, 'DELETE', `${ENVS}/${id}`)).status).toBe(200);
    expect((await call(emu, 'GET', `${ENVS}/${id}`)).status).toBe(404);
    expect((await call(emu, 'GET', `${ENVS}/${id}/operations/no_build`)).status).toBe(404);
    expect((await call(emu, 'GET', `/__emulator/environments/${id}/webhooks`, { auth: null })).status).toBe(404);
    expect(emu.state.operations).toHaveLength(0);
  });

  it('answers 404 for an unknown app or environment, 403 for another account', async () => {
    const nope = '/v1/accounts/demo/apps/nope/environments';
    expect((await call(emu, 'GET', nope)).status).toBe(404);
    expect((await create({ displayName: 'x', branch: 'uploadable' }, nope)).status).toBe(404);
    expect((await call(emu, 'GET', `${ENVS}/0badc0de`)).status).toBe(404);
    expect((await call(emu, 'DELETE', `${ENVS}/0badc0de`)).status).toBe(404);
    const id = await createEnv('Staging');
    const foreign = await call(emu, 'GET', `${ENVS}/${id}`, { auth: OTHER_AUTH });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.status).toBe('PERMISSION_DENIED');
  });
});

// Each field's rules are unit-tested (checkEnvironmentFields); these rows show the checks are wired.
const validationCases: [string, Record<string, unknown>, RegExp][] = [
  ['no displayName nor branch', {}, /displayName is required.*branch is required/],
  [
    "another account's install",
    { displayName: 'x', branch: 'uploadable', cmsEnvironment: 'otherprod' },
    /"otherprod" is not an install of this account/,
  ],
  ['shellVariables not an array', { displayName: 'x', branch: 'uploadable', shellVariables: {} }, /must be an array/],
  ['an unknown body field', { displayName: 'x', branch: 'uploadable', region: 'UK' }, /Unknown field.*region/],
];

describe('headless environments: strict create bodies', () => {
  it.each(validationCases)('answers 400 for %s, creating nothing', async (_what, body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(res.json.error.message).toMatch(message);
    expect(emu.state.environments).toHaveLength(0);
    expect(emu.state.operations).toHaveLength(0);
  });
});

describe('headless environments: PATCH with updateMask', () => {
  it('changes exactly the masked fields, moves updateTime and answers an operation', async () => {
    const id = await createEnv('Staging', { shellVariables: [{ key: 'A', value: '1' }] });
    const created = emu.clock.iso();
    emu.clock.advance(60_000);
    const res = await call(emu, 'PATCH', `${ENVS}/${id}?updateMask=shellVariables,cmsEnvironment`, {
      body: { shellVariables: [{ key: 'B', value: '2' }], cmsEnvironment: 'demoprod' },
    });
    expect([res.status, res.json.name]).toEqual([200, `accounts/demo/apps/web/environments/${id}/operations/no_build`]);

    const got = (await call(emu, 'GET', `${ENVS}/${id}`)).json;
    expect(got).toMatchObject({
      displayName: 'Staging',
      cmsEnvironment: 'demoprod',
      shellVariables: [{ key: 'B', value: '2' }],
      createTime: created,
      updateTime: emu.clock.iso(),
    });
    expect(got.updateTime).not.toBe(created);
    expect(emu.state.operations.map((o) => o.kind)).toEqual(['create', 'update']);
    const op = await call(emu, 'GET', `${ENVS}/${id}/operations/no_build`);
    expect(op.json).toMatchObject({ done: true });
    expect(op.json.name).toBe(`accounts/demo/apps/web/environments/${id}/operations/${emu.state.operations[1]!.id}`);
  });

  it('renames within the app, but not onto another environment (409)', async () => {
    const id = await createEnv('Staging');
    await createEnv('Production');
    const self = await call(emu, 'PATCH', `${ENVS}/${id}?updateMask=displayName`, { body: { displayName: 'Staging' } });
    expect(self.status).toBe(200);
    const clash = await call(emu, 'PATCH', `${ENVS}/${id}?updateMask=displayName`, {
      body: { displayName: 'Production' },
    });
    expect(clash.status).toBe(409);
    const renamed = await call(emu, 'PATCH', `${ENVS}/${id}?updateMask=displayName`, { body: { displayName: 'QA' } });
    expect(renamed.status).toBe(200);
    expect((await call(emu, 'GET', `${ENVS}/${id}`)).json.displayName).toBe('QA');
  });

  const patchCases: [string, string, Record<string, unknown>, RegExp][] = [
    ['no updateMask', '', { displayName: 'x' }, /updateMask is required/],
    ['an empty updateMask', '?updateMask=', { displayName: 'x' }, /updateMask is required/],
    [
      'an unknown field in the mask',
      '?updateMask=displayName,region',
      { displayName: 'x' },
      /unknown field\(s\) "region"/,
    ],
    [
      'a body field not in the mask',
      '?updateMask=displayName',
      { displayName: 'x', branch: 'uploadable' },
      /branch not named in updateMask/,
    ],
    [
      'a masked field missing from the body',
      '?updateMask=displayName,branch',
      { displayName: 'x' },
      /names branch but the body/,
    ],
    [
      'bad shellVariables (the field checks are wired)',
      '?updateMask=shellVariables',
      { shellVariables: [{ key: 'A-B', value: '' }] },
      /\.key must be/,
    ],
  ];
  it.each(patchCases)('answers 400 for %s, changing nothing', async (_what, query, body, message) => {
    const id = await createEnv('Staging');
    const before = JSON.stringify(emu.state.environments);
    const res = await call(emu, 'PATCH', `${ENVS}/${id}${query}`, { body });
    expect(res.status).toBe(400);
    expect(res.json.error.status).toBe('INVALID_ARGUMENT');
    expect(res.json.error.message).toMatch(message);
    expect(JSON.stringify(emu.state.environments)).toBe(before);
    expect(emu.state.operations).toHaveLength(1);
  });
});
