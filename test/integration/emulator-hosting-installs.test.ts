import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { ID, startHosting, type Hosting, type Json, type UserName } from './helpers/hosting-http.js';

const { acme: ACME, other: OTHER, acmeprod: ACMEPROD, acmestg: ACMESTG, acmedev: ACMEDEV } = ID;

let emu: RunningEmulator;
let as: Hosting['as'];
let ctl: Hosting['ctl'];
beforeAll(async () => ({ emu, as, ctl } = await startHosting()));
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

const names = (results: Json[]) => results.map((r: Json) => r.name);

describe('GET /v1/installs', () => {
  it('answers a page envelope of the caller account installs, without single-install fields', async () => {
    const res = await as().get('/v1/installs');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 4, previous: null, next: null });
    expect(names(res.body.results)).toEqual(['acmeprod', 'acmestg', 'acmedev', 'blogprod']);
    expect(res.body.results[0]).toEqual({
      id: ACMEPROD,
      name: 'acmeprod',
      account: { id: ACME },
      php_version: '8.2',
      status: 'active',
      site: { id: ID.acmeSite },
      cname: 'acmeprod.hosting.example',
      stable_ips: [],
      environment: 'production',
      primary_domain: 'acme.example.com',
      is_multisite: false,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(names((await as('partial').get('/v1/installs')).body.results)).toEqual(['acmeprod']);
  });

  it('pages with limit and offset, links keeping the other query parameters', async () => {
    const first = await as().get(`/v1/installs?limit=1&account_id=${ACME}`);
    expect(first.body).toMatchObject({ count: 4, previous: null });
    expect(names(first.body.results)).toEqual(['acmeprod']);
    expect(first.body.next).toBe(`/v1/installs?limit=1&account_id=${ACME}&offset=1`);
    const middle = await as().get(first.body.next);
    expect(names(middle.body.results)).toEqual(['acmestg']);
    expect(middle.body.previous).toBe(`/v1/installs?limit=1&account_id=${ACME}&offset=0`);
    const last = await as().get('/v1/installs?limit=2&offset=2');
    expect(names(last.body.results)).toEqual(['acmedev', 'blogprod']);
    expect(last.body.next).toBeNull();
    expect((await as().get('/v1/installs?offset=10')).body).toMatchObject({ count: 4, results: [], next: null });
  });

  it.each(['limit=101', 'limit=0', 'limit=abc', 'offset=-1'])('rejects %s with 400 and a field error', async (q) => {
    const res = await as().get(`/v1/installs?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: q.split('=')[0], type: 'invalid_value' })]);
  });

  it('filters by account_id: another account gives an empty page, a non-uuid a 400', async () => {
    expect((await as().get(`/v1/installs?account_id=${ACME}`)).body.count).toBe(4);
    expect((await as().get(`/v1/installs?account_id=${OTHER}`)).body).toMatchObject({ count: 0, results: [] });
    const bad = await as().get('/v1/installs?account_id=acme');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'account_id', resource: 'listInstalls' });
  });

  it('moves a pending install to active when the clock reaches its time', async () => {
    const status = async () => (await as().get('/v1/installs')).body.results.find((i: Json) => i.id === ACMEDEV).status;
    expect(await status()).toBe('pending');
    await ctl.advance(59);
    expect(await status()).toBe('pending');
    await ctl.advance(1);
    expect(await status()).toBe('active');
  });

  it('answers 401 with a message for bad or missing credentials, without echoing the password', async () => {
    const bad = await fetch(`${emu.url}/v1/installs`, {
      headers: { authorization: `Basic ${Buffer.from('owner:wrong').toString('base64')}` },
    });
    expect(bad.status).toBe(401);
    const body = (await bad.json()) as Json;
    expect(body.message).toMatch(/credentials/i);
    expect(JSON.stringify(body)).not.toContain('wrong');
    expect((await fetch(`${emu.url}/v1/installs`)).status).toBe(401);
  });
});

describe('PATCH /v1/installs/{install_id}', () => {
  it('moves an install to another site and answers the single install', async () => {
    const res = await as().patch(`/v1/installs/${ACMESTG}`, { site_id: ID.blogSite, environment: 'staging' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ACMESTG, site: { id: ID.blogSite }, environment: 'staging' });
    expect(res.body).toMatchObject({ cms_version: '6.7.1', defer_cms_upgrades_until: null });
    const sites = (await as().get('/v1/sites')).body.results;
    expect(names(sites.find((s: Json) => s.id === ID.blogSite).installs)).toEqual(['acmestg', 'blogprod']);
    expect(names(sites.find((s: Json) => s.name === 'acme').installs)).toEqual(['acmeprod', 'acmedev']);
  });

  it('an empty body changes nothing; an environment another install of the site fills is 409', async () => {
    expect((await as().patch(`/v1/installs/${ACMEDEV}`, {})).body.environment).toBe('development');
    const moved = await as().patch(`/v1/installs/${ACMEDEV}`, { environment: 'staging' });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/already filled by install "acmestg"/);
  });

  it('answers 400 with a field error per bad field, and value_unavailable for a site of another account', async () => {
    const res = await as().patch(`/v1/installs/${ACMESTG}`, { site_id: 'blog', environment: 'qa' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.field).sort()).toEqual(['environment', 'site_id']);
    expect((await as().patch(`/v1/installs/${ACMESTG}`, { site_id: null })).status).toBe(400);
    const foreign = await as().patch(`/v1/installs/${ACMESTG}`, { site_id: ID.otherSite });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ field: 'site_id', type: 'value_unavailable' })]);
  });

  it.each<[UserName, string, number]>([
    ['owner', 'acmestg', 400],
    ['owner', ID.unknown, 404],
    ['owner', ID.otherprod, 403],
    ['partial', ACMEPROD, 403], // its own install: moving installs takes Full access
  ])('as %s, PATCH /v1/installs/%s answers %i', async (who, id, status) => {
    const res = await as(who).patch(`/v1/installs/${id}`, {});
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.errors[0]).toMatchObject({ field: 'install_id' });
  });
});

describe('POST /v1/install_copy', () => {
  const copy = { source_environment_id: ACMEPROD, destination_environment_id: ACMESTG };

  it('accepts a copy with 202 {id, status} and records it with the defaults', async () => {
    const res = await as().post('/v1/install_copy', { ...copy, notification_emails: ['ops@acme.example'] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'pending' });
    expect((await ctl.state()).installCopies).toEqual([
      expect.objectContaining({
        id: res.body.id,
        ...copy,
        notification_emails: ['ops@acme.example'],
        include_files: true,
        include_db: true,
        db_tables: [],
        requested_by: 'owner',
      }),
    ]);
  });

  it('takes custom_options', async () => {
    const custom_options = { include_files: false, db_tables: ['wp_posts', 'wp_options'] };
    expect((await as().post('/v1/install_copy', { ...copy, custom_options })).status).toBe(202);
    expect((await ctl.state()).installCopies[0]).toMatchObject({ ...custom_options, include_db: true });
  });

  // Each field's check is a validator of test/unit/emulator-validators.test.ts; these show each is wired.
  const emails = ['ok@acme.example', 'nope'];
  const bad = { source_environment_id: 'acmeprod', destination_environment_id: 7, notification_emails: emails };
  it.each<[string, Json, string]>([
    ['missing ids', {}, 'source_environment_id destination_environment_id'],
    [
      'non-uuid ids, a bad email, an unknown option',
      { ...bad, custom_options: { include_db: true, include_uploads: true } },
      'source_environment_id destination_environment_id notification_emails[1] custom_options.include_uploads',
    ],
    [
      'a non-boolean option and an empty table name',
      { ...copy, custom_options: { include_files: 'yes', db_tables: ['wp_posts', ''] } },
      'custom_options.include_files custom_options.db_tables[1]',
    ],
    [
      'db_tables without the db',
      { ...copy, custom_options: { include_db: false, db_tables: ['x'] } },
      'custom_options.db_tables',
    ],
    ['the same install twice', { ...copy, destination_environment_id: ACMEPROD }, 'destination_environment_id'],
    ['installs of two accounts', { ...copy, destination_environment_id: ID.otherprod }, 'destination_environment_id'],
  ])('answers 400 for %s, naming the fields, and records nothing', async (_what, body, fields) => {
    const res = await as().post('/v1/install_copy', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    expect(res.body.errors.map((e: Json) => e.field)).toEqual(fields.split(' '));
    expect((await ctl.state()).installCopies).toEqual([]);
  });

  it('answers 404 for an unknown install, and 403 to a partial user or another account', async () => {
    const res = await as().post('/v1/install_copy', { ...copy, destination_environment_id: ID.unknown });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/destination install/);
    expect((await as('partial').post('/v1/install_copy', copy)).status).toBe(403);
    expect((await as('other').post('/v1/install_copy', copy)).status).toBe(403);
  });
});
