/**
 * The deploy's app and environment, in-process against the emulator under both answer sets (the
 * `contract` answers, and the platform's `documented` ones, where a PATCH replaces the whole
 * record): found among environments whose names are prefixes of each other, near misses refused,
 * creation-only inputs on an existing environment warned about and never sent, shell variables
 * merged or replaced (the others kept, never dropped), creation settled after a 409 or an answer
 * naming no environment, and a refused creation that deletes the app this run created.
 * The app likewise: its region in force against the input, a missing one, a concurrent create.
 * What is asserted is what the emulator then holds, the outputs, and the words of logs and errors.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator, type Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { createClient, type Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { jsonAnswer, refusal, routeHooks } from '../helpers/route-hooks.js';
import { inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';

const STAGING_ID = '5a1e0c2b-3d4f-4a6b-8c9d-0e1f2a3b4c5d';
const SEED: Seed = {
  ...defaultSeed,
  headless: {
    accounts: ['demo'],
    apps: [
      {
        account: 'demo',
        appId: 'shop',
        environments: [
          // Names that are prefixes of each other: each must find its own.
          { displayName: 'staging-eu', shellVariables: [{ key: 'REGION', value: 'eu' }] },
          {
            id: STAGING_ID,
            displayName: 'staging',
            cmsEnvironment: 'demostg',
            shellVariables: [
              { key: 'KEEP', value: 'me' },
              { key: 'API', value: 'old' },
            ],
          },
          { displayName: 'stage' },
        ],
      },
    ],
  },
};

const APPS = '/headless/v1/accounts/demo/apps';
const ENVS = `${APPS}/shop/environments`;

describe.each(['contract', 'documented'] as const)('app and environment, under the %s answers', (answers) => {
  const clock = new VirtualClock(Date.UTC(2026, 10, 1));
  const hooks = routeHooks();
  let emulator: RunningEmulator;
  let client: Client;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, clock, seed: SEED, answers, buildSeconds: 5 });
    client = createClient({
      hostingUrl: emulator.url,
      headlessUrl: `${emulator.url}/headless`,
      credentials: { userId: 'demo-user', password: 'demo-password' },
      clock,
      transport: hooks.transport,
    });
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
    removeWorkspaces();
  });
  beforeEach(() => {
    emulator.reset();
    hooks.clear();
  });

  async function deploy(values: Record<string, string>) {
    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        account: 'demo',
        app: 'shop',
        ...values,
      },
      makeWorkspace(APP_FILES),
    );
    const t = testContext({ inputs, client, clock });
    const report = await runFlow(t.ctx);
    const outputs = Object.fromEntries(t.written);
    const warnings = t.log.lines.filter((l) => l.startsWith('warning: '));
    const done = t.ctx.record.facts;
    const details = Object.fromEntries(t.ctx.record.details.get('deploy') ?? []);
    return { report, outputs, log: t.log.lines, warnings, done, details };
  }
  const env = (displayName: string) =>
    emulator.state.environments.find((e) => e.app === 'shop' && e.displayName === displayName);
  const writes = () =>
    emulator
      .requests()
      .filter((r) => r.method !== 'GET' && !r.path.startsWith('/__'))
      .map((r) => `${r.method} ${r.path.split('?')[0]}`);
  const created = () => emulator.state.environments.filter((e) => e.app === 'shop').map((e) => e.displayName);

  /** Strips `region` from every successful answer about an app (a service that does not show it). */
  const withoutRegion = (route: string | RegExp) =>
    hooks.on({
      route,
      rewrite: (res) => {
        if (res.status !== 200 || res.body === '') return res;
        const { region: _left, ...app } = JSON.parse(res.body) as Record<string, unknown>;
        return jsonAnswer(res, app);
      },
    });

  describe('the app', () => {
    it('found in another region than the region input: a warning, and its region stays', async () => {
      const { report, warnings, details, log } = await deploy({ environment: 'staging', region: 'EU-W' });
      expect(report.status).toBe('success');
      expect(warnings).toEqual([
        'warning: input "region" is EU-W, but app "shop" already exists in US-C: region applies only when the app is created, so US-C stays',
      ]);
      expect(log).toContain('app "shop" found (region US-C)');
      expect(details.region).toBe('US-C');
      expect(emulator.state.apps[0]!.region).toBe('regions/US-C');
    });

    it('found in the region given, or with no region input: no warning, and not said to be created', async () => {
      const given = await deploy({ environment: 'staging', region: 'US-C' });
      expect(given.warnings).toEqual([]);
      expect(given.outputs['app-created']).toBe('false');
      expect((await deploy({ environment: 'staging' })).warnings).toEqual([]);
    });

    it('found in the region given, one other than the default: no warning', async () => {
      expect((await deploy({ app: 'basket', environment: 'review', region: 'EU-W' })).report.status).toBe('success');
      const again = await deploy({ app: 'basket', environment: 'review', region: 'EU-W' });
      expect(again.log).toContain('app "basket" found (region EU-W)');
      expect(again.warnings).toEqual([]);
    });

    it('found, its region not given by the service: said so, and no warning about the region input', async () => {
      withoutRegion(`GET ${APPS}/shop`);
      const { report, warnings, details, log } = await deploy({ environment: 'staging', region: 'EU-W' });
      expect(report.status).toBe('success');
      expect(log).toContain('app "shop" found (the service did not say its region)');
      expect(details.region).toBe('not given by the service');
      expect(warnings).toEqual([]);
    });

    it('missing, without create-missing: an error naming app, account and the input to set', async () => {
      const { report } = await deploy({ app: 'basket', environment: 'review', 'create-missing': 'false' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        'app "basket" does not exist in account "demo"; create it first, or set create-missing: true to let the action create it',
      );
      expect(writes()).toEqual([]);
    });

    it('created: said with its region, in the outputs and among what was created', async () => {
      const { report, outputs, log, details } = await deploy({ app: 'basket', environment: 'review', region: 'EU-W' });
      expect(report.status).toBe('success');
      expect(log).toContain('app "basket" created (region EU-W)');
      expect(details.region).toBe('EU-W');
      expect(outputs['app-created']).toBe('true');
      expect(report.created![0]).toBe('app "basket" (region EU-W)');
      expect(emulator.state.apps.find((a) => a.appId === 'basket')!.region).toBe('regions/EU-W');
    });

    it('created, the answer without its region: the region asked for is said', async () => {
      withoutRegion(/^(POST|GET) \/headless\/v1\/accounts\/demo\/apps(\/basket)?$/);
      const { report, log } = await deploy({ app: 'basket', environment: 'review', region: 'EU-W' });
      expect(report.status).toBe('success');
      expect(log).toContain('app "basket" created (region EU-W)');
    });

    it.each([
      ['region US-C', false],
      ['region not given by the service', true],
    ])(
      'created by a concurrent run just before ours (409): used, and not said to be created (%s)',
      async (said, hideRegion) => {
        if (hideRegion) withoutRegion(`GET ${APPS}/basket`);
        hooks.on({ route: `POST ${APPS}`, times: 1, before: () => concurrentApp(emulator, 'basket') });
        const { report, outputs, log } = await deploy({ app: 'basket', environment: 'review' });
        expect(report.status).toBe('success');
        expect(log).toContain(
          `app "basket" was already there (${said}): created by a concurrent run, or by an earlier attempt whose answer was lost`,
        );
        expect(outputs['app-created']).toBe('false');
        expect(report.created).toEqual([expect.stringMatching(/^environment "review"/)]);
      },
    );

    it('an answer lost (502) before the service acted: the look finds nothing, and the create is repeated once', async () => {
      hooks.on({ route: `POST ${APPS}`, refuse: 502, times: 1 });
      const { report, outputs, log } = await deploy({ app: 'basket', environment: 'review' });
      expect(report.status).toBe('success');
      expect(log).toContainEqual(
        expect.stringMatching(
          /^create app "basket": the answer was lost \(status 502\) and it had not taken effect; repeating it in \d+ ms$/,
        ),
      );
      expect(log).toContain('app "basket" created (region US-C)');
      expect(outputs['app-created']).toBe('true');
      expect(writes().filter((w) => w === `POST ${APPS}`)).toHaveLength(1);
    });

    it('an answer lost (502), and the look that follows refused (403): that refusal is the error', async () => {
      hooks.on({ route: `POST ${APPS}`, refuse: 502, times: 1 });
      hooks.on({ route: `GET ${APPS}/basket`, times: 1 });
      hooks.on({ route: `GET ${APPS}/basket`, refuse: 403, times: 1 });
      const { report } = await deploy({ app: 'basket', environment: 'review' });
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/^deploy failed: creating the app: .*403/);
      expect(emulator.state.apps.map((a) => a.appId)).toEqual(['shop']);
    });
  });

  describe('names that are prefixes of each other', () => {
    it.each([
      ['staging', STAGING_ID],
      ['staging-eu', null],
      ['stage', null],
    ])('"%s" finds its own environment, not the one its name starts or ends', async (name, id) => {
      const { report, outputs, log } = await deploy({ environment: name });
      expect(report.status).toBe('success');
      const found = env(name)!;
      if (id) expect(found.id).toBe(id);
      expect(outputs['environment-id']).toBe(found.id);
      expect(outputs['environment-created']).toBe('false');
      expect(log).toContain(`environment "${name}" found (id ${found.id})`);
      expect(created()).toEqual(['staging-eu', 'staging', 'stage']);
      expect(writes()).toEqual([`POST /headless/fu/v1/accounts/demo/apps/shop/environments/${found.id}:upload`]);
    });

    it('a new name that only starts like existing ones ("staging-e" is one letter from "staging-eu") is a near miss: nothing created', async () => {
      const { report } = await deploy({ environment: 'staging-e', 'create-missing': 'true' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        'input "environment": app "shop" has no environment "staging-e", but it has "staging-eu"; set environment: staging-eu to deploy to it (nothing was created)',
      );
      expect(writes()).toEqual([]);
    });

    it('a name that is a prefix but no near miss ("stag") is created with create-missing, next to the others', async () => {
      const { report, outputs, log } = await deploy({ environment: 'stag', 'create-missing': 'true' });
      expect(report.status).toBe('success');
      expect(created()).toEqual(['staging-eu', 'staging', 'stage', 'stag']);
      expect(outputs['environment-created']).toBe('true');
      expect(outputs['environment-id']).toBe(env('stag')!.id);
      expect(log).toContain(`environment "stag" created (id ${env('stag')!.id})`);
      expect(report.created).toContain(`environment "stag" (id ${env('stag')!.id})`);
    });

    it('an id in the wrong case is a near miss of the id', async () => {
      const { report } = await deploy({ environment: STAGING_ID.toUpperCase(), 'create-missing': 'true' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(`but it has "${STAGING_ID}"`);
      expect(writes()).toEqual([]);
    });
  });

  describe('an environment that is not there', () => {
    it('without create-missing: an error naming environment, app and the input to set; nothing created', async () => {
      const { report } = await deploy({ environment: 'review', 'create-missing': 'false' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        'environment "review" does not exist in app "shop" (looked for it as an id and as a display name); create it first, or set create-missing: true',
      );
      expect(writes()).toEqual([]);
    });

    it('a value shaped like an id is not created as a display name (existing app: "or display name")', async () => {
      const { report } = await deploy({ environment: 'e0a1b2c3', 'create-missing': 'true' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        'input "environment": "e0a1b2c3" looks like an environment id (a uuid, or 24 hexadecimal characters for older environments), and app "shop" has no environment with that id or display name; check the id',
      );
      expect(writes()).toEqual([]);
    });

    it('a value shaped like an id for an app still to be created: refused before the app is created', async () => {
      const { report } = await deploy({ app: 'basket', environment: 'e0a1b2c3', 'create-missing': 'true' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain('and app "basket" has no environment with that id; check the id');
      expect(report.error).not.toContain('or display name');
      expect(writes()).toEqual([]);
      expect(emulator.state.apps.map((a) => a.appId)).toEqual(['shop']);
    });
  });

  describe('inputs that apply only at creation, on an existing environment', () => {
    it('another cms-environment: a warning naming both installs, and the one in force stays', async () => {
      const { report, warnings } = await deploy({ environment: 'staging', 'cms-environment': 'demoprod' });
      expect(report.status).toBe('success');
      expect(warnings).toEqual([
        'warning: input "cms-environment" is demoprod, but environment "staging" already exists connected to install demostg: cms-environment applies only when the environment is created, so demostg stays',
      ]);
      expect(env('staging')!.cmsEnvironment).toBe('demostg');
    });

    it('another cms-environment with env-vars: the variables are updated, the install in force is sent back unchanged', async () => {
      const { report, warnings, details } = await deploy({
        environment: 'staging',
        'cms-environment': 'demoprod',
        'env-vars': 'API=new',
      });
      expect(report.status).toBe('success');
      expect(warnings).toHaveLength(1);
      expect(env('staging')!.cmsEnvironment).toBe('demostg');
      expect(env('staging')!.shellVariables).toEqual([
        { key: 'KEEP', value: 'me' },
        { key: 'API', value: 'new' },
      ]);
      expect(details['cms install']).toBe('demostg');
    });

    it('a cms-environment for an environment connected to none: "no install", and none stays', async () => {
      const { warnings, details } = await deploy({ environment: 'stage', 'cms-environment': 'demoprod' });
      expect(details['cms install']).toBe('none');
      expect(warnings).toEqual([
        'warning: input "cms-environment" is demoprod, but environment "stage" already exists connected to no install: cms-environment applies only when the environment is created, so none stays',
      ]);
      expect(env('stage')!.cmsEnvironment).toBe('');
    });

    it('the cms-environment in force: no warning', async () => {
      const { report, warnings } = await deploy({ environment: 'staging', 'cms-environment': 'demostg' });
      expect(report.status).toBe('success');
      expect(warnings).toEqual([]);
    });

    it('env-vars merged: the keys given are set, every other variable and the cms install are kept', async () => {
      const { report, log, done, details } = await deploy({ environment: 'staging', 'env-vars': 'API=new\nADDED=1' });
      expect(report.status).toBe('success');
      expect(env('staging')!.shellVariables).toEqual([
        { key: 'KEEP', value: 'me' },
        { key: 'API', value: 'new' },
        { key: 'ADDED', value: '1' },
      ]);
      expect(env('staging')!.cmsEnvironment).toBe('demostg');
      expect(env('staging')!.displayName).toBe('staging');
      expect(log).toContain('environment "staging": shell variables updated (merge): added ADDED; changed API');
      expect(writes()[0]).toBe(`PATCH ${ENVS}/${STAGING_ID}`);
      expect(done).toContain('shell variables of environment "staging" updated (added ADDED; changed API)');
      expect(details['shell variables']).toBe('added ADDED; changed API');
      expect(details['cms install']).toBe('demostg');
    });

    it('env-vars replaced: exactly the keys given, the cms install kept', async () => {
      const { report, log } = await deploy({
        environment: 'staging',
        'env-vars': 'KEEP=me',
        'env-vars-mode': 'replace',
      });
      expect(report.status).toBe('success');
      expect(env('staging')!.shellVariables).toEqual([{ key: 'KEEP', value: 'me' }]);
      expect(env('staging')!.cmsEnvironment).toBe('demostg');
      expect(log).toContain('environment "staging": shell variables updated (replace): removed API');
    });

    it('a record that does not show its shell variables: the ones given are added, and said so', async () => {
      const drop = (e: Record<string, unknown>) => ({ ...e, shellVariables: undefined });
      hooks.on({ route: `GET ${ENVS}/${STAGING_ID}`, rewrite: (res) => jsonAnswer(res, drop(JSON.parse(res.body))) });
      const { report, log } = await deploy({ environment: STAGING_ID, 'env-vars': 'API=new' });
      expect(report.status).toBe('success');
      expect(log).toContain('environment "staging": shell variables updated (merge): added API');
    });

    it('a record without its display name and branch: the variables are not updated, and the error names both', async () => {
      const drop = (e: Record<string, unknown>) => ({ ...e, displayName: undefined, branch: undefined });
      hooks.on({ route: `GET ${ENVS}/${STAGING_ID}`, rewrite: (res) => jsonAnswer(res, drop(JSON.parse(res.body))) });
      const { report } = await deploy({ environment: STAGING_ID, 'env-vars': 'API=new' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        `environment accounts/demo/apps/shop/environments/${STAGING_ID}: the service's record has no displayName and branch, which an update must send back unchanged; its shell variables were not updated (nothing was changed)`,
      );
      expect(writes().filter((w) => w.startsWith('PATCH'))).toEqual([]);
    });

    it('env-vars already as given: no PATCH', async () => {
      const { report, log } = await deploy({ environment: 'staging', 'env-vars': 'KEEP=me' });
      expect(report.status).toBe('success');
      expect(log).toContain('environment "staging": shell variables already as given (merge); not updated');
      expect(writes().filter((w) => w.startsWith('PATCH'))).toEqual([]);
    });

    it('a dry run says what it would update, and sends nothing', async () => {
      const { report, log } = await deploy({ environment: 'staging', 'env-vars': 'API=new', 'dry-run': 'true' });
      expect(report.status).toBe('planned');
      expect(log).toContain('environment "staging": would update shell variables (merge): changed API');
      expect(writes()).toEqual([]);
      expect(env('staging')!.shellVariables).toEqual(SEED.headless!.apps![0]!.environments![1]!.shellVariables);
    });

    it.each([
      ['branch', { branch: undefined }],
      ['displayName', { displayName: '' }],
    ])('a record without %s is not updated: an update would have to send it back', async (field, change) => {
      hooks.on({
        route: `GET ${ENVS}/${STAGING_ID}`,
        rewrite: (res) => jsonAnswer(res, { ...(JSON.parse(res.body) as object), ...change }),
      });
      hooks.on({
        route: `GET ${ENVS}`,
        rewrite: (res) => {
          const page = JSON.parse(res.body) as { environments: object[] };
          return jsonAnswer(res, { ...page, environments: page.environments.map((e) => ({ ...e, ...change })) });
        },
      });
      const { report } = await deploy({ environment: STAGING_ID, 'env-vars': 'API=new' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        `environment accounts/demo/apps/shop/environments/${STAGING_ID}: the service's record has no ${field}, which an update must send back unchanged; its shell variables were not updated (nothing was changed)`,
      );
      expect(writes()).toEqual([]);
      expect(env('staging')!.shellVariables).toHaveLength(2);
    });
  });

  describe('creating it', () => {
    it('sends the creation-only inputs once, at creation', async () => {
      const { report, outputs, details } = await deploy({
        environment: 'review',
        'create-missing': 'true',
        'cms-environment': 'demostg',
        'env-vars': 'A=1',
      });
      expect(report.status).toBe('success');
      expect(details['cms install']).toBe('demostg');
      expect(details['shell variables']).toBe('added A');
      expect(env('review')).toMatchObject({
        branch: 'uploadable',
        cmsEnvironment: 'demostg',
        shellVariables: [{ key: 'A', value: '1' }],
      });
      expect(outputs['environment-created']).toBe('true');
      expect(writes().filter((w) => w.startsWith('PATCH'))).toEqual([]);
    });

    it('a dry run says what it would create, with its install and variables', async () => {
      const { report, log } = await deploy({
        environment: 'review',
        'create-missing': 'true',
        'cms-environment': 'demostg',
        'env-vars': 'A=1',
        'dry-run': 'true',
      });
      expect(report.status).toBe('planned');
      expect(log).toContain(
        'would create environment "review" (branch uploadable, cms install demostg; shell variables added A)',
      );
      expect(writes()).toEqual([]);
    });

    it('a dry run without install or variables says only the branch', async () => {
      const { log, details } = await deploy({ environment: 'review', 'create-missing': 'true', 'dry-run': 'true' });
      expect(log).toContain('would create environment "review" (branch uploadable)');
      expect(details['cms install']).toBe('none');
      expect(details).not.toHaveProperty('shell variables');
    });

    it('created by a concurrent run just before ours (409): that one is used, and not said to be created', async () => {
      hooks.on({
        route: `POST ${ENVS}`,
        times: 1,
        before: async () => {
          await concurrentCreate(emulator, 'review');
        },
      });
      const { report, outputs, log } = await deploy({ environment: 'review', 'create-missing': 'true' });
      expect(report.status).toBe('success');
      expect(created().filter((n) => n === 'review')).toHaveLength(1);
      const id = env('review')!.id;
      expect(log).toContain(
        `environment "review" was already there (id ${id}): created by a concurrent run, or by an earlier attempt whose answer was lost`,
      );
      expect(outputs['environment-id']).toBe(id);
      expect(outputs['environment-created']).toBe('false');
      expect(report.created).toEqual([]);
    });

    it('an answer already finished (done, the environment in its response): created once, under the id it names', async () => {
      hooks.on({
        route: `POST ${ENVS}`,
        rewrite: (res) => {
          const op = JSON.parse(res.body) as { name: string };
          const envName = op.name.slice(0, op.name.indexOf('/operations/'));
          return jsonAnswer(res, { ...op, done: true, response: { name: envName, displayName: 'review' } });
        },
      });
      const { report, outputs, log } = await deploy({ environment: 'review', 'create-missing': 'true' });
      expect(report.status).toBe('success');
      const id = env('review')!.id;
      expect(outputs['environment-id']).toBe(id);
      expect(outputs['environment-created']).toBe('true');
      expect(log).toContain(`environment "review" created (id ${id})`);
      expect(writes().filter((w) => w === `POST ${ENVS}`)).toHaveLength(1);
    });

    it('an answer already finished whose environment has no display name: named by the input, in the url too', async () => {
      hooks.on({
        route: `POST ${ENVS}`,
        rewrite: (res) => {
          const op = JSON.parse(res.body) as { name: string };
          const envName = op.name.slice(0, op.name.indexOf('/operations/'));
          return jsonAnswer(res, { ...op, done: true, response: { name: envName } });
        },
      });
      const { report, outputs } = await deploy({
        environment: 'review',
        'create-missing': 'true',
        'environment-url': 'https://{environment}.shop.example.com',
      });
      expect(report.status).toBe('success');
      expect(outputs.url).toBe('https://review.shop.example.com');
    });

    it('an answer that names no environment: its id is found by its display name', async () => {
      hooks.on({ route: `POST ${ENVS}`, rewrite: (res) => jsonAnswer(res, {}) });
      const { report, outputs, log } = await deploy({ environment: 'review', 'create-missing': 'true' });
      expect(report.status).toBe('success');
      const id = env('review')!.id;
      expect(outputs['environment-id']).toBe(id);
      expect(outputs['environment-created']).toBe('true');
      expect(log).toContain(`environment "review" created (id ${id})`);
    });

    it('an answer that names no environment, and none listed yet: run again in a minute', async () => {
      hooks.on({ route: `POST ${ENVS}`, rewrite: (res) => ({ ...res, body: '{}' }) });
      hooks.on({
        route: `GET ${ENVS}`,
        rewrite: (res) => {
          const page = JSON.parse(res.body) as { environments: { displayName: string }[] };
          return jsonAnswer(res, {
            ...page,
            environments: page.environments.filter((e) => e.displayName !== 'review'),
          });
        },
      });
      const { report } = await deploy({ environment: 'review', 'create-missing': 'true' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        'create environment "review": the service accepted it, but its answer names no environment and none with that display name is listed yet; run again in a minute',
      );
    });

    it('every answer lost (502), the last create having acted: found after the last round, used, not said to be created', async () => {
      // Four creates the service never saw, then one it acted on whose answer was lost too.
      hooks.on({ route: `POST ${ENVS}`, refuse: 502, times: 4 });
      hooks.on({ route: `POST ${ENVS}`, rewrite: () => refusal(502), times: 1 });
      const { report, outputs, log } = await deploy({ environment: 'review', 'create-missing': 'true' });
      expect(report.status).toBe('success');
      expect(hooks.hooked.filter((r) => r === `POST ${ENVS}`)).toHaveLength(5);
      expect(created().filter((n) => n === 'review')).toHaveLength(1);
      expect(log).toContain(
        `environment "review" was already there (id ${env('review')!.id}): created by a concurrent run, or by an earlier attempt whose answer was lost`,
      );
      expect(outputs['environment-created']).toBe('false');
    });

    it('a 409 with nothing to be found: the conflict is the error', async () => {
      hooks.on({ route: `POST ${ENVS}`, refuse: 409 });
      const { report } = await deploy({ environment: 'review', 'create-missing': 'true' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain('409');
      expect(created()).not.toContain('review');
    });
  });

  describe('a creation refused for good, in an app this run created', () => {
    const values = { app: 'basket', environment: 'review', 'create-missing': 'true', 'cms-environment': 'nosuch' };

    it('deletes the app again, says so, and the error names the cause', async () => {
      const { report, outputs, warnings, done } = await deploy(values);
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(
        /creating environment "review": .*400.*; app "basket", which this run created, was deleted again so that the next run starts clean/,
      );
      expect(warnings).toContain(
        'warning: app "basket" deleted again: this run created it, and its environment could not be created',
      );
      expect(emulator.state.apps.map((a) => a.appId)).toEqual(['shop']);
      expect(outputs['app-created']).toBe('false');
      expect(report.created).toEqual([]);
      expect(done).toContain('app "basket" deleted again, as its environment could not be created');
    });

    it('an app that cannot be deleted: the error says to delete it in the portal', async () => {
      hooks.on({ route: `DELETE ${APPS}/basket`, refuse: 403 });
      const { report, outputs } = await deploy(values);
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(
        /creating environment "review": .*400.*; app "basket", which this run created, could not be deleted \(.*403.*\): delete it in the portal, or fix the cause and run again/,
      );
      expect(emulator.state.apps.map((a) => a.appId)).toEqual(['shop', 'basket']);
      expect(outputs['app-created']).toBe('true');
    });

    it.each([429, 500, 503])('a refusal a retry may change (%i) keeps the app', async (status) => {
      hooks.on({ route: `POST ${ENVS.replace('/shop/', '/basket/')}`, refuse: status });
      const { report, outputs } = await deploy({ ...values, 'cms-environment': '' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(String(status));
      expect(report.error).not.toContain('deleted again');
      expect(emulator.state.apps.map((a) => a.appId)).toEqual(['shop', 'basket']);
      expect(outputs['app-created']).toBe('true');
    });

    it('an app that existed before is never deleted', async () => {
      const { report } = await deploy({ ...values, app: 'shop' });
      expect(report.status).toBe('failure');
      // A refusal (400) is no lost answer: nothing is looked for after it.
      const asked = emulator.requests().map((r) => `${r.method} ${r.path}`);
      expect(asked.slice(asked.indexOf(`POST ${ENVS}`) + 1)).toEqual([]);
      expect(report.error).toMatch(/400/);
      expect(report.error).not.toContain('deleted');
      expect(emulator.state.apps.map((a) => a.appId)).toEqual(['shop']);
    });
  });

  describe('the cms install, checked before creating with api-url', () => {
    it('found: said with its environment, then the environment is created connected to it', async () => {
      const { report, log } = await deploy({
        environment: 'review',
        'create-missing': 'true',
        'cms-environment': 'demostg',
        'api-url': emulator.url,
      });
      expect(report.status).toBe('success');
      expect(log).toContain('cms install "demostg" found (staging)');
      expect(env('review')!.cmsEnvironment).toBe('demostg');
    });

    it('found, its environment not given by the service: "no environment"', async () => {
      hooks.on({
        route: 'GET /v1/installs',
        rewrite: (res) => {
          const page = JSON.parse(res.body) as { results: object[] };
          return jsonAnswer(res, {
            ...page,
            results: page.results.map((i) => ({ ...i, environment: undefined })),
          });
        },
      });
      const { log } = await deploy({
        environment: 'review',
        'create-missing': 'true',
        'cms-environment': 'demostg',
        'api-url': emulator.url,
      });
      expect(log).toContain('cms install "demostg" found (no environment)');
    });

    it('not among the installs: an error naming the install and the environment, nothing created', async () => {
      const { report } = await deploy({
        app: 'basket',
        environment: 'review',
        'create-missing': 'true',
        'cms-environment': 'nosuch',
        'api-url': emulator.url,
      });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(
        'input "cms-environment": install "nosuch" is not among the installs this API user can see, so environment "review" could not be connected to it; check the install name (nothing was created)',
      );
      expect(writes()).toEqual([]);
    });

    it('without api-url: said to be unchecked', async () => {
      const { log } = await deploy({ environment: 'review', 'create-missing': 'true', 'cms-environment': 'demostg' });
      expect(log).toContain(
        'cms install "demostg" not checked before creating (give api-url to check it); if the service refuses it, an app this run created is deleted again',
      );
    });

    it('for an environment that exists: not looked up', async () => {
      const { log } = await deploy({ environment: 'staging', 'cms-environment': 'demostg', 'api-url': emulator.url });
      expect(log.some((l) => l.startsWith('cms install'))).toBe(false);
      expect(emulator.requests().filter((r) => r.path.startsWith('/v1/installs'))).toEqual([]);
    });
  });
});

/** Another job's create, straight to the emulator. */
async function concurrentCreate(emulator: RunningEmulator, displayName: string): Promise<void> {
  const res = await fetch(`${emulator.url}${ENVS}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('demo-user:demo-password').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ displayName, branch: 'uploadable' }),
  });
  expect(res.status).toBe(200);
}

/** Another job's create of an app, straight to the emulator, in the default region. */
async function concurrentApp(emulator: RunningEmulator, app: string): Promise<void> {
  const res = await fetch(`${emulator.url}${APPS}?appId=${app}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('demo-user:demo-password').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ region: 'regions/US-C', uploadable: {} }),
  });
  expect(res.status).toBe(200);
}
