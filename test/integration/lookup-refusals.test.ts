/**
 * Every look-up that decides whether to create, copy, delete or trigger, refused with each class
 * of error while the rest of the API works. Only "not found" may lead on to a creation: a 401, 403, 429,
 * 500 or 503 taken for "not there" would create a second app or environment next to the real
 * one, or report an install as missing when the API user only lacks access. Each must end the
 * run as a failure that names the status, with nothing written. In-process against the
 * emulator, the one refused route answered by a transport in front of it (test/helpers/
 * steered-client.ts; the client's own retries of 429 and 5xx run on the virtual clock).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { refusal, steeredClient, type SteeredClient } from '../helpers/steered-client.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
let steered: SteeredClient;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    clock,
    buildSeconds: 1,
    seed: {
      ...defaultSeed,
      headless: {
        accounts: ['demo'],
        apps: [{ account: 'demo', appId: 'shop', environments: [{ displayName: 'staging' }, { displayName: 'pr-4' }] }],
      },
    },
  });
  steered = steeredClient(emulator.url, clock);
});
afterAll(async () => {
  await steered.close();
  await emulator.close();
  removeWorkspaces();
});
beforeEach(() => {
  emulator.reset();
  steered.reset();
});

const APP = '/headless/v1/accounts/demo/apps';
const ENVS = `${APP}/shop/environments`;

async function run(values: Record<string, string>) {
  const inputs = inputsOf(
    {
      ...emulatorAccess(emulator.url),
      'api-url': emulator.url,
      account: 'demo',
      ...values,
    },
    makeWorkspace(APP_FILES),
  );
  const t = testContext({ inputs, client: steered.client, clock });
  const report = await runFlow(t.ctx);
  const writes = emulator.requests().filter((q) => q.method !== 'GET' && !q.path.startsWith('/__'));
  return { report, writes };
}

const LOOKUPS: [string, string, Record<string, string>][] = [
  ['the deploy: its app', `GET ${APP}/shop`, { app: 'shop', environment: 'staging', 'create-missing': 'true' }],
  ['the deploy: the list of apps', `GET ${APP}`, { app: 'shop2', environment: 'staging', 'create-missing': 'true' }],
  [
    'the deploy: its environment by name',
    `GET ${ENVS}`,
    { app: 'shop', environment: 'Staging EU', 'create-missing': 'true' },
  ],
  [
    'the delete: the environment by name',
    `GET ${ENVS}`,
    { app: 'shop', environment: 'pr-4', 'delete-environment': 'true' },
  ],
  [
    'the deploy: its environment as an id',
    `GET ${ENVS}/staging`,
    { app: 'shop', environment: 'staging', 'create-missing': 'true' },
  ],
  [
    'the webhook: its environment as an id',
    `GET ${ENVS}/staging`,
    { app: 'shop', environment: 'staging', webhook: 'purge-cache', 'webhook-token': 'tok-1234567890', deploy: 'false' },
  ],
  [
    'the webhook: its environment by name',
    `GET ${ENVS}`,
    { app: 'shop', environment: 'pr-4', webhook: 'rebuild', 'webhook-token': 'tok-1234567890', deploy: 'false' },
  ],
  ['the install copy: the installs', 'GET /v1/installs', { 'copy-from': 'demostg', 'copy-to': 'demoprod' }],
  [
    'the deploy: the cms install of an environment to create',
    'GET /v1/installs',
    { app: 'shop', environment: 'review', 'create-missing': 'true', 'cms-environment': 'demostg' },
  ],
];

describe.each(LOOKUPS)('%s (%s) refused', (_, route, values) => {
  it.each([401, 403, 429, 500, 503])('with %i: a failure naming it, nothing written', async (status) => {
    steered.steer(route, refusal(status));
    const { report, writes } = await run(values);
    expect(steered.steered.length).toBeGreaterThan(0);
    expect(report.status).toBe('failure');
    expect(report.error).toContain(String(status));
    expect(report.error).not.toMatch(/not found|does not exist/);
    expect(writes).toEqual([]);
  });
});

/**
 * 404 is "not there" only where the look-up asks for one record; a list that answers 404 means
 * a wrong account or base URL, never an empty list to create into.
 */
describe('404 at each look-up of the deploy', () => {
  const deploy = { app: 'shop', environment: 'staging', 'create-missing': 'true' };

  it('the app: then looked for in the list of apps, where a near miss is found; nothing created', async () => {
    const { report, writes } = await run({ ...deploy, app: 'Shop' });
    expect(emulator.requests().find((r) => r.path === `${APP}/Shop`)?.status).toBe(404);
    expect(report.status).toBe('failure');
    expect(report.error).toContain('input "app": app "Shop" does not exist, but app "shop" does; set app: shop');
    expect(writes).toEqual([]);
  });

  it('the list of apps: names account and headless-api-url, nothing created', async () => {
    steered.steer(`GET ${APP}`, refusal(404));
    const { report, writes } = await run({ ...deploy, app: 'basket' });
    expect(report.status).toBe('failure');
    expect(report.error).toContain('listing the apps of account "demo" answered 404 (');
    expect(report.error).toContain(
      'check input "account", and that headless-api-url is the headless API\'s base URL (not the hosting API\'s); nothing was created',
    );
    expect(writes).toEqual([]);
  });

  it('the environment as an id: then looked for by display name, and found', async () => {
    steered.steer(`GET ${ENVS}/staging`, refusal(404));
    const { report } = await run(deploy);
    expect(report.status).toBe('success');
    expect(steered.steered).toEqual([`GET ${ENVS}/staging`]);
  });

  it('the list of environments: a failure naming 404, nothing created', async () => {
    steered.steer(`GET ${ENVS}`, refusal(404));
    const { report, writes } = await run({ ...deploy, environment: 'Staging EU' });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(/^deploy failed: looking for the environment: .*404/);
    expect(writes).toEqual([]);
  });

  it('the installs: a failure naming 404, nothing created', async () => {
    steered.steer('GET /v1/installs', refusal(404));
    const { report, writes } = await run({ ...deploy, environment: 'review', 'cms-environment': 'demostg' });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(/^deploy failed: checking the cms install: .*404/);
    expect(writes).toEqual([]);
  });
});
