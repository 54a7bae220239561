import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTlsMaterial, type RunningEmulator } from '../../emulator/index.js';
import {
  hostingClient,
  ID,
  startHosting,
  json,
  type Hosting,
  type Json,
  type UserName,
} from './helpers/hosting-http.js';

const { acmeprod: ACMEPROD, acmestg: ACMESTG, otherprod: OTHERPROD, unknown: UNKNOWN } = ID;
const DOMAINS = `/v1/installs/${ACMEPROD}/domains`;

let emu: RunningEmulator;
let owner: ReturnType<Hosting['as']>;
let ctl: Hosting['ctl'];
const pem = { cert: '', key: '', otherKey: '' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  let as: Hosting['as'];
  ({ emu, as, ctl } = await startHosting());
  owner = as();
  const material = makeTlsMaterial({ hosts: ['acme.example.com'] });
  [pem.cert, pem.key] = [material.certPem, material.keyPem];
  pem.otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

/** The id of the seed's domain of that name. */
const domainId = (name: string) => emu.state.domains.find((d) => d.name === name)!.id;
/** The seed's domains of acmeprod, in order. */
const NAMES = ['acme.example.com', 'legacy.example.net', 'unverified.example.org'];

/** `{name}` in a path is the id of the seed's domain of that name. */
const withIds = (path: string) => path.replace(/\{([a-z.]+)\}/g, (_, name: string) => domainId(name));

/** Who may reach what: each route's lookups and access check, one row each. */
it.each<[UserName, string, string, number]>([
  ['owner', 'GET', `${DOMAINS}/${UNKNOWN}`, 404],
  ['owner', 'GET', `/v1/installs/${ACMESTG}/domains/{acme.example.com}`, 404], // a domain of another install
  ['owner', 'GET', `${DOMAINS}/www.acme.example.com`, 400],
  ['owner', 'GET', `/v1/installs/${OTHERPROD}/domains`, 403],
  ['owner', 'GET', `/v1/installs/${UNKNOWN}/domains`, 404],
  ['partial', 'GET', DOMAINS, 200],
  ['partial', 'GET', `/v1/installs/${ACMESTG}/domains`, 403],
  ['partial', 'POST', `/v1/installs/${ACMESTG}/domains`, 403],
  ['owner', 'POST', `${DOMAINS}/${UNKNOWN}/verification`, 404],
  ['owner', 'GET', `${DOMAINS}/check_status/nope`, 404],
  ['owner', 'GET', `/v1/installs/${ACMESTG}/domains/check_status/report-acme-1`, 404],
  ['owner', 'GET', `/v1/installs/${OTHERPROD}/domains/check_status/report-other-1`, 403],
  ['owner', 'POST', `${DOMAINS}/${UNKNOWN}/ssl_certificate`, 404],
  ['owner', 'POST', `/v1/installs/${UNKNOWN}/ssl_certificates/third_party`, 404],
  ['owner', 'POST', `/v1/installs/${OTHERPROD}/ssl_certificates/third_party`, 403],
])('as %s, %s %s answers %i', async (who, method, path, status) => {
  const res = await hostingClient(emu.url, who).raw(method, withIds(path), method === 'POST' ? json({}) : {});
  expect(res.status).toBe(status);
  if (status === 403) expect(res.body).toEqual({ message: expect.any(String), documentation_url: expect.any(String) });
  if (status === 400) expect(res.body.errors[0].field).toBe('domain_id');
});

describe('GET domains', () => {
  it('lists the install domains in a page envelope', async () => {
    const res = await owner.get(DOMAINS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, previous: null, next: null });
    expect(res.body.results.map((d: Json) => d.name)).toEqual(NAMES);
    const page = await owner.get(`${DOMAINS}?limit=2&offset=2`);
    expect(page.body.results).toHaveLength(1);
    expect(page.body.previous).toBe(`${DOMAINS}?limit=2&offset=0`);
  });

  it('gets one domain with every field of the spec', async () => {
    const id = domainId('unverified.example.org');
    const res = await owner.get(`${DOMAINS}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'unverified.example.org',
      duplicate: false,
      primary: false,
      id,
      network_type: 'AN',
      network_details: {
        dns_config_info: { cname: 'acmeprod.hosting.example', a_records: expect.any(Array) },
        network_info: { status: 'PENDING', ssl: { status: 'pending' } },
      },
      redirects_to: [],
      secure_all_urls: true,
      txt_verified_time: null,
      txt_verified_domain: null,
      txt_verification_key: '_hosting-verify.unverified.example.org',
      txt_verification_value: expect.any(String),
      ownership_status: 'TXT_VERIFICATION_PENDING',
    });
  });
});

describe('POST domains', () => {
  it('creates an unverified domain: 201, TXT_VERIFICATION_PENDING with a key and value', async () => {
    const res = await owner.post(DOMAINS, { name: 'Shop.Example.ORG' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'shop.example.org',
      duplicate: false,
      primary: false,
      ownership_status: 'TXT_VERIFICATION_PENDING',
      txt_verification_key: '_hosting-verify.shop.example.org',
      txt_verification_value: expect.stringMatching(/\S/),
      txt_verified_time: null,
    });
    expect((await owner.get(`${DOMAINS}/${res.body.id}`)).body).toEqual(res.body);
  });

  it('creates a subdomain of a verified domain of the account as TXT_VERIFIED, key and value null', async () => {
    const res = await owner.post(`/v1/installs/${ACMESTG}/domains`, { name: 'staging.acme.example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ownership_status: 'TXT_VERIFIED',
      txt_verification_key: null,
      txt_verification_value: null,
      txt_verified_domain: 'acme.example.com',
      txt_verified_time: '2026-01-01T00:00:00.000Z',
    });
  });

  it('marks a name another install has as duplicate; another account verification does not count', async () => {
    const res = await owner.post(DOMAINS, { name: 'shared.example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ duplicate: true, ownership_status: 'TXT_VERIFICATION_PENDING' });
  });

  it('makes a primary domain the only primary and the install primary_domain', async () => {
    const res = await owner.post(DOMAINS, { name: 'www.acme.example.com', primary: true });
    expect(res.body.primary).toBe(true);
    const list = (await owner.get(DOMAINS)).body.results;
    expect(list.filter((d: Json) => d.primary).map((d: Json) => d.name)).toEqual(['www.acme.example.com']);
    const install = (await owner.get('/v1/installs')).body.results.find((i: Json) => i.id === ACMEPROD);
    expect(install.primary_domain).toBe('www.acme.example.com');
  });

  it('links redirect_to to a domain of the same install', async () => {
    const target = domainId('acme.example.com');
    const res = await owner.post(DOMAINS, { name: 'old.acme.example.com', redirect_to: target });
    expect(res.status).toBe(201);
    expect(res.body.redirects_to).toEqual([{ id: target, name: 'acme.example.com' }]);
  });

  it('answers 409 for a name the install already has, and changes nothing', async () => {
    const before = await ctl.state();
    const res = await owner.post(DOMAINS, { name: 'acme.example.com' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
    expect(await ctl.state()).toEqual(before);
  });

  // Each field's check is a validator of test/unit/emulator-validators.test.ts; these show each is wired.
  it.each<[string, Json, string]>([
    ['no name', {}, 'name'],
    [
      'a bad name, primary and redirect_to',
      { name: 'not a host', primary: 'yes', redirect_to: 'x' },
      'primary redirect_to name',
    ],
    ['an unknown redirect_to', { name: 'a.example.com', redirect_to: UNKNOWN }, 'redirect_to'],
  ])('answers 400 for %s', async (_what, body, fields) => {
    const res = await owner.post(DOMAINS, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.field)).toEqual(fields.split(' '));
  });
});

describe('POST domain verification', () => {
  it('verifies a pending domain (200, the Domain) and is idempotent', async () => {
    const id = domainId('unverified.example.org');
    const start = Date.parse((await ctl.state()).now);
    await ctl.advance(42);
    const res = await owner.post(`${DOMAINS}/${id}/verification`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      ownership_status: 'TXT_VERIFIED',
      txt_verified_time: new Date(start + 42_000).toISOString(),
      txt_verified_domain: 'unverified.example.org',
      txt_verification_key: null,
      txt_verification_value: null,
      network_details: { network_info: { status: 'ACTIVE', ssl: { status: 'active' } } },
    });
    await ctl.advance(10);
    const again = await owner.post(`${DOMAINS}/${id}/verification`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });
});

describe('GET domain status report', () => {
  const REPORT = `${DOMAINS}/check_status/report-acme-1`;

  it('is incomplete until its time, then reports every domain with every field', async () => {
    const early = await owner.get(REPORT);
    expect(early.status).toBe(200);
    expect(early.body.report).toMatchObject({ complete: false, id: 'report-acme-1', install_name: 'acmeprod' });
    expect(early.body.report.admin).toBe(false);
    expect(early.body.report.domains.every((d: Json) => d.complete === false)).toBe(true);

    await ctl.advance(5);
    const { report } = (await owner.get(REPORT)).body;
    expect(report.complete).toBe(true);
    expect(report.install_ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(report.domains.map((d: Json) => d.name)).toEqual(NAMES);
    const entry = report.domains[0];
    const fields = 'name cname a_record aaaa_record complete result dns_provider dns_error install_name cluster_id';
    const more = 'http_forwarded http_forwarded_list http_error headless_env_id ns mx txt soa caa ip address aname ssl';
    expect(Object.keys(entry).sort()).toEqual(`${fields} ${more}`.split(' ').sort());
    expect(entry).toMatchObject({ complete: true, cname: 'acmeprod.hosting.example', dns_error: false });
    expect(entry.http_error).toBe(false);
    expect(entry.mx[0]).toEqual({ Host: expect.any(String), Pref: 10 });
    expect(entry.soa[0]).toMatchObject({ ns: expect.any(String), serial: expect.any(Number), minttl: 300 });
    expect(entry.ssl).toMatchObject({ status: 'active', subject: { common_name: 'acme.example.com' } });
    expect(entry.ssl.sans).toEqual(['acme.example.com']);
    expect(report.domains[2]).toMatchObject({ http_error: true, ssl: { status: 'pending' } });
  });
});

describe('POST ssl_certificate (order)', () => {
  const order = { email_address: 'olive@acme.example', given_name: 'Olive', family_name: 'Owner', region_code: 'US' };

  it('accepts an order for a legacy-network domain with 202 {} and records it', async () => {
    const id = domainId('legacy.example.net');
    const optional = { city: 'Austin', state: 'TX', phone: '+1 555 0100' };
    const res = await owner.post(`${DOMAINS}/${id}/ssl_certificate`, { ...order, ...optional });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({});
    expect((await ctl.state()).sslOrders).toEqual([
      expect.objectContaining({ domain_id: id, region_code: 'US', city: 'Austin' }),
    ]);
  });

  it('answers 400 for a domain not on the legacy network', async () => {
    const id = domainId('acme.example.com');
    const res = await owner.post(`${DOMAINS}/${id}/ssl_certificate`, order);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/legacy/);
  });

  it('answers 400 naming each missing or bad field', async () => {
    const id = domainId('legacy.example.net');
    const missing = await owner.post(`${DOMAINS}/${id}/ssl_certificate`, {});
    expect(missing.status).toBe(400);
    const fields = missing.body.errors.map((e: Json) => e.field);
    expect(fields).toEqual(['email_address', 'given_name', 'family_name', 'region_code']);
    for (const region_code of ['us', 'USA', 'U1']) {
      const bad = await owner.post(`${DOMAINS}/${id}/ssl_certificate`, { ...order, region_code, email_address: 'x' });
      expect(bad.body.errors.map((e: Json) => e.field)).toEqual(['email_address', 'region_code']);
    }
    expect((await ctl.state()).sslOrders).toEqual([]);
  });
});

describe('POST ssl_certificates/third_party', () => {
  const URL_ = `/v1/installs/${ACMEPROD}/ssl_certificates/third_party`;

  it('accepts a matching certificate chain and key: 201 with the certificate object', async () => {
    const body = { certificate: b64(pem.cert + pem.cert), private_key: b64(pem.key) };
    const res = await owner.post(URL_, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(body);
    expect((await owner.post(URL_, body)).status).toBe(201);
    expect((await ctl.state()).certificates).toHaveLength(1);
  });

  it('answers 400 when the key does not match the certificate, without echoing the key', async () => {
    const res = await owner.post(URL_, { certificate: b64(pem.cert), private_key: b64(pem.otherKey) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: 'private_key', code: 'createThirdPartyCertificate.private_key.mismatch' }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('PRIVATE');
  });

  const corrupt = b64('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
  it.each<[string, Json, string[]]>([
    ['both missing', {}, ['certificate', 'private_key']],
    ['not base64', { certificate: '%%%', private_key: '***' }, ['certificate', 'private_key']],
    ['PEM not base64-encoded', { certificate: 'x', private_key: 'y' }, ['certificate', 'private_key']],
    ['a key in place of the certificate', { certificate: 'KEY', private_key: 'KEY' }, ['certificate']],
    ['a corrupt certificate', { certificate: corrupt, private_key: 'KEY' }, ['certificate']],
  ])('answers 400 for %s', async (_what, body, fields) => {
    const fill = (v: unknown) => (v === 'KEY' ? b64(pem.key) : v);
    const res = await owner.post(URL_, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)])));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.field)).toEqual(fields);
  });
});
