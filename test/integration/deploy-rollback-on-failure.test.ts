/**
 * `rollback-on-failure` through the whole flow, in-process against the emulator: a deploy whose
 * build fails (no package.json at the zip's root) or whose site is unhealthy (a HEALTH_FAIL file)
 * uploads again the archive an earlier run kept (GitHub in memory). Each way it can end is told
 * by the status, the error, the log, the GitHub Deployment and, above all, what the emulator's
 * environment then runs.
 */
import { describe, expect, it } from 'vitest';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { KEPT_ZIP as GOOD, keptOnGithub, sha256, type KeptOptions } from '../helpers/kept-on-github.js';
import { storedZip } from '../helpers/stored-zip.js';
import { useFlow } from './helpers/flow.js';

const f = useFlow(
  { seed: seedWithApp, buildSeconds: 5 },
  {
    inputs: () => ({
      app: EXISTING.app,
      environment: EXISTING.displayName,
      'rollback-on-failure': 'true',
      'github-deployment': 'true',
      'github-token': 'fake-github-token',
      timeout: '5m',
    }),
  },
);

const BROKEN = storedZip([{ name: 'index.html', data: '<h1>no package.json</h1>\n' }]);
const { 'package.json': _pkg, ...WITHOUT_PACKAGE_JSON } = APP_FILES;
const UNHEALTHY_FILES = { ...APP_FILES, HEALTH_FAIL: '\n' };
const ENV = `environment "${EXISTING.displayName}" (${EXISTING.environmentId})`;
const NOT_BY_ROLLBACK = `nothing was changed by the rollback: ${ENV} holds this run's failed deploy`;

async function deploy(
  files: Record<string, string>,
  kept: Omit<KeptOptions, 'app' | 'environmentId'> | null,
  extra: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const gh = kept ? keptOnGithub({ app: EXISTING.app, environmentId: EXISTING.environmentId, ...kept }) : null;
  const before = f.emulator.state.uploads.length;
  const r = await f.run(extra, { files, github: gh?.github, signal });
  const uploaded = f.emulator.state.uploads.slice(before).map((u) => u.sha256);
  return { ...r, statuses: gh?.statuses ?? [], live: r.details['live now'], uploaded };
}

