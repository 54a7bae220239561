import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { ID, startHosting, type Hosting, type Json, type UserName } from './helpers/hosting-http.js';

const { acme: ACME, other: OTHER, acmeprod: ACMEPROD, acmestg: ACMESTG, otherprod: OTHERPROD, unknown: UNKNOWN } = ID;
const { acmeSite: ACME_SITE, blogSite: BLOG_SITE, blogTransfer: T_BLOG, acmeTransfer: T_ACME } = ID;

let emu: RunningEmulator;
let as: Hosting['as'];
let ctl: Hosting['ctl'];
/** Emulator time at the last reset: the seed's schedules count from it. */
let t0 = 0;
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();

beforeAll(async () => ({ emu, as, ctl } = await startHosting()));
afterAll(() => emu.close());
beforeEach(async () => {
  await ctl.reset();
  t0 = Date.parse((await ctl.state()).now);
});

/** Who may reach what: each route's access check, one row each. */
it.each<[UserName, string, number]>([
  ['owner', '/v1/installs/acmeprod/archives', 400],
  ['owner', `/v1/installs/${ACMEPROD}/archives?limit=0`, 400],
  ['owner', `/v1/installs/${UNKNOWN}/archives`, 404],
  ['owner', `/v1/installs/${OTHERPROD}/archives`, 403],
  ['partial', `/v1/installs/${ACMESTG}/archives`, 403],
  ['partial', `/v1/installs/${ACMEPROD}/archives`, 200],
  ['owner', '/v1/sites?account_id=x', 400],
  ['owner', `/v1/sites/${BLOG_SITE}/site_transfers/${UNKNOWN}`, 404],
  ['owner', `/v1/sites/${ACME_SITE}/site_transfers/${T_BLOG}`, 404], // the transfer of another site
  ['other', `/v1/sites/${BLOG_SITE}/site_transfers/${T_BLOG}`, 200], // the destination account sees it
  ['other', `/v1/sites/${ACME_SITE}/site_transfers/${T_ACME}`, 403],
  ['partial', `/v1/sites/${BLOG_SITE}/site_transfers/${T_BLOG}`, 403],
  ['owner', `/v1/accounts/${OTHER}/site_transfers`, 403],
  ['owner', `/v1/accounts/${UNKNOWN}/site_transfers`, 404],
  ['owner', '/v1/accounts/acme/site_transfers', 400],
  ['partial', `/v1/accounts/${ACME}/site_transfers`, 403],
  ['other', `/v1/accounts/${ACME}/account_users`, 403],
  ['owner', '/v1/accounts/acme/account_users', 400],
  ['owner', `/v1/accounts/${OTHER}/limits`, 403],
  ['owner', `/v1/accounts/${UNKNOWN}/limits`, 404],
  ['owner', '/v1/ssh_keys?limit=1000', 400],
])('as %s, GET %s answers %i', async (who, path, status) => {
  expect((await as(who).get(path)).status).toBe(status);
});

describe('GET archives', () => {
  const ARCHIVES = `/v1/installs/${ACMEPROD}/archives`;
  const byId = async () =>
    Object.fromEntries(((await as().get(ARCHIVES)).body.results as Json[]).map((a) => [a.id.slice(-1), a]));

  it('lists the install archives with the fields of each state', async () => {
    const res = await as().get(ARCHIVES);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(6);
    const a = await byId();
    expect(a['1']).toEqual({
      id: 'a0000000-0000-4000-8000-000000000001',
      backup: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      notification_emails: ['ops@acme.example'],
      state: 'requested',
      create_time: '2026-01-01T00:00:00.000Z',
      start_time: null,
      complete_time: null,
      abort_time: null,
      download_uri: null,
    });
    expect(a['3']).toMatchObject({ state: 'in_progress', start_time: '2026-01-01T00:00:00.000Z', complete_time: null });
    expect(a['4']).toMatchObject({
      state: 'completed',
      complete_time: expect.any(String),
      download_uri: expect.stringMatching(/^https:\/\/.+\.zip$/),
    });
    expect(a['5']).toMatchObject({
      state: 'aborted',
      abort_time: expect.any(String),
      start_time: null,
      download_uri: null,
    });
  });

  it('moves archives through their states as the clock advances', async () => {
    await ctl.advance(5);
    let a = await byId();
    expect(a['7']).toMatchObject({ state: 'aborted', start_time: null, abort_time: at(5) });
    expect(a['1'].state).toBe('requested');
    await ctl.advance(5);
    a = await byId();
    expect(a['7'].state).toBe('aborted');
    expect(a['1']).toMatchObject({ state: 'in_progress', start_time: at(10) });
    expect(a['2']).toMatchObject({ state: 'in_progress', start_time: at(10) });
    await ctl.advance(5);
    a = await byId();
    expect(a['2']).toMatchObject({ state: 'aborted', abort_time: at(15), complete_time: null, download_uri: null });
    await ctl.advance(5);
    a = await byId();
    expect(a['1']).toMatchObject({
      state: 'completed',
      start_time: at(10),
      complete_time: at(20),
      download_uri: expect.stringContaining(a['1'].id),
    });
    expect(a['3'].state).toBe('in_progress');
    await ctl.advance(10);
    expect((await byId())['3']).toMatchObject({ state: 'completed', complete_time: at(30) });
  });

  it('passes every due transition at once when the clock jumps', async () => {
    await ctl.advance(3600);
    const a = await byId();
    const states = ['1', '2', '3', '7'].map((k) => a[k].state);
    expect(states).toEqual(['completed', 'aborted', 'completed', 'aborted']);
  });
});

