/**
 * `rollback-on-failure` through the whole flow, in-process against the emulator: a deploy whose
 * build fails (no package.json at the zip's root) or whose site is unhealthy (a HEALTH_FAIL file)
 * uploads again the archive an earlier run kept (GitHub in memory). Each way it can end is told
 * by the status, the error, the log, the GitHub Deployment and, above all, what the emulator's
 * environment then runs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { keptOnGithub, sha256, type KeptOptions } from '../helpers/kept-on-github.js';
import { clientFor, inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { storedZip } from '../helpers/stored-zip.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock, seed: seedWithApp, buildSeconds: 5 });
  client = clientFor(emulator.url, clock);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
  removeWorkspaces();
});
beforeEach(() => emulator.reset());

const GOOD = storedZip([
  { name: 'package.json', data: '{"name":"web","private":true}\n' },
  { name: 'index.html', data: '<h1>kept</h1>\n' },
]);
const BROKEN = storedZip([{ name: 'index.html', data: '<h1>no package.json</h1>\n' }]);
const { 'package.json': _pkg, ...WITHOUT_PACKAGE_JSON } = APP_FILES;
const ENV = `environment "${EXISTING.displayName}" (${EXISTING.environmentId})`;

async function deploy(
  files: Record<string, string>,
  kept: Omit<KeptOptions, 'app' | 'environmentId'> | null,
  extra: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const inputs = inputsOf(
    {
      ...emulatorAccess(emulator.url),
      account: 'demo',
      app: EXISTING.app,
      environment: EXISTING.displayName,
      'rollback-on-failure': 'true',
      'github-deployment': 'true',
      'github-token': 'fake-github-token',
      timeout: '5m',
      ...extra,
    },
    makeWorkspace(files),
  );
  const gh = kept ? keptOnGithub({ app: EXISTING.app, environmentId: EXISTING.environmentId, ...kept }) : null;
  const t = testContext({ inputs, client, clock, ...(gh ? { github: gh.github } : {}), ...(signal ? { signal } : {}) });
  const uploadsBefore = emulator.state.uploads.length;
  const report = await runFlow(t.ctx);
  return {
    report,
    log: t.log.lines,
    outputs: Object.fromEntries(t.written),
    statuses: gh?.statuses ?? [],
    details: Object.fromEntries(t.ctx.record.details.get('deploy') ?? []),
    live: Object.fromEntries(t.ctx.record.details.get('deploy') ?? [])['live now'],
    uploaded: emulator.state.uploads.slice(uploadsBefore).map((u) => u.sha256),
  };
}

describe('a build that failed', () => {
  it('rolled back to the newest archive an earlier run kept: status rolled-back, a notice, the kept zip live', async () => {
    const kept = {
      archives: [
        { runId: 700, zip: BROKEN },
        { runId: 701, zip: GOOD },
      ],
    };
    const { report, log, outputs, statuses, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, kept);
    expect(report.status).toBe('rolled-back');
    const what = `${ENV} runs again the archive kept by run 701 (sha256 ${sha256(GOOD)})`;
    expect(live).toBe(what);
    expect(log).toContain(`notice: rolled back: ${what}; this run's deploy failed (the build failed)`);
    expect(log).toContain(
      `rollback-on-failure: the build failed; looking for the newest archive of ${ENV} kept by an earlier run`,
    );
    expect(report.error).toContain(`; rolled back: ${what}`);
    expect(report.error).toContain('no package.json at the root');
    expect(uploaded.at(-1)).toBe(sha256(GOOD));
    expect(uploaded).toHaveLength(2);
    expect(outputs['rolled-back-to']).toBe(`701:${sha256(GOOD)}`);
    expect(statuses.at(-1)).toMatch(/^failure: /);
  });

  it('nothing kept: the deploy’s own failure, and the failed deploy is what the environment holds', async () => {
    const { report, log, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, { archives: [] });
    expect(report.status).toBe('failure');
    const what = `nothing was changed: ${ENV} holds this run's failed deploy`;
    expect(live).toBe(what);
    expect(log).toContain(
      `warning: rollback-on-failure: nothing to roll back to: no earlier run kept an unexpired archive named "headless-deploy-${EXISTING.app}-${EXISTING.environmentId}"; ${what}`,
    );
    expect(report.error).toContain('; nothing to roll back to (no earlier run kept');
    expect(uploaded).toHaveLength(1);
  });

  it('the kept archive refused before its upload: "the rollback did not happen", nothing changed', async () => {
    const kept = { archives: [{ runId: 700, zip: GOOD }], digestMismatch: true };
    const { report, log, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, kept);
    expect(report.status).toBe('failure');
    const what = `nothing was changed by the rollback: ${ENV} holds this run's failed deploy`;
    expect(live).toBe(what);
    expect(log.some((l) => l.startsWith('warning: rollback-on-failure: the rollback did not happen: '))).toBe(true);
    expect(report.error).toMatch(/; the rollback did not happen \(.*does not match the digest GitHub lists.*\); /);
    expect(report.error).toContain(what);
    expect(uploaded).toHaveLength(1);
  });

  it.each([
    ['its manifest missing', { lacks: 'manifest' as const }, /holds no headless-deploy-manifest\.json/],
    [
      'the listing refused',
      { listError: new Error('github answered 403') },
      /github answered 403; nothing was uploaded/,
    ],
  ])('the kept archive not uploaded (%s): "the rollback did not happen", nothing changed', async (_, o, why) => {
    const { report, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, {
      archives: [{ runId: 700, zip: GOOD }],
      ...o,
    });
    expect(report.status).toBe('failure');
    expect(live).toBe(`nothing was changed by the rollback: ${ENV} holds this run's failed deploy`);
    expect(report.error).toMatch(why);
    expect(report.error).not.toContain('neither version is live');
    expect(uploaded).toHaveLength(1);
  });

  it('no GitHub to find kept archives on: the rollback did not happen, naming github-token', async () => {
    const { report, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, null, { 'github-deployment': 'false' });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(
      /the rollback did not happen \(input "rollback-on-failure" needs input "github-token"/,
    );
    expect(uploaded).toHaveLength(1);
  });

  it('the kept archive fails to build too: failure, neither version is live', async () => {
    const kept = { archives: [{ runId: 700, zip: BROKEN }] };
    const { report, log, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, kept);
    expect(report.status).toBe('failure');
    const what = `neither version is live and healthy: this run's deploy failed (the build failed), and so did the rollback`;
    expect(live).toBe(what);
    expect(log).toContain(`error: rollback-on-failure: ${what}`);
    expect(report.error).toContain(`; rolled back, but `);
    expect(report.error).toContain(`${what}: fix the app and deploy again`);
    expect(uploaded).toEqual([expect.any(String), sha256(BROKEN)]);
  });

  it('cancelled while looking for the kept archive: cancelled, not reported as a rollback that did not happen', async () => {
    const cancel = new AbortController();
    const kept = {
      archives: [{ runId: 700, zip: GOOD }],
      onList: () => cancel.abort(new Error('the run was cancelled')),
      listError: new Error('the listing was cut short'),
    };
    const { report, log, live } = await deploy(WITHOUT_PACKAGE_JSON, kept, {}, cancel.signal);
    expect(report.status).toBe('cancelled');
    expect(live).toBeUndefined();
    expect(log.some((l) => l.includes('the rollback did not happen'))).toBe(false);
  });

  it('a failure that is not the build’s (a timeout) is not rolled back', async () => {
    const kept = { archives: [{ runId: 700, zip: GOOD }] };
    const { report, uploaded, log } = await deploy(APP_FILES, kept, { timeout: '1s' });
    expect(report.status).toBe('timeout');
    expect(uploaded).toHaveLength(1);
    expect(log.some((l) => l.includes('rollback-on-failure'))).toBe(false);
  });

  it('without rollback-on-failure, a failed build is not rolled back', async () => {
    const kept = { archives: [{ runId: 700, zip: GOOD }] };
    const { report, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, kept, { 'rollback-on-failure': 'false' });
    expect(report.status).toBe('failure');
    expect(report.error).toContain('input "path" is "."');
    expect(uploaded).toHaveLength(1);
  });
});

describe('a site found unhealthy', () => {
  const health = (id: string) => ({ 'health-url': `${emulator.url}/__sites/${id}/`, 'health-timeout': '5s' });

  it('rolled back to a healthy kept archive: "and it is healthy"', async () => {
    const kept = { archives: [{ runId: 700, zip: GOOD }] };
    const { report, log, live, outputs } = await deploy(
      { ...APP_FILES, HEALTH_FAIL: '\n' },
      kept,
      health(EXISTING.environmentId),
    );
    expect(report.status).toBe('rolled-back');
    const what = `${ENV} runs again the archive kept by run 700 (sha256 ${sha256(GOOD)}), and it is healthy`;
    expect(live).toBe(what);
    expect(log).toContain(`notice: rolled back: ${what}; this run's deploy failed (the site is unhealthy)`);
    expect(log).toContain(
      `rollback-on-failure: the site is unhealthy; looking for the newest archive of ${ENV} kept by an earlier run`,
    );
    expect(outputs.health).toBe('unhealthy');
  });

  it('the kept archive unhealthy too: the outcome is unhealthy, neither version live', async () => {
    const unhealthy = storedZip([
      { name: 'package.json', data: '{"name":"web","private":true}\n' },
      { name: 'HEALTH_FAIL', data: '\n' },
    ]);
    const kept = { archives: [{ runId: 700, zip: unhealthy }] };
    const { report, live, details } = await deploy(
      { ...APP_FILES, HEALTH_FAIL: '\n' },
      kept,
      health(EXISTING.environmentId),
    );
    // Neither is live: a failure, whatever the rollback's own check found.
    expect(report.status).toBe('failure');
    expect(details['health after rollback']).toMatch(/^unhealthy: /);
    expect(live).toBe(
      "neither version is live and healthy: this run's deploy failed (the site is unhealthy), and so did the rollback",
    );
  });
});