describe('a build that failed', () => {
  it('rolled back to the newest archive an earlier run kept: status rolled-back, a notice, the kept zip live', async () => {
    const kept = {
      archives: [
        { runId: 700, zip: BROKEN },
        { runId: 701, zip: GOOD },
      ],
    };
    const { report, lines, out, statuses, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, kept);
    expect(report.status).toBe('rolled-back');
    expect(out.status).toBe('rolled-back');
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([['deploy', 'rolled-back']]);
    const what = `${ENV} runs again the archive kept by run 701 (sha256 ${sha256(GOOD)})`;
    expect(live).toBe(what);
    expect(lines).toContain(`notice: rolled back: ${what}; this run's deploy failed (the build failed)`);
    expect(lines).toContainEqual(expect.stringMatching(/^rollback-on-failure: the build failed; looking for /));
    expect(lines.filter((l) => l.startsWith('error: '))).toEqual([]);
    expect(report.error).toMatch(/^deploy failed and was rolled back: the build failed .*no package\.json/);
    expect(report.error).toContain(`; rolled back: ${what}`);
    expect(report.steps[0]!.error).toBe(report.error!.split('\n')[0]);
    expect(uploaded).toEqual([expect.any(String), sha256(GOOD)]);
    expect(out['rolled-back-to']).toBe(`701:${sha256(GOOD)}`);
    expect(statuses.at(-1)).toMatch(/^failure: /);
  });

  it('nothing kept: the deploy’s own failure, and the failed deploy is what the environment holds', async () => {
    const { report, warnings, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, { archives: [] });
    expect(report.status).toBe('failure');
    const what = `nothing was changed: ${ENV} holds this run's failed deploy`;
    expect(live).toBe(what);
    const none = warnings.find((w) => w.startsWith('warning: rollback-on-failure: nothing to roll back to: '));
    expect(none).toContain(`"headless-deploy-${EXISTING.app}-${EXISTING.environmentId}"; ${what}`);
    expect(report.error).toContain('; nothing to roll back to (no earlier run kept');
    expect(uploaded).toHaveLength(1);
  });

  it.each([
    ['its digest not GitHub’s', { digestMismatch: true }, /\(.*does not match the digest GitHub lists.*\)/],
    ['its manifest missing', { lacks: 'manifest' as const }, /holds no headless-deploy-manifest\.json/],
    [
      'the listing refused',
      { listError: new Error('github answered 403') },
      /github answered 403; nothing was uploaded/,
    ],
  ])('the kept archive not uploaded (%s): "the rollback did not happen", nothing changed', async (_, o, why) => {
    const { report, warnings, live, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, {
      archives: [{ runId: 700, zip: GOOD }],
      ...o,
    });
    expect(report.status).toBe('failure');
    expect(live).toBe(NOT_BY_ROLLBACK);
    expect(warnings).toContainEqual(expect.stringMatching(/^warning: rollback-on-failure: the rollback did not/));
    expect(report.error).toContain(`; the rollback did not happen (`);
    expect(report.error).toMatch(why);
    expect(report.error).toContain(NOT_BY_ROLLBACK);
    expect(report.error).not.toContain('neither version is live');
    expect(uploaded).toHaveLength(1);
  });

  it('no GitHub to find kept archives on: the rollback did not happen, naming github-token', async () => {
    const { report, uploaded } = await deploy(WITHOUT_PACKAGE_JSON, null, { 'github-deployment': 'false' });
    expect(report.error).toMatch(/the rollback did not happen \(input "rollback-on-failure" needs .*github-token/);
    expect(uploaded).toHaveLength(1);
  });

  it('the kept archive fails to build too: failure, an error line (not a warning), neither version is live', async () => {
    const { report, lines, live, uploaded, ctx } = await deploy(WITHOUT_PACKAGE_JSON, {
      archives: [{ runId: 700, zip: BROKEN }],
    });
    expect(report.status).toBe('failure');
    const what = `neither version is live and healthy: this run's deploy failed (the build failed), and so did the rollback`;
    expect(live).toBe(what);
    expect(lines.filter((l) => l.startsWith('error: '))).toEqual([`error: rollback-on-failure: ${what}`]);
    expect(report.error).toMatch(
      /^deploy failed: .*; rolled back, but the kept archive of run 700 .* the build failed/,
    );
    expect(report.error).toContain(`${what}: fix the app and deploy again`);
    expect(uploaded).toEqual([expect.any(String), sha256(BROKEN)]);
    // Errors are not warnings: the record's warnings (the summary's) stay empty of it.
    expect(ctx.record.warnings.filter((w) => w.includes('neither version'))).toEqual([]);
  });

  it('cancelled while looking for the kept archive: cancelled, not reported as a rollback that did not happen', async () => {
    const cancel = new AbortController();
    const kept = {
      archives: [{ runId: 700, zip: GOOD }],
      onList: () => cancel.abort(new Error('the run was cancelled')),
      listError: new Error('the listing was cut short'),
    };
    const { report, lines, live } = await deploy(WITHOUT_PACKAGE_JSON, kept, {}, cancel.signal);
    expect(report.status).toBe('cancelled');
    expect(live).toBeUndefined();
    expect(lines.some((l) => l.includes('the rollback did not happen'))).toBe(false);
  });

  it.each([
    ['a failure that is not the build’s (a timeout)', APP_FILES, { timeout: '1s' }, 'timeout'],
    ['a failed build without rollback-on-failure', WITHOUT_PACKAGE_JSON, { 'rollback-on-failure': 'false' }, 'failure'],
  ])('%s is not rolled back', async (_, files, extra, status) => {
    const { report, uploaded, lines } = await deploy(files, { archives: [{ runId: 700, zip: GOOD }] }, extra);
    expect(report.status).toBe(status);
    expect(uploaded).toHaveLength(1);
    expect(lines.some((l) => l.includes('rollback-on-failure'))).toBe(false);
    if (status === 'failure') expect(report.error).toContain('input "path" is "."');
  });
});

describe('a site found unhealthy', () => {
  const health = () => ({
    'health-url': `${f.emulator.url}/__sites/${EXISTING.environmentId}/`,
    'health-timeout': '5s',
  });

  it('rolled back to a healthy kept archive: "and it is healthy"', async () => {
    const kept = { archives: [{ runId: 700, zip: GOOD }] };
    const { report, lines, live, out } = await deploy(UNHEALTHY_FILES, kept, health());
    expect(report.status).toBe('rolled-back');
    const what = `${ENV} runs again the archive kept by run 700 (sha256 ${sha256(GOOD)}), and it is healthy`;
    expect(live).toBe(what);
    expect(lines).toContain(`notice: rolled back: ${what}; this run's deploy failed (the site is unhealthy)`);
    expect(lines).toContainEqual(expect.stringMatching(/^rollback-on-failure: the site is unhealthy; looking for /));
    expect(out.health).toBe('unhealthy');
  });

  it('the kept archive unhealthy too: the outcome is unhealthy, neither version live', async () => {
    const unhealthy = storedZip([
      { name: 'package.json', data: '{"name":"web","private":true}\n' },
      { name: 'HEALTH_FAIL', data: '\n' },
    ]);
    const { report, live, details } = await deploy(
      UNHEALTHY_FILES,
      { archives: [{ runId: 700, zip: unhealthy }] },
      health(),
    );
    // Neither is live: a failure, whatever the rollback's own check found.
    expect(report.status).toBe('failure');
    expect(details['health after rollback']).toMatch(/^unhealthy: /);
    expect(live).toMatch(/^neither version is live and healthy: .*\(the site is unhealthy\)/);
  });
});