describe('sites', () => {
  it('lists the account sites with their installs', async () => {
    const res = await as().get('/v1/sites');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.body.results[0]).toEqual({
      id: ACME_SITE,
      name: 'acme',
      account: { id: ACME },
      group_name: 'main',
      tags: ['shop'],
      created_at: '2026-01-01T00:00:00.000Z',
      sandbox: false,
      transferable: true,
      installs: [
        {
          id: ACMEPROD,
          name: 'acmeprod',
          environment: 'production',
          cname: 'acmeprod.hosting.example',
          php_version: '8.2',
          is_multisite: false,
        },
        expect.objectContaining({ name: 'acmestg', environment: 'staging' }),
        expect.objectContaining({ name: 'acmedev', environment: 'development' }),
      ],
    });
    const page = await as().get('/v1/sites?limit=1');
    expect(page.body.next).toBe('/v1/sites?limit=1&offset=1');
  });

  it('filters by account_id and shows a partial user only the sites and installs it has', async () => {
    expect((await as().get(`/v1/sites?account_id=${OTHER}`)).body.count).toBe(0);
    expect((await as().get(`/v1/sites?account_id=${ACME}`)).body.count).toBe(2);
    const partial = (await as('partial').get('/v1/sites')).body;
    expect(partial.count).toBe(1);
    expect(partial.results[0].installs.map((i: Json) => i.name)).toEqual(['acmeprod']);
  });

  it('creates a site: 201 with the Site, then listed; a name the account has is 409', async () => {
    const res = await as('full').post('/v1/sites', { name: 'shop', account_id: ACME });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'shop',
      account: { id: ACME },
      installs: [],
    });
    const names = (await as().get('/v1/sites')).body.results.map((s: Json) => s.name);
    expect(names).toEqual(['acme', 'blog', 'shop']);
    expect((await as().post('/v1/sites', { name: 'blog', account_id: ACME })).status).toBe(409); // a name it has
  });

  it('answers 400 for missing or bad fields and 403 for another account or a partial user', async () => {
    const bad = await as().post('/v1/sites', { name: '', account_id: 'acme' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: Json) => e.field)).toEqual(['name', 'account_id']);
    expect((await as().post('/v1/sites', { name: 'x', account_id: OTHER })).status).toBe(403);
    expect((await as('partial').post('/v1/sites', { name: 'x', account_id: ACME })).status).toBe(403);
    expect((await ctl.state()).sites).toHaveLength(3);
  });
});

describe('site transfers', () => {
  const one = (site: string, id: string, who: UserName = 'owner') =>
    as(who).get(`/v1/sites/${site}/site_transfers/${id}`);

  it('gets one transfer and moves it pending → in_progress → completed with the clock', async () => {
    const res = await one(BLOG_SITE, T_BLOG);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: T_BLOG,
      site: 'blog',
      installs: ['blogprod'],
      origin_account: 'acme',
      destination_account: 'other',
      status: 'pending',
      scheduled_time: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    await ctl.advance(30);
    expect((await one(BLOG_SITE, T_BLOG)).body).toMatchObject({ status: 'in_progress', updated_at: at(30) });
    await ctl.advance(60);
    expect((await one(BLOG_SITE, T_BLOG)).body).toMatchObject({ status: 'completed', updated_at: at(90) });
  });

  it('runs a scheduled transfer at its time to its outcome', async () => {
    const res = await one(ACME_SITE, T_ACME);
    expect(res.body).toMatchObject({ status: 'scheduled', scheduled_time: at(120) });
    await ctl.advance(200);
    expect((await one(ACME_SITE, T_ACME)).body).toMatchObject({ status: 'failed', updated_at: at(180) });
  });

  it('lists the transfers initiated from the account, for Owner and Full with Billing only', async () => {
    const path = `/v1/accounts/${ACME}/site_transfers`;
    const res = await as().get(path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.body.results.map((t: Json) => t.id)).toEqual([T_BLOG, T_ACME]);
    expect((await as('billing').get(`${path}?limit=1`)).body.next).toBe(`${path}?limit=1&offset=1`);
    const full = await as('full').get(path);
    expect(full.status).toBe(403);
    expect(full.body.message).toMatch(/Owner, or Full with Billing/);
  });
});

