/**
 * The emulator's sites (/__sites/{environment-id}/): 200 with a page, 500 when the environment
 * is marked unhealthy (control route or seed) or the build deployed last carried HEALTH_FAIL.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { makeZip, repositoryPart, upload } from './helpers/headless-http.js';
import { startHeadless } from './helpers/start-headless.js';

const OK_ID = '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d';
const SICK_ID = '2c3d4e5f-6a71-4b2c-9d3e-4f5a6b7c8d9e';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startHeadless({
    port: 0,
    buildSeconds: 10,
    seed: {
      ...defaultSeed,
      headless: {
        accounts: ['demo'],
        apps: [
          {
            account: 'demo',
            appId: 'shop',
            environments: [
              { id: OK_ID, displayName: 'staging' },
              { id: SICK_ID, displayName: 'sick', unhealthy: true },
            ],
          },
        ],
      },
    },
  });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const site = (id: string, path = '/') => fetch(`${emulator.url}/__sites/${id}${path}`, { redirect: 'manual' });

let uploads = 0;
/** Uploads a zip of `entries` to the environment; its build is done `buildSeconds` (10) later. Returns its sha256. */
async function deploy(id: string, entries: string[], done = true): Promise<string> {
  const zip = await makeZip(
    Object.fromEntries(['package.json', ...entries].map((name) => [name, `${name} ${uploads++}`])),
  );
  const res = await upload(emulator, `accounts/demo/apps/shop/environments/${id}`, [repositoryPart(zip)]);
  expect(res.status).toBe(200);
  if (done) emulator.clock.advance(10_000);
  return createHash('sha256').update(zip).digest('hex');
}

describe('emulator sites', () => {
  it('answer 200 with a page for a healthy environment, 500 for one seeded unhealthy, 404 for an unknown one, 301 to the slash', async () => {
    const ok = await site(OK_ID);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('shop / staging');
    expect((await site('no-such-env')).status).toBe(404);
    expect((await site(SICK_ID)).status).toBe(500); // seeded unhealthy
    const bare = await site(OK_ID, '');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`/__sites/${OK_ID}/`);
  });

  it('follow the control route, which checks its body', async () => {
    const post = (id: string, body: string) =>
      fetch(`${emulator.url}/__emulator/environments/${id}/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await post(OK_ID, '{"healthy":false}')).status).toBe(200);
    expect((await site(OK_ID, '/any/page')).status).toBe(500);
    expect((await post(OK_ID, '{"healthy":true}')).status).toBe(200);
    expect((await site(OK_ID)).status).toBe(200);
    expect((await post(OK_ID, '{"healthy":"no"}')).status).toBe(400);
    expect((await post(OK_ID, '{"sick":true}')).status).toBe(400);
    expect((await post('nope', '{"healthy":false}')).status).toBe(404);
  });

  it('answer 500 once a build whose zip holds HEALTH_FAIL is deployed, not before; naming the sha256 they serve', async () => {
    const live = async () => {
      const res = await site(OK_ID);
      return [res.status, res.headers.get('x-emulator-deployed-sha256')];
    };
    expect(await live()).toEqual([200, null]);
    const good = await deploy(OK_ID, []);
    expect(await live()).toEqual([200, good]);
    const failing = await deploy(OK_ID, ['HEALTH_FAIL'], false);
    expect(await live()).toEqual([200, good]);
    emulator.clock.advance(10_000);
    expect(await live()).toEqual([500, failing]);
    const healed = await deploy(OK_ID, []);
    expect(await live()).toEqual([200, healed]);
  });

  it('are outside the APIs: no auth, no request log entry', async () => {
    await site(OK_ID);
    expect(emulator.requests()).toEqual([]);
  });
});
