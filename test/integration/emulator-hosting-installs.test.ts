import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { VirtualClock } from '../../src/util/clock.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { control, hostingClient, type Json } from './helpers/hosting-http.js';

const SEED = fileURLToPath(new URL('../fixtures/seed-hosting.json', import.meta.url));
const ACME = '0a1b2c3d-0000-4000-8000-000000000001';
const OTHER = '0a1b2c3d-0000-4000-8000-000000000002';
const ACMEPROD = '1a000000-0000-4000-8000-000000000001';
const ACMESTG = '1a000000-0000-4000-8000-000000000002';
const ACMEDEV = '1a000000-0000-4000-8000-000000000003';
const OTHERPROD = '1a000000-0000-4000-8000-000000000005';
const BLOG_SITE = '5e000000-0000-4000-8000-000000000002';
const OTHER_SITE = '5e000000-0000-4000-8000-000000000003';
const UNKNOWN = '99999999-0000-4000-8000-000000000000';

let emu: RunningEmulator;
let owner: ReturnType<typeof hostingClient>;
let ctl: ReturnType<typeof control>;

beforeAll(async () => {
  emu = await startEmulator({ seed: SEED, clock: new VirtualClock(), random: () => 0 });
  owner = hostingClient(emu.url, 'owner');
  ctl = control(emu.url);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());
afterEach(() => ctl.faults(''));

const names = (results: Json[]) => results.map((r: Json) => r.name);

describe('GET /v1/installs', () => {
  it('answers a page envelope of the caller account installs, without single-install fields', async () => {
    const res = await owner.get('/v1/installs');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 4, previous: null, next: null });
    expect(names(res.body.results)).toEqual(['acmeprod', 'acmestg', 'acmedev', 'blogprod']);
    const prod = res.body.results[0];
    expect(prod).toEqual({
      id: ACMEPROD,
      name: 'acmeprod',
      account: { id: ACME },
      php_version: '8.2',
      status: 'active',
      site: { id: '5e000000-0000-4000-8000-000000000001' },
      cname: 'acmeprod.hosting.example',
      stable_ips: [],
      environment: 'production',
      primary_domain: 'acme.example.com',
      is_multisite: false,
      created_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('pages with limit and offset, links keeping the other query parameters', async () => {
    const first = await owner.get(`/v1/installs?limit=1&account_id=${ACME}`);
    expect(first.body.count).toBe(4);
    expect(names(first.body.results)).toEqual(['acmeprod']);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`/v1/installs?limit=1&account_id=${ACME}&offset=1`);
    const middle = await owner.get(first.body.next);
    expect(names(middle.body.results)).toEqual(['acmestg']);
    expect(middle.body.previous).toBe(`/v1/installs?limit=1&account_id=${ACME}&offset=0`);
    const last = await owner.get('/v1/installs?limit=2&offset=2');
    expect(names(last.body.results)).toEqual(['acmedev', 'blogprod']);
    expect(last.body.next).toBeNull();
    const beyond = await owner.get('/v1/installs?offset=10');
    expect(beyond.body).toMatchObject({ count: 4, results: [], next: null });
  });

  it.each(['limit=101', 'limit=0', 'limit=abc', 'offset=-1'])('rejects %s with 400 and a field error', async (q) => {
    const res = await owner.get(`/v1/installs?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: q.split('=')[0], type: 'invalid_value' })]);
  });

  it('filters by account_id: another account gives an empty page, a non-uuid a 400', async () => {
    expect((await owner.get(`/v1/installs?account_id=${ACME}`)).body.count).toBe(4);
    expect((await owner.get(`/v1/installs?account_id=${OTHER}`)).body).toMatchObject({ count: 0, results: [] });
    const bad = await owner.get('/v1/installs?account_id=acme');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'account_id', resource: 'listInstalls' });
  });

  it('shows a partial user only its installs', async () => {
    const res = await hostingClient(emu.url, 'partial').get('/v1/installs');
    expect(names(res.body.results)).toEqual(['acmeprod']);
  });

  it('moves a pending install to active when the clock reaches its time', async () => {
    const status = async () =>
      (await owner.get('/v1/installs')).body.results.find((i: Json) => i.id === ACMEDEV).status;
    expect(await status()).toBe('pending');
    await ctl.advance(59);
    expect(await status()).toBe('pending');
    await ctl.advance(1);
    expect(await status()).toBe('active');
  });

  it('answers 401 with a message for bad or missing credentials', async () => {
    const bad = await fetch(`${emu.url}/v1/installs`, {
      headers: { authorization: `Basic ${Buffer.from('owner:wrong').toString('base64')}` },
    });
    expect(bad.status).toBe(401);
    const body = (await bad.json()) as Json;
    expect(body.message).toMatch(/credentials/i);
    expect(JSON.stringify(body)).not.toContain('wrong');
    expect((await fetch(`${emu.url}/v1/installs`)).status).toBe(401);
  });

  it.each([
    ['503', 503],
    ['429', 429],
  ])('answers the %s fault', async (fault, status) => {
    await ctl.faults(`${fault}:1`);
    const res = await owner.get('/v1/installs');
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body.message).toBeTruthy();
  });
});

describe('PATCH /v1/installs/{install_id}', () => {
  it('moves an install to another site and answers the single install', async () => {
    const res = await owner.patch(`/v1/installs/${ACMESTG}`, { site_id: BLOG_SITE, environment: 'staging' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ACMESTG,
      site: { id: BLOG_SITE },
      environment: 'staging',
      cms_version: '6.7.1',
    });
    expect(res.body).toHaveProperty('defer_cms_upgrades_until', null);
    const sites = (await owner.get('/v1/sites')).body.results;
    const blog = sites.find((s: Json) => s.id === BLOG_SITE);
    expect(names(blog.installs)).toEqual(['acmestg', 'blogprod']);
    expect(names(sites.find((s: Json) => s.name === 'acme').installs)).toEqual(['acmeprod', 'acmedev']);
  });

  it('changes the environment alone, and an empty body changes nothing', async () => {
    expect((await owner.patch(`/v1/installs/${ACMEDEV}`, {})).body.environment).toBe('development');
    const moved = await owner.patch(`/v1/installs/${ACMEDEV}`, { environment: 'staging' });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/already filled by install "acmestg"/);
  });

  it('answers 400 with a field error per bad field', async () => {
    const res = await owner.patch(`/v1/installs/${ACMESTG}`, { site_id: 'blog', environment: 'qa' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.field).sort()).toEqual(['environment', 'site_id']);
    const nulls = await owner.patch(`/v1/installs/${ACMESTG}`, { site_id: null });
    expect(nulls.status).toBe(400);
  });

  it('refuses a site of another account with 400 value_unavailable', async () => {
    const res = await owner.patch(`/v1/installs/${ACMESTG}`, { site_id: OTHER_SITE });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'site_id', type: 'value_unavailable' })]);
  });

  it('answers 400 for a non-uuid id, 404 for an unknown one, 403 for another account or a partial user', async () => {
    const notUuid = await owner.patch('/v1/installs/acmestg', { environment: 'staging' });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.errors[0]).toMatchObject({ field: 'install_id' });
    expect((await owner.patch(`/v1/installs/${UNKNOWN}`, {})).status).toBe(404);
    expect((await owner.patch(`/v1/installs/${OTHERPROD}`, {})).status).toBe(403);
    const partial = await hostingClient(emu.url, 'partial').patch(`/v1/installs/${ACMEPROD}`, {
      environment: 'production',
    });
    expect(partial.status).toBe(403);
  });
});

describe('POST /v1/install_copy', () => {
  const copy = { source_environment_id: ACMEPROD, destination_environment_id: ACMESTG };

  it('accepts a copy with 202 {id, status} and records it with the defaults', async () => {
    const res = await owner.post('/v1/install_copy', { ...copy, notification_emails: ['ops@acme.example'] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'pending' });
    const state = await ctl.state();
    expect(state.installCopies).toEqual([
      expect.objectContaining({
        id: res.body.id,
        source_environment_id: ACMEPROD,
        destination_environment_id: ACMESTG,
        notification_emails: ['ops@acme.example'],
        include_files: true,
        include_db: true,
        db_tables: [],
        requested_by: 'owner',
      }),
    ]);
  });

  it('takes custom_options', async () => {
    const res = await owner.post('/v1/install_copy', {
      ...copy,
      custom_options: { include_files: false, db_tables: ['wp_posts', 'wp_options'] },
    });
    expect(res.status).toBe(202);
    expect((await ctl.state()).installCopies[0]).toMatchObject({
      include_files: false,
      include_db: true,
      db_tables: ['wp_posts', 'wp_options'],
    });
  });

  it.each<[string, Json, string[]]>([
    ['missing ids', {}, ['source_environment_id', 'destination_environment_id']],
    [
      'non-uuid ids',
      { source_environment_id: 'acmeprod', destination_environment_id: 7 },
      ['source_environment_id', 'destination_environment_id'],
    ],
    ['a bad email', { ...copy, notification_emails: ['ok@acme.example', 'nope'] }, ['notification_emails[1]']],
    ['emails not an array', { ...copy, notification_emails: 'ok@acme.example' }, ['notification_emails']],
    [
      'an unknown option',
      { ...copy, custom_options: { include_db: true, include_uploads: true } },
      ['custom_options.include_uploads'],
    ],
    ['options not an object', { ...copy, custom_options: [] }, ['custom_options']],
    ['a non-boolean option', { ...copy, custom_options: { include_files: 'yes' } }, ['custom_options.include_files']],
    [
      'an empty table name',
      { ...copy, custom_options: { db_tables: ['wp_posts', ''] } },
      ['custom_options.db_tables[1]'],
    ],
    [
      'db_tables without the db',
      { ...copy, custom_options: { include_db: false, db_tables: ['wp_posts'] } },
      ['custom_options.db_tables'],
    ],
    [
      'the same install twice',
      { source_environment_id: ACMEPROD, destination_environment_id: ACMEPROD },
      ['destination_environment_id'],
    ],
    [
      'installs of two accounts',
      { source_environment_id: ACMEPROD, destination_environment_id: OTHERPROD },
      ['destination_environment_id'],
    ],
  ])('answers 400 for %s, naming the fields, and records nothing', async (_what, body, fields) => {
    const res = await owner.post('/v1/install_copy', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    expect(res.body.errors.map((e: Json) => e.field)).toEqual(fields);
    expect((await ctl.state()).installCopies).toEqual([]);
  });

  it('answers 404 for an unknown install', async () => {
    const res = await owner.post('/v1/install_copy', { ...copy, destination_environment_id: UNKNOWN });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/destination install/);
  });

  it('lets a partial user copy only between its installs (403 otherwise)', async () => {
    const partial = hostingClient(emu.url, 'partial');
    expect((await partial.post('/v1/install_copy', copy)).status).toBe(403);
    const other = hostingClient(emu.url, 'other');
    expect((await other.post('/v1/install_copy', copy)).status).toBe(403);
  });

  it.each([
    ['500', 500],
    ['502', 502],
    ['503', 503],
  ])('answers the %s fault without recording a copy', async (fault, status) => {
    await ctl.faults(`${fault}:1`);
    const res = await owner.post('/v1/install_copy', copy);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body)).toEqual(['message']);
    await ctl.faults('');
    expect((await ctl.state()).installCopies).toEqual([]);
  });
});