describe('account users', () => {
  const path = `/v1/accounts/${ACME}/account_users`;
  const user = (over: Json = {}) => ({
    user: {
      account_id: ACME,
      first_name: 'Nina',
      last_name: 'New',
      email: 'nina@acme.example',
      roles: 'full',
      ...over,
    },
  });

  it('lists users in {results} with last_owner on owners and installs on partial users', async () => {
    const res = await as().get(path);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['results']);
    const [olive, fred, , pat] = res.body.results;
    expect(res.body.results).toHaveLength(4);
    expect(olive).toMatchObject({
      email: 'olive@acme.example',
      roles: 'owner',
      last_owner: true,
      account_id: ACME,
      phone: '',
      invite_accepted: true,
      mfa_enabled: false,
    });
    expect(fred).not.toHaveProperty('last_owner');
    expect(fred).not.toHaveProperty('installs');
    expect(pat.installs).toEqual([{ id: ACMEPROD, name: 'acmeprod' }]);
  });

  it('creates a user: 201 {message, account_user}', async () => {
    const res = await as('full').post(path, user({ roles: 'partial,billing', install_ids: [ACMESTG] }));
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/nina@acme\.example/);
    expect(res.body.account_user).toMatchObject({
      user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      account_id: ACME,
      first_name: 'Nina',
      email: 'nina@acme.example',
      roles: 'partial,billing',
      invite_accepted: false,
      installs: [{ id: ACMESTG, name: 'acmestg' }],
    });
    expect((await as().get(path)).body.results).toHaveLength(5);
  });

  it('unsets last_owner once a second owner exists; an email the account has, in any case, is 409', async () => {
    expect((await as().post(path, user({ roles: 'owner' }))).status).toBe(201);
    const owners = (await as().get(path)).body.results.filter((u: Json) => u.roles === 'owner');
    expect(owners.map((u: Json) => u.last_owner)).toEqual([false, false]);
    const again = await as().post(path, user({ email: 'FRED@acme.example' }));
    expect([again.status, again.body.message]).toEqual([409, expect.stringMatching(/already exists/)]);
  });

  const mixed = user({ roles: 'admin', email: 'nina', account_id: OTHER, install_ids: [ACMEPROD] });
  it.each<[string, Json, string]>([
    ['no user', {}, 'user'],
    ['an unknown nested field', user({ nickname: 'nn' }), 'user.nickname'],
    ['missing fields', { user: {} }, 'user.account_id user.first_name user.last_name user.email user.roles'],
    [
      'a bad email and role, another account, install_ids not partial',
      mixed,
      'user.email user.roles user.account_id user.install_ids',
    ],
    [
      'install_ids of another account',
      user({ roles: 'partial', install_ids: [OTHERPROD, 'x'] }),
      'user.install_ids[1] user.install_ids[0]',
    ],
  ])('answers 400 for %s', async (_what, body, fields) => {
    const res = await as().post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.field)).toEqual(fields.split(' '));
  });

  it('answers 403 by role and for another account', async () => {
    expect((await as('partial').post(path, user())).status).toBe(403);
    expect((await as('full').post(path, user({ roles: 'owner' }))).status).toBe(403);
    expect((await as('other').post(path, user())).status).toBe(403);
    expect((await ctl.state()).accountUsers).toHaveLength(5);
  });
});

describe('limits and ssh keys', () => {
  it('answers the account limits; a non-uuid id is a 400 naming the route and field', async () => {
    const res = await as('partial').get(`/v1/accounts/${ACME}/limits`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ visitors: 250000, storage: 50, bandwidth: 1000 });
    const other = await as('other').get(`/v1/accounts/${OTHER}/limits`);
    expect(other.body).toEqual({ visitors: 400000, storage: 100, bandwidth: 2000 });
    expect((await as().get('/v1/accounts/acme/limits')).body.errors).toEqual([
      expect.objectContaining({ resource: 'getAccountLimits', field: 'account_id', type: 'invalid_value' }),
    ]);
  });

  it('lists the caller account ssh keys in a page envelope', async () => {
    const res = await as().get('/v1/ssh_keys?limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, previous: null, next: '/v1/ssh_keys?limit=2&offset=2' });
    expect(res.body.results[0]).toEqual({
      comment: 'olive@laptop',
      created_at: '2026-01-01T00:00:00.000Z',
      fingerprint: expect.stringMatching(/^SHA256:/),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((await as('other').get('/v1/ssh_keys')).body.results.map((k: Json) => k.comment)).toEqual(['oscar@laptop']);
  });
});
