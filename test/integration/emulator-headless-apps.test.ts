import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { basic, call, createAppWithEnvironment } from './helpers/headless-http.js';
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

  it('deletes an app with 200 {} together with its environments and operations', async () => {
    await createAppWithEnvironment(emu, 'web');
    await createAppWithEnvironment(emu, 'keep');
    const del = await call(emu, 'DELETE', `${APPS}/web`);
    expect(del.status).toBe(200);
    expect(del.json).toEqual({});
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

  it('answers 401 UNAUTHENTICATED without credentials or with wrong ones', async () => {
    const none = await call(emu, 'GET', APPS, { auth: null });
    expect(none.status).toBe(401);
    expect(none.json.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    const wrong = await call(emu, 'POST', `${APPS}?appId=web`, { body: goodBody, auth: basic('demo-user', 'nope') });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('nope');
    expect(emu.state.apps).toHaveLength(0);
  });

  it("answers 403 PERMISSION_DENIED for another account's apps", async () => {
    for (const [method, path] of [
      ['GET', '/v1/accounts/other/apps'],
      ['POST', '/v1/accounts/other/apps?appId=web'],
      ['GET', '/v1/accounts/other/apps/web'],
    ] as const) {
      const res = await call(emu, method, path, method === 'POST' ? { body: goodBody } : {});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error.status).toBe('PERMISSION_DENIED');
    }
    expect(emu.state.apps).toHaveLength(0);
  });

  it('answers 404 NOT_FOUND for an unknown account or app', async () => {
    const account = await call(emu, 'GET', '/v1/accounts/nobody/apps');
    expect(account.status).toBe(404);
    expect(account.json.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    expect(account.json.error.message).toContain('nobody');
    expect((await call(emu, 'GET', `${APPS}/missing`)).status).toBe(404);
    expect((await call(emu, 'DELETE', `${APPS}/missing`)).status).toBe(404);
  });
});
