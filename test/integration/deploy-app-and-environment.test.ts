/**
 * The deploy's app and environment, in-process against the emulator under both answer sets (the
 * `contract` answers, and the platform's `documented` ones, where a PATCH replaces the whole
 * record): found among environments whose names are prefixes of each other, near misses refused,
 * creation-only inputs on an existing environment warned about and never sent, shell variables
 * merged or replaced (the others kept, never dropped), creation settled after a 409 or an answer
 * naming no environment, and a refused creation that deletes the app this run created.
 * The app likewise: its region in force against the input, a missing one, a concurrent create.
 * What is asserted is what the emulator then holds, the outputs, and the key words of logs and errors.
 */
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { renderSummary } from '../../src/report/summary.js';
import { MemoryLogger } from '../../src/util/log.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { refusal, type Steer } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';
import { call } from './helpers/headless-http.js';

const STAGING_ID = '5a1e0c2b-3d4f-4a6b-8c9d-0e1f2a3b4c5d';
// Names that are prefixes of each other: each must find its own.
const STAGING = { id: STAGING_ID, displayName: 'staging', cmsEnvironment: 'demostg' };
const KEEP_AND_API = [
  { key: 'KEEP', value: 'me' },
  { key: 'API', value: 'old' },
];
const environments = [
  { displayName: 'staging-eu', shellVariables: [{ key: 'REGION', value: 'eu' }] },
  { ...STAGING, shellVariables: KEEP_AND_API },
  { displayName: 'stage' },
];
const SEED: Seed = {
  ...defaultSeed,
  headless: { accounts: ['demo'], apps: [{ account: 'demo', appId: 'shop', environments }] },
};

const APPS = '/headless/v1/accounts/demo/apps';
const ENVS = `${APPS}/shop/environments`;
const ALREADY_THERE = 'created by a concurrent run, or by an earlier attempt whose answer was lost';
const inRegion = (region: string) => ({ region: `regions/${region}`, uploadable: {} });

