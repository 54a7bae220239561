import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { basic, call, createAppWithEnvironment, DEMO_AUTH } from './helpers/headless-http.js';
import { OTHER_AUTH, twoAccountSeed } from './helpers/headless-seed.js';
import { startHeadless } from './helpers/start-headless.js';

const APPS = '/v1/accounts/demo/apps';
const goodBody = { region: 'regions/EU-W', uploadable: {} };

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startHeadless({ seed: twoAccountSeed });
});
afterAll(() => emu.close());
beforeEach(() => emu.reset());

describe('headless apps', () => {
  // What create answers (200, no body) is in emulator-answers.test.ts, for both answer sets.
  it('shows a new app by get and list', async () => {
    await call(emu, 'POST', `${APPS}?appId=web`, { body: goodBody });
    const got = await call(emu, 'GET', `${APPS}/web`);
    expect(got.json).toEqual({ name: 'accounts/demo/apps/web', region: 'regions/EU-W', createTime: emu.clock.iso() });
    expect((await call(emu, 'GET', APPS)).json).toEqual({ apps: [got.json] });
  });

  it('pages the list with pageSize and pageToken, with no nextPageToken on the last page', async () => {
    const ids = ['a1', 'a2', 'a3', 'a4', 'a5'];
    for (const id of ids) expect((await call(emu, 'POST', `${APPS}?appId=${id}`, { body: goodBody })).status).toBe(200);

    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const q = new URLSearchParams({ pageSize: '2', ...(token ? { pageToken: token } : {}) });
      const page = await call(emu, 'GET', `${APPS}?${q.toString()}`);
      expect(page.status).toBe(200);
      expect(page.json.apps.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.apps.map((a: { name: string }) => a.name.split('/').pop()));
      token = page.json.nextPageToken;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);

    expect((await call(emu, 'GET', `${APPS}?pageToken=not-a-token`)).status).toBe(400);
    expect((await call(emu, 'GET', `${APPS}?pageSize=two`)).status).toBe(400);
  });

  it('deletes an app together with its environments and operations', async () => {
    await createAppWithEnvironment(emu, 'web');
    await createAppWithEnvironment(emu, 'keep');
    expect((await call(emu, 'DELETE', `${APPS}/web`)).status).toBe(200);
    expect((await call(emu, 'GET', `${APPS}/web`)).status).toBe(404);
    expect(emu.state.environments.map((e) => e.app)).toEqual(['keep']);
    expect(emu.state.operations.map((o) => o.app)).toEqual(['keep']);
    expect((await call(emu, 'DELETE', `${APPS}/web`)).status).toBe(404);
  });

  it('keeps app ids per account: the same id in another account is another app', async () => {
    expect((await call(emu, 'POST', `${APPS}?appId=web`, { body: goodBody })).status).toBe(200);
    const other = await call(emu, 'POST', '/v1/accounts/other/apps?appId=web', {
      body: goodBody,
      auth: OTHER_AUTH,
    });
    expect(other.status).toBe(200);
    expect(emu.state.apps).toHaveLength(2);
  });

  it('answers 409 ALREADY_EXISTS for an existing appId', async () => {
    await call(emu, 'POST', `${APPS}?appId=web`, { body: goodBody });
    const again = await call(emu, 'POST', `${APPS}?appId=web`, { body: goodBody });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 409, status: 'ALREADY_EXISTS' });
    expect(again.json.error.message).toContain('accounts/demo/apps/web');
    expect(emu.state.apps).toHaveLength(1);
  });

  const badRequests: [string, string, unknown, RegExp][] = [
    ['no appId', APPS, goodBody, /appId is required/],
    ['an appId with capitals', `${APPS}?appId=MyApp`, goodBody, /appId "MyApp" is not valid/],
    ['an appId ending with a hyphen', `${APPS}?appId=web-`, goodBody, /not valid/],
    ['an appId of 64 characters', `${APPS}?appId=${'a'.repeat(64)}`, goodBody, /not valid/],
    ['an unknown region', `${APPS}?appId=web`, { region: 'regions/MARS', uploadable: {} }, /region must be one of/],
    ['a region without regions/', `${APPS}?appId=web`, { region: 'US-C', uploadable: {} }, /region/],
    ['no uploadable', `${APPS}?appId=web`, { region: 'regions/UK' }, /uploadable must be an empty object/],
    ['a non-empty uploadable', `${APPS}?appId=web`, { region: 'regions/UK', uploadable: { x: 1 } }, /uploadable/],
    ['an unknown query parameter', `${APPS}?appId=web&force=true`, goodBody, /Unknown query parameter.*force/],
  ];
  it.each(badRequests)('answers 400 INVALID_ARGUMENT for %s, changing nothing', async (_what, path, body, message) => {
    const res = await call(emu, 'POST', path, { body });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(res.json.error.message).toMatch(message);
    expect(emu.state.apps).toHaveLength(0);
  });

  const AUTH = { none: null, 'a wrong password': basic('demo-user', 'nope'), demo: DEMO_AUTH };
  it.each<[string, string, keyof typeof AUTH, number, string]>([
    ['GET', APPS, 'none', 401, 'UNAUTHENTICATED'],
    ['POST', `${APPS}?appId=web`, 'a wrong password', 401, 'UNAUTHENTICATED'],
    ['GET', '/v1/accounts/other/apps', 'demo', 403, 'PERMISSION_DENIED'],
    ['POST', '/v1/accounts/other/apps?appId=web', 'demo', 403, 'PERMISSION_DENIED'],
    ['GET', '/v1/accounts/other/apps/web', 'demo', 403, 'PERMISSION_DENIED'],
    ['GET', '/v1/accounts/nobody/apps', 'demo', 404, 'NOT_FOUND'],
    ['GET', `${APPS}/missing`, 'demo', 404, 'NOT_FOUND'],
    ['DELETE', `${APPS}/missing`, 'demo', 404, 'NOT_FOUND'],
  ])('%s %s with %s credentials answers %i %s, changing nothing', async (method, path, who, status, name) => {
    const res = await call(emu, method, path, { auth: AUTH[who], body: method === 'POST' ? goodBody : undefined });
    expect(res.json.error).toMatchObject({ code: status, status: name });
    expect(res.text).not.toContain('nope');
    if (path.includes('nobody')) expect(res.json.error.message).toContain('nobody');
    expect(emu.state.apps).toHaveLength(0);
  });
});
