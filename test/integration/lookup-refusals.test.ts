/**
 * Every look-up that decides whether to create, copy, delete or trigger, refused with each class
 * of error while the rest of the API works. Only "not found" may lead on to a creation: a 401, 403, 429,
 * 500 or 503 taken for "not there" would create a second app or environment next to the real
 * one, or report an install as missing when the API user only lacks access. Each must end the
 * run as a failure that names the status, with nothing written. In-process against the
 * emulator, the one refused route answered by a transport in front of it (test/helpers/
 * steered-client.ts; the client's own retries of 429 and 5xx run on the virtual clock).
 */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../emulator/store/seed.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { refusal } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';

const environments = [{ displayName: 'staging' }, { displayName: 'pr-4' }];
const f = useFlow(
  {
    buildSeconds: 1,
    seed: {
      ...defaultSeed,
      headless: { accounts: ['demo'], apps: [{ account: 'demo', appId: 'shop', environments }] },
    },
  },
  { inputs: (e) => ({ 'api-url': e.url }), files: APP_FILES },
);
const APP = '/headless/v1/accounts/demo/apps';
const ENVS = `${APP}/shop/environments`;

async function run(values: Record<string, string>) {
  const { report } = await f.run(values);
  return { report, writes: f.writes() };
}

const deploy = (environment: string, app = 'shop') => ({ app, environment, 'create-missing': 'true' });
const remove = { app: 'shop', environment: 'pr-4', 'delete-environment': 'true' };
const hook = (environment: string) => ({
  app: 'shop',
  environment,
  webhook: 'rebuild',
  'webhook-token': 't',
  deploy: 'false',
});

const LOOKUPS: [string, string, Record<string, string>][] = [
  ['the deploy: its app', `GET ${APP}/shop`, deploy('staging')],
  ['the deploy: the list of apps', `GET ${APP}`, deploy('staging', 'shop2')],
  ['the deploy: its environment by name', `GET ${ENVS}`, deploy('Staging EU')],
  ['the deploy: its environment as an id', `GET ${ENVS}/staging`, deploy('staging')],
  [
    'the deploy: the cms install of an environment to create',
    'GET /v1/installs',
    { ...deploy('review'), 'cms-environment': 'demostg' },
  ],
  ['the delete: the environment by name', `GET ${ENVS}`, remove],
  ['the delete: the environment as an id', `GET ${ENVS}/pr-4`, remove],
  ['the webhook: its environment by name', `GET ${ENVS}`, hook('pr-4')],
  ['the webhook: its environment as an id', `GET ${ENVS}/staging`, hook('staging')],
  ['the install copy: the installs', 'GET /v1/installs', { 'copy-from': 'demostg', 'copy-to': 'demoprod' }],
];

describe.each(LOOKUPS)('%s (%s) refused', (_, route, values) => {
  it.each([401, 403, 429, 500, 503])('with %i: a failure naming it, nothing written', async (status) => {
    f.steered.steer(route, refusal(status));
    const { report, writes } = await run(values);
    expect(f.steered.steered.length).toBeGreaterThan(0);
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
  it('the app: then looked for in the list of apps, where a near miss is found; nothing created', async () => {
    const { report, writes } = await run(deploy('staging', 'Shop'));
    expect(f.emulator.requests().find((r) => r.path === `${APP}/Shop`)?.status).toBe(404);
    expect(report.status).toBe('failure');
    expect(report.error).toContain('input "app": app "Shop" does not exist, but app "shop" does; set app: shop');
    expect(writes).toEqual([]);
  });

  it('the list of apps: names account and headless-api-url, nothing created', async () => {
    f.steered.steer(`GET ${APP}`, refusal(404));
    const { report, writes } = await run(deploy('staging', 'basket'));
    expect(report.status).toBe('failure');
    expect(report.error).toContain('listing the apps of account "demo" answered 404 (');
    expect(report.error).toContain(
      'check input "account", and that headless-api-url is the headless API\'s base URL (not the hosting API\'s); nothing was created',
    );
    expect(writes).toEqual([]);
  });

  it('the environment as an id: then looked for by display name, and found', async () => {
    f.steered.steer(`GET ${ENVS}/staging`, refusal(404));
    const { report } = await run(deploy('staging'));
    expect(report.status).toBe('success');
    expect(f.steered.steered).toEqual([`GET ${ENVS}/staging`]);
  });

  it('the list of environments: a failure naming 404, nothing created', async () => {
    f.steered.steer(`GET ${ENVS}`, refusal(404));
    const { report, writes } = await run(deploy('Staging EU'));
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(/^deploy failed: looking for the environment: .*404/);
    expect(writes).toEqual([]);
  });

  it('the installs: a failure naming 404, nothing created', async () => {
    f.steered.steer('GET /v1/installs', refusal(404));
    const { report, writes } = await run({ ...deploy('review'), 'cms-environment': 'demostg' });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(/^deploy failed: checking the cms install: .*404/);
    expect(writes).toEqual([]);
  });
});
