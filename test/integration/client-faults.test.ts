/**
 * The client under the emulator's injected faults: the same scripted session of creates,
 * updates, an upload and reads (each read checked, against the clean emulator too) is run on a
 * clean emulator and on faulty ones (seeded), and the resulting states must be the same — every
 * effect exactly once. Faults are limited to the outcomes the server cannot have acted on (429,
 * 503, reset); what a 500 or 502 leads to, on a read (every GET is safe to repeat) or a POST, is
 * test/unit/request.test.ts's and retry-policy.test.ts's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { DEMO_ACCOUNT_ID } from '../../emulator/store/seed.js';
import { createClient, type Client } from '../../src/api/client.js';
import { Conflict } from '../../src/api/errors.js';
import { collect } from '../../src/api/paginate.js';
import { VirtualClock } from '../../src/util/clock.js';
import { writeTestZip } from './helpers/client-zip.js';
import { mulberry32 } from '../../scripts/prng.js';

const running: { emu: RunningEmulator; client: Client }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.client.close();
    await r.emu.close();
  }
});

async function start(faults: string, seed: number) {
  const clock = new VirtualClock();
  const emu = await startEmulator({ clock, faults, random: mulberry32(seed), buildSeconds: 5 });
  const client = createClient({
    // A trailing slash on the base must not matter.
    hostingUrl: `${emu.hostingUrl}/`,
    headlessUrl: emu.headlessUrl,
    credentials: { userId: 'demo-user', password: 'demo-password' },
    clock,
    retry: { attempts: 12, random: mulberry32(seed + 1) },
  });
  running.push({ emu, client });
  return { emu, client };
}

/** Everything a session can change, without the ids and times the server makes up. */
function effects(emu: RunningEmulator) {
  const s = emu.state;
  return {
    sites: s.sites.map((x) => x.name).sort(),
    domains: s.domains.map((d) => `${d.name}:${d.ownership_status}`).sort(),
    accountUsers: s.accountUsers.map((u) => `${u.email}:${u.roles}`).sort(),
    installs: s.installs.map((i) => `${i.name}:${i.environment}:${i.site_id === null ? '-' : 'site'}`).sort(),
    installCopies: s.installCopies.map(
      (c) => `${c.source_environment_id}>${c.destination_environment_id}:${c.db_tables.join(',')}`,
    ),
    apps: s.apps.map((a) => `${a.appId}:${a.region}`),
    environments: s.environments.map(
      (e) => `${e.displayName}:${e.shellVariables.map((v) => `${v.key}=${v.value}`).join(',')}`,
    ),
    uploads: s.uploads.map((u) => u.sha256),
  };
}

