/** The client's hosting methods against the emulator over real HTTP (default seed). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { createClient, type Client } from '../../src/api/client.js';
import { AuthenticationError, BadRequest, NotFound } from '../../src/api/errors.js';
import { collect } from '../../src/api/paginate.js';
import type { Install } from '../../src/api/types.js';

const ACCOUNT = '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80';
let emu: RunningEmulator;
let c: Client;
let installs: Record<string, Install>;

beforeAll(async () => {
  emu = await startEmulator();
  // A trailing slash on the base must not matter.
  c = createClient({
    hostingUrl: `${emu.hostingUrl}/`,
    credentials: { userId: 'demo-user', password: 'demo-password' },
  });
});
afterAll(async () => {
  await c.close();
  await emu.close();
});
beforeEach(async () => {
  emu.reset();
  installs = Object.fromEntries((await collect(c.iterateInstalls())).map((i) => [i.name, i]));
});

describe('installs and sites', () => {
  it('walks every install page by page, following next', async () => {
    const names = (await collect(c.iterateInstalls({ limit: 1, account_id: ACCOUNT }))).map((i) => i.name);
    expect(names.sort()).toEqual(['demoprod', 'demostg']);
    const listed = emu.requests().filter((r) => r.path === '/v1/installs');
    expect(listed.length).toBeGreaterThanOrEqual(3); // beforeEach's walk, then two pages of one
  });

  it('reads one page with its envelope', async () => {
    const page = await c.listInstalls({ limit: 1, account_id: ACCOUNT });
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
    expect(page.next).toMatch(/^\/v1\/installs\?.*offset=1/);
  });

  it('updates an install', async () => {
    const updated = await c.updateInstall(installs.demostg!.id, { environment: 'development' });
    expect(updated).toMatchObject({ name: 'demostg', environment: 'development' });
  });

  it('creates a site and finds it in the list', async () => {
    const site = await c.createSite({ name: 'second', account_id: ACCOUNT });
    const names = (await collect(c.iterateSites({ account_id: ACCOUNT }))).map((s) => s.name);
    expect(names).toContain(site.name);
  });

  it('reports a bad request with the fields named', async () => {
    const err = (await c.createSite({ name: '', account_id: 'nope' }).catch((e: unknown) => e)) as BadRequest;
    expect(err).toBeInstanceOf(BadRequest);
    expect(err.errors.map((e) => e.field).sort()).toEqual(['account_id', 'name']);
    expect(err.message).toMatch(/^POST \/v1\/sites: bad request \(400\): .*; check "name", "account_id"$/);
  });
});

describe('install copy', () => {
  it('is accepted', async () => {
    const accepted = await c.createInstallCopy({
      source_environment_id: installs.demoprod!.id,
      destination_environment_id: installs.demostg!.id,
      custom_options: { include_db: true, db_tables: ['wp_posts'] },
    });
    expect(accepted.status).toBe('pending');
  });
});

describe('domains', () => {
  it('creates, lists, gets and verifies a domain', async () => {
    const prod = installs.demoprod!.id;
    const created = await c.createDomain(prod, { name: 'www.example.org' });
    expect(created.ownership_status).toBe('TXT_VERIFICATION_PENDING');
    const all = await collect(c.iterateDomains(prod));
    expect(all.map((d) => d.name)).toContain('www.example.org');
    expect((await c.getDomain(prod, created.id)).name).toBe('www.example.org');
    const verified = await c.verifyDomain(prod, created.id);
    expect(verified?.id).toBe(created.id);
  });

  it('says what was not found', async () => {
    const err = await c
      .getDomain(installs.demoprod!.id, '00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFound);
    expect((err as Error).message).toContain('check the name or id');
  });
});

describe('account', () => {
  it('creates a user (body {user}) and lists users without an envelope', async () => {
    const created = await c.createAccountUser(ACCOUNT, {
      account_id: ACCOUNT,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      roles: 'full',
    });
    expect(created.account_user.email).toBe('ann@example.com');
    const users = await c.listAccountUsers(ACCOUNT);
    expect(users.map((u) => u.email)).toContain('ann@example.com');
  });

  it('reads limits, SSH keys, archives and site transfers', async () => {
    expect(await c.getAccountLimits(ACCOUNT)).toEqual(
      expect.objectContaining({ visitors: expect.any(Number), storage: expect.any(Number) }),
    );
    expect(Array.isArray((await c.listSshKeys()).results)).toBe(true);
    expect(Array.isArray(await collect(c.iterateArchives(installs.demoprod!.id)))).toBe(true);
    expect(Array.isArray(await collect(c.iterateSiteTransfers(ACCOUNT)))).toBe(true);
  });
});

describe('authentication', () => {
  it('reports bad credentials with what to check, and no password', async () => {
    const bad = createClient({
      hostingUrl: emu.hostingUrl,
      credentials: { userId: 'demo-user', password: 'wrong-pass' },
    });
    const err = await bad.listInstalls().catch((e: unknown) => e);
    await bad.close();
    expect(err).toBeInstanceOf(AuthenticationError);
    expect((err as Error).message).toMatch(
      /^GET \/v1\/installs: authentication failed \(401\).*check api-user-id and api-password/,
    );
    expect(JSON.stringify(err) + (err as Error).message).not.toContain('wrong-pass');
  });
});