describe.each(['contract', 'documented'] as const)('app and environment, under the %s answers', (answers) => {
  const f = useFlow({ seed: SEED, answers, buildSeconds: 5 }, { inputs: () => ({ app: 'shop' }), files: APP_FILES });
  const deploy = (values: Record<string, string>) => f.run(values);
  const review = { environment: 'review', 'create-missing': 'true' };
  const basket = { app: 'basket', environment: 'review' };
  /** Another job's create, straight to the emulator: an app (`?appId=` in the path) or an environment. */
  const concurrently = async (path: string, body: object) =>
    expect((await call(f.emulator, 'POST', path.replace('/headless', ''), { body })).status).toBe(200);
  const env = (displayName: string) =>
    f.emulator.state.environments.find((e) => e.app === 'shop' && e.displayName === displayName);
  const created = () => f.emulator.state.environments.filter((e) => e.app === 'shop').map((e) => e.displayName);
  const apps = () => f.emulator.state.apps.map((a) => a.appId);
  const patches = () => f.writes().filter((w) => w.startsWith('PATCH'));

  /** Answers the requests to `route` in turn, each by its steer (null: the emulator's own), then as the emulator does. */
  const inTurn = (route: string, ...answers: (Steer | null)[]) => {
    let n = 0;
    f.steered.steer(route, (real, req) => (answers[n++] ?? ((r) => r()))(real, req));
  };
  /** Answers the requests to `route` as the emulator does, with the JSON body changed. */
  const rewrite = (route: string, change: (body: Record<string, unknown>) => unknown) =>
    f.steered.steer(route, async (real) => {
      const res = await real();
      if (res.status !== 200 || res.body === '') return res;
      const body = JSON.stringify(change(JSON.parse(res.body) as Record<string, unknown>));
      return { ...res, headers: { ...res.headers, 'content-type': 'application/json' }, body };
    });
  /** Another job's create (as `concurrently`) made just before our first request to `route` arrives. */
  const beaten = (route: string, path: string, body: object) =>
    inTurn(route, async (real) => (await concurrently(path, body), real()));
  /** The request passed on (after `before`), its answer then lost: a 502. */
  const lost =
    (before = () => Promise.resolve()): Steer =>
    async (real) => (await before(), await real(), refusal(502)());
  /** A service that does not show an app's region. */
  const withoutRegion = (...routes: string[]) =>
    routes.forEach((route) => rewrite(route, ({ region: _left, ...app }) => app));
  /** The answers of `route` with `change` made to the record, or to each record of a listing. */
  const changed = (route: string, change: (e: Record<string, unknown>) => object) =>
    rewrite(route, (body) => {
      const listed = body.environments as Record<string, unknown>[] | undefined;
      return listed ? { ...body, environments: listed.map(change) } : change(body);
    });

  describe('the app', () => {
    const ELSEWHERE =
      'warning: input "region" is EU-W, but app "shop" already exists in US-C: region applies only when the app is created, so US-C stays';
    it.each([
      ['EU-W', true, 'region US-C', [ELSEWHERE]],
      ['US-C', true, 'region US-C', []],
      ['', true, 'region US-C', []],
      ['EU-W', false, 'the service did not say its region', []],
    ])(
      'found, with region input %j (its region shown: %s): "%s", warnings %j; not created, its region kept',
      async (region, shown, said, warned) => {
        if (!shown) withoutRegion(`GET ${APPS}/shop`);
        const { report, out, warnings, details, lines } = await deploy({ environment: 'staging', region });
        expect(report.status).toBe('success');
        expect(warnings).toEqual(warned);
        expect(lines).toContain(`app "shop" found (${said})`);
        expect(details.region).toBe(shown ? 'US-C' : 'not given by the service');
        expect(out['app-created']).toBe('false');
        expect(f.emulator.state.apps[0]!.region).toBe('regions/US-C');
      },
    );

    it('missing, without create-missing: an error naming app, account and the input to set', async () => {
      const { report } = await deploy({ ...basket, 'create-missing': 'false' });
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/app "basket" does not exist in account "demo"; .*set create-missing/);
      expect(f.writes()).toEqual([]);
    });

    it('created: said with its region (asked for, when the answer omits it), in the outputs and what was created', async () => {
      const { report, out, lines, details } = await deploy({ ...basket, region: 'EU-W' });
      expect(report.status).toBe('success');
      expect(lines).toContain('app "basket" created (region EU-W)');
      expect(details.region).toBe('EU-W');
      expect(out['app-created']).toBe('true');
      expect(report.created![0]).toBe('app "basket" (region EU-W)');
      expect(f.emulator.state.apps.find((a) => a.appId === 'basket')!.region).toBe('regions/EU-W');
      // Found again in the region given, though not the default one: no warning.
      const again = await deploy({ ...basket, region: 'EU-W' });
      expect([again.warnings, again.lines.includes('app "basket" found (region EU-W)')]).toEqual([[], true]);
      f.emulator.reset();
      withoutRegion(`POST ${APPS}`, `GET ${APPS}/basket`);
      const hidden = await deploy({ ...basket, region: 'EU-W' });
      expect(hidden.lines).toContain('app "basket" created (region EU-W)');
    });

    it.each([
      ['region US-C', false],
      ['region not given by the service', true],
    ])('created by a concurrent run just before ours (409): used, not said to be created (%s)', async (said, hide) => {
      if (hide) withoutRegion(`GET ${APPS}/basket`);
      beaten(`POST ${APPS}`, `${APPS}?appId=basket`, inRegion('US-C'));
      const { report, out, lines } = await deploy(basket);
      expect(report.status).toBe('success');
      expect(lines).toContain(`app "basket" was already there (${said}): ${ALREADY_THERE}`);
      expect(out['app-created']).toBe('false');
      expect(report.created).toEqual([expect.stringMatching(/^environment "review"/)]);
    });

    it('an answer lost (502) before the service acted: the look finds nothing, and the create is repeated once', async () => {
      inTurn(`POST ${APPS}`, refusal(502));
      const { report, out, lines } = await deploy(basket);
      expect(report.status).toBe('success');
      expect(lines).toContainEqual(
        expect.stringMatching(/^create app "basket": the answer was lost \(status 502\) and it had not taken effect;/),
      );
      expect(out['app-created']).toBe('true');
      expect(f.writes().filter((w) => w === `POST ${APPS}`)).toHaveLength(1);
    });

    it.each([
      ['in the region asked for: taken as our own create, not repeated', 'US-C'],
      ['in another region (made by another job just before ours): not ours, a failure naming both', 'EU-W'],
    ])('an answer lost (502) after the service acted, the app then found %s', async (_, region) => {
      const before = () =>
        region === 'US-C' ? Promise.resolve() : concurrently(`${APPS}?appId=basket`, inRegion(region));
      inTurn(`POST ${APPS}`, lost(before));
      const { report, out, lines } = await deploy({ ...basket, region: 'US-C' });
      expect(f.emulator.state.apps.find((a) => a.appId === 'basket')!.region).toBe(`regions/${region}`);
      if (region === 'US-C') {
        expect(report.status).toBe('success');
        expect(lines).toContain('create app "basket": the answer was lost (status 502) but it had taken effect');
        expect(out['app-created']).toBe('false');
        expect(f.writes().filter((w) => w === `POST ${APPS}`)).toHaveLength(1);
      } else {
        expect(report.error).toMatch(/exists in regions\/EU-W, not regions\/US-C/);
        expect(lines).toContainEqual(
          expect.stringMatching(/^create app "basket": the answer was lost .* had not taken effect/),
        );
        expect(out['app-created']).toBeUndefined();
      }
    });

    it('an answer lost (502), and the look that follows refused (403): that refusal is the error', async () => {
      inTurn(`POST ${APPS}`, refusal(502));
      inTurn(`GET ${APPS}/basket`, null, refusal(403));
      const { report } = await deploy(basket);
      expect(report.error).toMatch(/^deploy failed: creating the app: .*403/);
      expect(apps()).toEqual(['shop']);
    });
  });

  describe('names that are prefixes of each other', () => {
    it.each([
      ['staging', STAGING_ID],
      ['staging-eu', null],
      ['stage', null],
    ])('"%s" finds its own environment, not the one its name starts or ends', async (name, id) => {
      const { report, out, lines } = await deploy({ environment: name });
      expect(report.status).toBe('success');
      const found = env(name)!;
      if (id) expect(found.id).toBe(id);
      expect(out['environment-id']).toBe(found.id);
      expect(out['environment-created']).toBe('false');
      expect(lines).toContain(`environment "${name}" found (id ${found.id})`);
      expect(created()).toEqual(['staging-eu', 'staging', 'stage']);
      expect(f.writes()).toEqual([`POST /headless/fu/v1/accounts/demo/apps/shop/environments/${found.id}:upload`]);
    });

    it.each([
      ['a name one letter from another', 'staging-e', 'but it has "staging-eu"; set environment: staging-eu'],
      ['an id in the wrong case', STAGING_ID.toUpperCase(), `but it has "${STAGING_ID}"`],
    ])('%s is a near miss: refused, nothing created', async (_, environment, words) => {
      const { report } = await deploy({ environment, 'create-missing': 'true' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(`app "shop" has no environment "${environment}", ${words}`);
      expect(f.writes()).toEqual([]);
    });

    it('a name that is a prefix but no near miss ("stag") is created with create-missing, next to the others', async () => {
      const { report, out, lines } = await deploy({ environment: 'stag', 'create-missing': 'true' });
      expect(report.status).toBe('success');
      expect(created()).toEqual(['staging-eu', 'staging', 'stage', 'stag']);
      expect(out['environment-created']).toBe('true');
      expect(out['environment-id']).toBe(env('stag')!.id);
      expect(lines).toContain(`environment "stag" created (id ${env('stag')!.id})`);
      expect(report.created).toContain(`environment "stag" (id ${env('stag')!.id})`);
    });
  });

  describe('an environment that is not there', () => {
    // [case, app, environment, create-missing, the key words of the error]
    it.each([
      ['without create-missing', 'shop', 'review', 'false', 'environment "review" does not exist in app "shop"'],
      ['an id, existing app', 'shop', 'e0a1b2c3', 'true', 'has no environment with that id or display name'],
      ['an id, app to create', 'basket', 'e0a1b2c3', 'true', 'app "basket" has no environment with that id;'],
    ])('%s: refused before anything is created or sent', async (_, app, environment, createMissing, words) => {
      // The listings that settle it answer once the zip is written: it is there to report, and must not be.
      const log = new MemoryLogger();
      const zipWritten = async () => {
        while (!log.lines.some((l) => l.startsWith('archive: '))) await new Promise(setImmediate);
      };
      for (const route of [`GET ${ENVS}`, `GET ${APPS}`])
        f.steered.steer(route, async (real) => (await zipWritten(), real()));
      const { report, out } = await f.run({ app, environment, 'create-missing': createMissing }, { log });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(words);
      expect(f.writes()).toEqual([]);
      expect(apps()).toEqual(['shop']);
      // The zip was written, never sent: no archive outputs, no "Largest files sent".
      expect(Object.keys(out).filter((name) => name.startsWith('archive-'))).toEqual([]);
      expect(renderSummary(report)).not.toMatch(/Largest files|archive sha256/);
    });
  });

  describe('inputs that apply only at creation, on an existing environment', () => {
    it.each([
      ['staging', 'demostg', 'install demostg', 'demostg stays'],
      ['stage', '', 'no install', 'none stays'],
    ])(
      'another cms-environment on %s: a warning naming both installs, the one in force stays',
      async (name, cms, connected, stays) => {
        const { report, warnings, details } = await deploy({ environment: name, 'cms-environment': 'demoprod' });
        expect(report.status).toBe('success');
        expect(warnings).toEqual([
          `warning: input "cms-environment" is demoprod, but environment "${name}" already exists connected to ${connected}: cms-environment applies only when the environment is created, so ${stays}`,
        ]);
        expect(details['cms install']).toBe(cms || 'none');
        expect(env(name)!.cmsEnvironment).toBe(cms);
        expect((await deploy({ environment: 'staging', 'cms-environment': 'demostg' })).warnings).toEqual([]);
      },
    );

    it('env-vars merged: the keys given are set, every other variable and the cms install kept (another one given)', async () => {
      const { report, lines, ctx, details, warnings } = await deploy({
        environment: 'staging',
        'cms-environment': 'demoprod',
        'env-vars': 'API=new\nADDED=1',
      });
      expect(report.status).toBe('success');
      expect(warnings).toHaveLength(1);
      expect(env('staging')).toMatchObject({
        displayName: 'staging',
        cmsEnvironment: 'demostg',
        shellVariables: [
          { key: 'KEEP', value: 'me' },
          { key: 'API', value: 'new' },
          { key: 'ADDED', value: '1' },
        ],
      });
      expect(lines).toContain('environment "staging": shell variables updated (merge): added ADDED; changed API');
      expect(f.writes()[0]).toBe(`PATCH ${ENVS}/${STAGING_ID}`);
      expect(ctx.record.facts).toContain('shell variables of environment "staging" updated (added ADDED; changed API)');
      expect(details).toMatchObject({ 'shell variables': 'added ADDED; changed API', 'cms install': 'demostg' });
    });

    it('env-vars replaced: exactly the keys given, the cms install kept', async () => {
      const { report, lines } = await deploy({
        environment: 'staging',
        'env-vars': 'KEEP=me',
        'env-vars-mode': 'replace',
      });
      expect(report.status).toBe('success');
      expect(env('staging')).toMatchObject({
        shellVariables: [{ key: 'KEEP', value: 'me' }],
        cmsEnvironment: 'demostg',
      });
      expect(lines).toContain('environment "staging": shell variables updated (replace): removed API');
    });

    it('a record that does not show its shell variables: the ones given are added, and said so', async () => {
      changed(`GET ${ENVS}/${STAGING_ID}`, (e) => ({ ...e, shellVariables: undefined }));
      const { report, lines } = await deploy({ environment: STAGING_ID, 'env-vars': 'API=new' });
      expect(report.status).toBe('success');
      expect(lines).toContain('environment "staging": shell variables updated (merge): added API');
    });

    it.each([
      ['displayName and branch', { displayName: undefined, branch: undefined }],
      ['branch', { branch: undefined }],
      ['displayName', { displayName: '' }],
    ])('a record without %s is not updated: an update would have to send it back', async (field, change) => {
      changed(`GET ${ENVS}/${STAGING_ID}`, (e) => ({ ...e, ...change }));
      changed(`GET ${ENVS}`, (e) => ({ ...e, ...change }));
      const { report } = await deploy({ environment: STAGING_ID, 'env-vars': 'API=new' });
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(new RegExp(`record has no ${field}, .*shell variables were not updated`));
      expect(f.writes()).toEqual([]);
      expect(env('staging')!.shellVariables).toHaveLength(2);
    });

    it('env-vars already as given: no PATCH; a dry run says what it would update, and sends nothing', async () => {
      const same = await deploy({ environment: 'staging', 'env-vars': 'KEEP=me' });
      expect(same.lines).toContain('environment "staging": shell variables already as given (merge); not updated');
      expect(patches()).toEqual([]);
      f.emulator.reset();
      const { report, lines } = await deploy({ environment: 'staging', 'env-vars': 'API=new', 'dry-run': 'true' });
      expect(report.status).toBe('planned');
      expect(lines).toContain('environment "staging": would update shell variables (merge): changed API');
      expect(f.writes()).toEqual([]);
      expect(env('staging')!.shellVariables).toEqual(KEEP_AND_API);
    });
  });

  describe('creating it', () => {
    /** The create's answer already finished, its environment in the response, with `extra` fields. */
    const answeredDone = (extra: object) =>
      rewrite(`POST ${ENVS}`, (op) => {
        const name = String(op.name).slice(0, String(op.name).indexOf('/operations/'));
        return { ...op, done: true, response: { name, ...extra } };
      });
    /** The create's answer an empty object: it names no environment. */
    const answeredEmpty = () => rewrite(`POST ${ENVS}`, () => ({}));

    it('sends the creation-only inputs once, at creation', async () => {
      const { report, out, details } = await deploy({ ...review, 'cms-environment': 'demostg', 'env-vars': 'A=1' });
      expect(report.status).toBe('success');
      expect(details).toMatchObject({ 'cms install': 'demostg', 'shell variables': 'added A' });
      expect(env('review')).toMatchObject({
        branch: 'uploadable',
        cmsEnvironment: 'demostg',
        shellVariables: [{ key: 'A', value: '1' }],
      });
      expect(out['environment-created']).toBe('true');
      expect(patches()).toEqual([]);
    });

    it('a dry run says what it would create, with its install and variables, or only the branch', async () => {
      const full = await deploy({ ...review, 'cms-environment': 'demostg', 'env-vars': 'A=1', 'dry-run': 'true' });
      expect(full.report.status).toBe('planned');
      expect(full.lines).toContain(
        'would create environment "review" (branch uploadable, cms install demostg; shell variables added A)',
      );
      const bare = await deploy({ ...review, 'dry-run': 'true' });
      expect(bare.lines).toContain('would create environment "review" (branch uploadable)');
      // The zip it would send (.git/ and node_modules/ left out), reported under a planned run.
      expect(bare.out['archive-files']).toBe('5');
      expect(renderSummary(bare.report)).toMatch(/planned[\s\S]*\| Largest files sent \|/);
      expect(bare.details['cms install']).toBe('none');
      expect(bare.details).not.toHaveProperty('shell variables');
      expect(f.writes()).toEqual([]);
    });

    it('created by a concurrent run just before ours (409): that one is used, and not said to be created', async () => {
      beaten(`POST ${ENVS}`, ENVS, { displayName: 'review', branch: 'uploadable' });
      const { report, out, lines } = await deploy(review);
      expect(report.status).toBe('success');
      expect(created().filter((n) => n === 'review')).toHaveLength(1);
      const id = env('review')!.id;
      expect(lines).toContain(`environment "review" was already there (id ${id}): ${ALREADY_THERE}`);
      expect(out).toMatchObject({ 'environment-id': id, 'environment-created': 'false' });
      expect(report.created).toEqual([]);
    });

    it.each([
      ['already finished (done, the environment in its response)', () => answeredDone({ displayName: 'review' })],
      ['naming no environment: its id found by its display name', () => answeredEmpty()],
    ])('an answer %s: created once, under its id', async (_, answer) => {
      answer();
      const { report, out, lines } = await deploy(review);
      expect(report.status).toBe('success');
      const id = env('review')!.id;
      expect(out).toMatchObject({ 'environment-id': id, 'environment-created': 'true' });
      expect(lines).toContain(`environment "review" created (id ${id})`);
      expect(f.writes().filter((w) => w === `POST ${ENVS}`)).toHaveLength(1);
    });

    it('an answer already finished whose environment has no display name: named by the input, in the url too', async () => {
      answeredDone({});
      const { report, out } = await deploy({ ...review, 'environment-url': 'https://{environment}.shop.example.com' });
      expect(report.status).toBe('success');
      expect(out.url).toBe('https://review.shop.example.com');
    });

    it('an answer that names no environment, and none listed yet: run again in a minute', async () => {
      answeredEmpty();
      const listed = (page: Record<string, unknown>) => page.environments as { displayName: string }[];
      rewrite(`GET ${ENVS}`, (page) => ({
        ...page,
        environments: listed(page).filter((e) => e.displayName !== 'review'),
      }));
      const { report } = await deploy(review);
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/create environment "review": .*names no environment .*; run again in a minute/);
    });

    it('every answer lost (502), the last create having acted: found after the last round, used, not said to be created', async () => {
      // Four creates the service never saw, then one it acted on whose answer was lost too.
      const never = refusal(502);
      inTurn(`POST ${ENVS}`, never, never, never, never, lost());
      const { report, out, lines } = await deploy(review);
      expect(report.status).toBe('success');
      expect(f.steered.steered.filter((r) => r === `POST ${ENVS}`)).toHaveLength(5);
      expect(created().filter((n) => n === 'review')).toHaveLength(1);
      expect(lines).toContain(`environment "review" was already there (id ${env('review')!.id}): ${ALREADY_THERE}`);
      expect(out['environment-created']).toBe('false');
    });

    it('a 409 with nothing to be found: the conflict is the error', async () => {
      f.steered.steer(`POST ${ENVS}`, refusal(409));
      const { report } = await deploy(review);
      expect(report.error).toContain('409');
      expect(created()).not.toContain('review');
    });
  });

  describe('a creation refused for good, in an app this run created', () => {
    const values = { ...basket, 'create-missing': 'true', 'cms-environment': 'nosuch' };

    it('deletes the app again, says so, and the error names the cause', async () => {
      const { report, out, warnings, ctx } = await deploy(values);
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/creating environment "review": .*400.*; app "basket", .* was deleted again/);
      expect(warnings).toContainEqual(expect.stringMatching(/^warning: app "basket" deleted again/));
      expect(apps()).toEqual(['shop']);
      expect(out['app-created']).toBe('false');
      expect(report.created).toEqual([]);
      expect(ctx.record.facts).toContain('app "basket" deleted again, as its environment could not be created');
    });

    it('an app that cannot be deleted: the error says to delete it in the portal', async () => {
      f.steered.steer(`DELETE ${APPS}/basket`, refusal(403));
      const { report, out } = await deploy(values);
      expect(report.error).toMatch(/app "basket", .* could not be deleted \(.*403.*\): delete it in the portal/);
      expect(apps()).toEqual(['shop', 'basket']);
      expect(out['app-created']).toBe('true');
    });

    it.each([429, 500, 503])('a refusal a retry may change (%i) keeps the app', async (status) => {
      f.steered.steer(`POST ${APPS}/basket/environments`, refusal(status));
      const { report, out } = await deploy({ ...values, 'cms-environment': '' });
      expect(report.status).toBe('failure');
      expect(report.error).toContain(String(status));
      expect(report.error).not.toContain('deleted again');
      expect(apps()).toEqual(['shop', 'basket']);
      expect(out['app-created']).toBe('true');
    });

    it('an app that existed before is never deleted', async () => {
      const { report } = await deploy({ ...values, app: 'shop' });
      // A refusal (400) is no lost answer: nothing is looked for after it.
      const asked = f.routes();
      expect(asked.slice(asked.indexOf(`POST ${ENVS}`) + 1)).toEqual([]);
      expect(report.error).toMatch(/400/);
      expect(report.error).not.toContain('deleted');
      expect(apps()).toEqual(['shop']);
    });
  });

  describe('the cms install, checked before creating with api-url', () => {
    const values = () => ({ ...review, 'cms-environment': 'demostg', 'api-url': f.emulator.url });

    it('found: said with its environment, then the environment is created connected to it', async () => {
      const { report, lines } = await deploy(values());
      expect(report.status).toBe('success');
      expect(lines).toContain('cms install "demostg" found (staging)');
      expect(env('review')!.cmsEnvironment).toBe('demostg');
    });

    it('found, its environment not given by the service: "no environment"', async () => {
      const withoutEnvironment = (i: object) => ({ ...i, environment: undefined });
      rewrite('GET /v1/installs', (page) => ({ ...page, results: (page.results as object[]).map(withoutEnvironment) }));
      expect((await deploy(values())).lines).toContain('cms install "demostg" found (no environment)');
    });

    it('not among the installs: an error naming the install and the environment, nothing created', async () => {
      const { report } = await deploy({ ...values(), app: 'basket', 'cms-environment': 'nosuch' });
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/input "cms-environment": install "nosuch" is not among the installs .* "review"/);
      expect(f.writes()).toEqual([]);
    });

    it('without api-url: said to be unchecked', async () => {
      const { lines } = await deploy({ ...values(), 'api-url': '' });
      expect(lines).toContainEqual(
        expect.stringMatching(/^cms install "demostg" not checked before creating \(give api-url/),
      );
    });

    it('for an environment that exists: not looked up', async () => {
      const { lines } = await deploy({ ...values(), environment: 'staging' });
      expect(lines.some((l) => l.startsWith('cms install'))).toBe(false);
      expect(f.routes().filter((r) => r.startsWith('GET /v1/installs'))).toEqual([]);
    });
  });
});