async function session(client: Client, zip: string) {
  // Every install, one page at a time (following next); one page with its envelope.
  const installs = await collect(client.iterateInstalls({ limit: 1 }));
  expect(installs.map((i) => i.name).sort()).toEqual(['demoprod', 'demostg']);
  const page = await client.listInstalls({ limit: 1, account_id: DEMO_ACCOUNT_ID });
  expect(page).toMatchObject({ count: 2, next: expect.stringMatching(/^\/v1\/installs\?.*offset=1/) as string });
  const prod = installs.find((i) => i.name === 'demoprod')!;
  const stg = installs.find((i) => i.name === 'demostg')!;
  expect(await client.updateInstall(stg.id, { environment: 'development' })).toMatchObject({
    environment: 'development',
  });
  const site = await client.createSite({ name: 'second', account_id: DEMO_ACCOUNT_ID });
  expect((await collect(client.iterateSites({ account_id: DEMO_ACCOUNT_ID }))).map((s) => s.name)).toContain(site.name);
  const domain = await client.createDomain(prod.id, { name: 'www.shop.example' });
  expect(domain.ownership_status).toBe('TXT_VERIFICATION_PENDING');
  expect((await collect(client.iterateDomains(prod.id))).map((d) => d.name)).toContain('www.shop.example');
  expect((await client.getDomain(prod.id, domain.id)).name).toBe('www.shop.example');
  expect((await client.verifyDomain(prod.id, domain.id))?.id).toBe(domain.id);
  const user = { account_id: DEMO_ACCOUNT_ID, first_name: 'Ada', last_name: 'Ops', email: 'ada@example.com' };
  expect((await client.createAccountUser(DEMO_ACCOUNT_ID, { ...user, roles: 'full' })).account_user.email).toBe(
    user.email,
  );
  // Listed without an envelope.
  expect((await client.listAccountUsers(DEMO_ACCOUNT_ID)).map((u) => u.email)).toContain(user.email);
  const copy = await client.createInstallCopy({
    source_environment_id: stg.id,
    destination_environment_id: prod.id,
    custom_options: { include_files: true, include_db: true, db_tables: ['wp_posts'] },
  });
  expect(copy.status).toBe('pending');
  const app = { account: 'demo', app: 'shop' };
  const shop = await client.createApp({ ...app, region: 'EU-W' });
  // The same app again in its region is the app; in another region, a conflict.
  expect(await client.createApp({ ...app, region: 'regions/EU-W' })).toEqual(shop);
  await expect(client.createApp({ ...app, region: 'UK' })).rejects.toBeInstanceOf(Conflict);
  const created = await client.createEnvironment(app, { displayName: 'staging', branch: 'uploadable' });
  const environment = created!.name.split('/')[5]!;
  const ref = { ...app, environment };
  // Found by its display name or its id; a name no environment has is null.
  expect(await client.findEnvironment(app, 'staging')).toMatchObject({
    name: `accounts/demo/apps/shop/environments/${environment}`,
  });
  expect((await client.findEnvironment(app, environment))?.displayName).toBe('staging');
  expect(await client.findEnvironment(app, 'preview')).toBeNull();
  const shellVariables = [{ key: 'A', value: '1' }];
  await client.patchEnvironment(ref, {
    displayName: 'staging',
    branch: 'uploadable',
    cmsEnvironment: '',
    shellVariables,
  });
  expect(await client.getEnvironment(ref)).toMatchObject({
    displayName: 'staging',
    branch: 'uploadable',
    shellVariables,
  });
  const op = (await client.uploadEnvironment(ref, zip))!;
  // Polled by the no_build name it was given, the answer names the build.
  expect(op.name).toMatch(/\/operations\/no_build$/);
  const done = await client.waitForOperation(op.name, { timeoutMs: 120_000 });
  expect(done.name).not.toBe(op.name);
  expect(done.error).toBeUndefined();
  expect(done.metadata.deployment).toMatch(/\/deployments\//);
  // The other listings, read as they stand: the same under faults as without.
  return {
    keys: (await collect(client.iterateSshKeys())).length,
    archives: (await collect(client.iterateArchives(prod.id))).length,
    transfers: (await collect(client.iterateSiteTransfers(DEMO_ACCOUNT_ID))).length,
    limits: await client.getAccountLimits(DEMO_ACCOUNT_ID),
  };
}

describe('the client under injected faults', () => {
  it('leaves the same state as a fault-free run: each effect exactly once', async () => {
    const zip = await writeTestZip({ 'package.json': '{"name":"shop"}', 'index.js': 'console.log(1)' });
    const clean = await start('', 1);
    const read = await session(clean.client, zip);
    expect(read.limits).toEqual(expect.objectContaining({ visitors: expect.any(Number), storage: expect.any(Number) }));
    const expected = effects(clean.emu);

    let injected = 0;
    for (const seed of [11, 22, 33, 44, 55, 66]) {
      const faulty = await start('429:0.15,503:0.15,reset:0.08', seed);
      expect(await session(faulty.client, zip), `seed ${seed}`).toEqual(read);
      expect(effects(faulty.emu), `seed ${seed}`).toEqual(expected);
      injected += faulty.emu.requests().filter((r) => r.fault).length;
    }
    // The faults really happened: about 38% of some 150 requests.
    expect(injected).toBeGreaterThan(40);
  });
});
