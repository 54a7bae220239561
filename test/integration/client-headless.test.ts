/**
 * The client's headless methods against the emulator over real HTTP. The emulator and the
 * client share one VirtualClock, so a 30 s build is waited for without waiting.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { createClient, type Client } from '../../src/api/client.js';
import { AuthenticationError, Conflict, NotFound, TimeoutError } from '../../src/api/errors.js';
import { collect } from '../../src/api/paginate.js';
import { environmentId } from '../../src/api/find-environment.js';
import { VirtualClock } from '../../src/util/clock.js';
import { writeTestZip } from './helpers/client-zip.js';

const BUILD_SECONDS = 30;
const APP = { account: 'demo', app: 'web' };
let emu: RunningEmulator;
let clock: VirtualClock;
let c: Client;
let goodZip: string;
let badZip: string;

beforeAll(async () => {
  clock = new VirtualClock();
  emu = await startEmulator({ clock, buildSeconds: BUILD_SECONDS });
  c = createClient({
    headlessUrl: emu.headlessUrl,
    credentials: { userId: 'demo-user', password: 'demo-password' },
    clock,
  });
  goodZip = await writeTestZip({ 'package.json': '{"name":"web"}', 'index.js': 'console.log(1)' });
  badZip = await writeTestZip({ 'web/package.json': '{}' });
});
afterAll(async () => {
  await c.close();
  await emu.close();
});
beforeEach(() => emu.reset());

async function appWithEnvironment() {
  await c.createApp({ ...APP, region: 'US-C' });
  await c.createEnvironment(APP, { displayName: 'production', branch: 'uploadable', cmsEnvironment: 'demoprod' });
  const env = (await collect(c.iterateEnvironments(APP))).find((e) => e.displayName === 'production')!;
  return { ...APP, environment: env.name.split('/').pop()! };
}

describe('apps', () => {
  it('creates an app and reads it back', async () => {
    const app = await c.createApp({ ...APP, region: 'EU-W' });
    expect(app).toMatchObject({ name: 'accounts/demo/apps/web', region: 'regions/EU-W' });
    expect(await c.getApp(APP)).toEqual(app);
    expect((await collect(c.iterateApps('demo'))).map((a) => a.name)).toEqual(['accounts/demo/apps/web']);
  });

  it('treats creating the same app in the same region again as success', async () => {
    const first = await c.createApp({ ...APP, region: 'US-C' });
    await expect(c.createApp({ ...APP, region: 'regions/US-C' })).resolves.toEqual(first);
  });

  it('refuses the same app id in another region with a Conflict', async () => {
    await c.createApp({ ...APP, region: 'US-C' });
    const err = await c.createApp({ ...APP, region: 'UK' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Conflict);
    expect((err as Error).message).toContain('exists in regions/US-C, not regions/UK');
  });

  it('deletes an app', async () => {
    await c.createApp({ ...APP, region: 'US-C' });
    await c.deleteApp(APP);
    await expect(c.getApp(APP)).rejects.toBeInstanceOf(NotFound);
  });
});

describe('environments', () => {
  it('creates, lists, gets, patches and deletes an environment', async () => {
    const ref = await appWithEnvironment();
    const env = await c.getEnvironment(ref);
    expect(env).toMatchObject({ displayName: 'production', branch: 'uploadable', cmsEnvironment: 'demoprod' });
    const op = await c.patchEnvironment(ref, {
      ...env,
      shellVariables: [{ key: 'API_URL', value: 'https://x.example' }],
    });
    expect(op?.name).toMatch(/^accounts\/demo\/apps\/web\/environments\/[^/]+\/operations\//);
    const patched = await c.getEnvironment(ref);
    expect(patched.shellVariables).toEqual([{ key: 'API_URL', value: 'https://x.example' }]);
    // The whole record went back: nothing else changed.
    expect(patched).toMatchObject({ displayName: 'production', branch: 'uploadable', cmsEnvironment: 'demoprod' });
    await c.deleteEnvironment(ref);
    await expect(c.getEnvironment(ref)).rejects.toBeInstanceOf(NotFound);
  });

  it('finds an environment by its display name or its id, and answers null for neither', async () => {
    const { environment: id } = await appWithEnvironment();
    await c.createEnvironment(APP, { displayName: 'staging', branch: 'uploadable' });
    const byName = await c.findEnvironment(APP, 'production');
    expect(byName).toMatchObject({ displayName: 'production', name: `accounts/demo/apps/web/environments/${id}` });
    expect(environmentId(byName!)).toBe(id);
    expect(await c.findEnvironment(APP, id)).toEqual(byName);
    expect(await c.findEnvironment(APP, 'preview')).toBeNull();
    await expect(c.findEnvironment({ ...APP, app: 'missing' }, 'production')).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses a second environment with the same display name', async () => {
    await appWithEnvironment();
    const err = await c
      .createEnvironment(APP, { displayName: 'production', branch: 'uploadable' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Conflict);
    expect((err as Conflict).mayHaveSucceeded).toBe(false);
  });
});

describe('upload and wait', () => {
  it('uploads a zip and waits for the build, polling the no_build name it was given', async () => {
    const ref = await appWithEnvironment();
    const started = clock.now();
    const op = (await c.uploadEnvironment(ref, goodZip))!;
    expect(op.name).toMatch(/\/operations\/no_build$/);
    expect(op.done).toBe(false);

    const polled: string[] = [];
    const done = await c.waitForOperation(op.name, { timeoutMs: 10 * 60_000, onPoll: (o) => polled.push(o!.name) });
    expect(done.done).toBe(true);
    expect(done.error).toBeUndefined();
    expect(done.metadata.deployment).not.toBe('');
    // The answer took a real build id while we kept polling the name we were given.
    expect(done.name).not.toBe(op.name);
    const waited = clock.now() - started;
    expect(waited).toBeGreaterThanOrEqual(BUILD_SECONDS * 1000);
    expect(waited).toBeLessThanOrEqual(BUILD_SECONDS * 1000 + 2500);
    const pollPaths = emu.requests().filter((r) => r.path.includes('/operations/'));
    expect(pollPaths.every((r) => r.path.endsWith('/operations/no_build'))).toBe(true);
    expect(pollPaths.length).toBe(polled.length);
  });

  it('returns a failed build with the reason in error.message', async () => {
    const ref = await appWithEnvironment();
    const op = (await c.uploadEnvironment(ref, badZip))!;
    const done = await c.waitForOperation(op.name, { timeoutMs: 10 * 60_000 });
    expect(done.done).toBe(true);
    expect(done.error?.message).toMatch(/no package.json at the root/);
  });

  it('times out at the deadline with the operation as last seen', async () => {
    const ref = await appWithEnvironment();
    const op = (await c.uploadEnvironment(ref, goodZip))!;
    const started = clock.now();
    const err = (await c.waitForOperation(op.name, { timeoutMs: 10_000 }).catch((e: unknown) => e)) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(clock.now() - started).toBe(10_000);
    expect(err.operation?.done).toBe(false);
    expect(err.message).toContain('operation not done after 10s');
  });
});

describe('webhooks', () => {
  async function hooks(environment: string): Promise<{ token: string; urls: Record<string, string> }> {
    const res = await fetch(`${emu.url}/__emulator/environments/${environment}/webhooks`);
    return (await res.json()) as { token: string; urls: Record<string, string> };
  }

  it('triggers by parts and by whole URL', async () => {
    const ref = await appWithEnvironment();
    const { token, urls } = await hooks(ref.environment);
    await expect(c.triggerWebhook({ ...ref, action: 'rebuild', token })).resolves.toEqual({ status: 200 });
    await expect(c.triggerWebhook({ url: urls.purgeCache! })).resolves.toEqual({ status: 200 });
  });

  it('reports a wrong token without showing it', async () => {
    const ref = await appWithEnvironment();
    const wrong = 'not-the-token-0123';
    const err = await c.triggerWebhook({ ...ref, action: 'cleanRebuild', token: wrong }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect((err as Error).message).toContain('check the webhook token or URL');
    expect(JSON.stringify(err) + inspect(err, { depth: 10 })).not.toContain(wrong);
  });
});

describe('under injected faults', () => {
  it('gets through 503s, 429s and resets on reads', async () => {
    let n = 0;
    const random = () => [0.05, 0.15, 0.25, 0.9, 0.95][n++ % 5]!; // 3 faults in every 5 requests
    const faulty = await startEmulator({ faults: '429:0.1,503:0.1,reset:0.1', random });
    const fc = createClient({
      hostingUrl: faulty.hostingUrl,
      headlessUrl: faulty.headlessUrl,
      credentials: { userId: 'demo-user', password: 'demo-password' },
      clock: new VirtualClock(),
    });
    try {
      for (let i = 0; i < 5; i++) expect((await fc.listApps('demo')).apps ?? []).toEqual([]);
      expect((await collect(fc.iterateInstalls())).length).toBe(2);
      const faults = faulty.requests().filter((r) => r.fault);
      expect(faults.length).toBeGreaterThan(5);
    } finally {
      await fc.close();
      await faulty.close();
    }
  });
});
