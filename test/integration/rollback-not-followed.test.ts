/**
 * A rollback whose upload the service takes without an operation, on a service that does not
 * know the environment's latest operation by name either (404 to every poll): the kept archive
 * was uploaded, so the rollback is neither repeated nor reported as a failed build. The rollback
 * step ends `started` with a warning; a deploy's `rollback-on-failure` fails saying that what is
 * live is unknown (not "neither version is live"). The deploy's own upload, on that service, ends
 * `started` the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { DEFAULT_HEALTH_EXPECT, parseStatusSet } from '../../src/release/health/expect.js';
import { parseHealthUrl } from '../../src/release/health/health-url.js';
import { StepError } from '../../src/step-kit/step-error.js';
import type { DeployInputs } from '../../src/steps/deploy/inputs.js';
import { rollBackAfter } from '../../src/steps/deploy/roll-back-after.js';
import { rollBack } from '../../src/steps/rollback/run.js';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { startFrontWithoutOperations, type Front } from '../helpers/front-without-operations.js';
import { KEPT_ZIP, keptOnGithub, sha256 } from '../helpers/kept-on-github.js';
import { DEMO_KEY_MATERIAL } from '../helpers/kept-manifest.js';
import { clientFor, testContext } from '../helpers/step-context.js';
import { useFlow } from './helpers/flow.js';

// The documented answers: an upload is answered without an operation.
const f = useFlow({ seed: seedWithApp, answers: 'documented', buildSeconds: 1 });
let front: Front;
let client: Client;
beforeAll(async () => {
  front = await startFrontWithoutOperations(f.emulator.url);
  client = clientFor(front.url, f.clock);
});
afterAll(async () => {
  await client.close();
  await front.close();
});

const SHA = sha256(KEPT_ZIP);
const kept = () => keptOnGithub({ app: EXISTING.app, environmentId: EXISTING.environmentId });
const NOT_FOLLOWED = `was uploaded again to environment "production" (${EXISTING.environmentId}), but its build could not be followed`;
const context = () => testContext({ client, clock: f.clock, github: kept().github });
const uploads = () => f.emulator.state.uploads.map((u) => u.sha256);

describe('a rollback whose build cannot be followed', () => {
  it.each([
    ['previous, without health-url', { kind: 'previous' as const }, EXISTING.displayName, false],
    [
      'a run, with health-url: its health was not checked',
      { kind: 'run' as const, runId: 701 },
      EXISTING.environmentId,
      true,
    ],
  ])(
    'the rollback step (%s) ends "started": archive uploaded once, a warning, no failure',
    async (_, want, environment, health) => {
      const { ctx, log, written } = context();
      await rollBack(ctx, {
        account: 'demo',
        app: EXISTING.app,
        environment,
        headlessUrl: `${front.url}/headless`,
        want,
        timeoutMs: 60_000,
        archiveKey: DEMO_KEY_MATERIAL,
        maxListedBytes: 2 ** 31,
        health: health
          ? {
              url: parseHealthUrl(`${f.emulator.url}/__sites/{environment-id}/`),
              expect: parseStatusSet(DEFAULT_HEALTH_EXPECT),
              text: null,
              timeoutMs: 5_000,
            }
          : null,
      });
      const run = want.kind === 'run' ? 701 : 700;
      expect(uploads()).toEqual([SHA]);
      expect(ctx.record.started).toBe(true);
      expect(ctx.record.recap()).toContain('the build could not be followed');
      expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^warning: rollback: the kept archive of run ${run} was uploaded again, but its build could not be followed.*look in the portal whether it built${health ? ' \\(its health was not checked\\)' : ''}$`,
          ),
        ),
      ]);
      expect(log.lines.some((l) => l.startsWith('notice: rolled back'))).toBe(false);
      expect(Object.fromEntries(written)).toMatchObject({ 'rolled-back-to': `${run}:${SHA}` });
      expect(Object.fromEntries(written).health).toBeUndefined();
      expect(f.emulator.requests().some((r) => r.path.startsWith('/__sites/'))).toBe(false);
      expect(ctx.record.details.get('rollback')).toEqual([
        ['rolled back to', `run ${run}, sha256 ${SHA} (artifact ${9000 + run - 700})`],
        [
          'live now',
          expect.stringMatching(
            new RegExp(`^unknown: the archive kept by run ${run} .* was uploaded to environment "production"`),
          ),
        ],
      ]);
    },
  );

  it("rollback-on-failure fails saying what is live is unknown, not that the rollback's build failed", async () => {
    const { ctx } = context();
    const d = {
      account: 'demo',
      app: EXISTING.app,
      timeoutMs: 60_000,
      health: null,
      archiveKey: DEMO_KEY_MATERIAL,
      maxArchiveBytes: null,
    } as Partial<DeployInputs>;
    const deployed = {
      app: EXISTING.app,
      environmentId: EXISTING.environmentId,
      displayName: EXISTING.displayName,
      url: null,
    };
    const failed = new StepError('the build failed (operation x): "boom"');
    const err = (await rollBackAfter(ctx, d as DeployInputs, deployed, failed).catch((e: unknown) => e)) as StepError;
    expect(err).toBeInstanceOf(StepError);
    expect(err.outcome).toBe('failure');
    expect(err.message).toMatch(/rolled back, but the kept archive's build could not be followed/);
    expect(err.message).not.toMatch(/neither version is live/);
    expect(uploads()).toEqual([SHA]);
    expect(ctx.record.details.get('deploy')).toEqual([
      ['rolled back to', `run 701, sha256 ${SHA} (artifact 9001)`],
      ['live now', `unknown: the archive kept by run 701 (sha256 ${SHA}) ${NOT_FOLLOWED}`],
    ]);
  });
});

it('a deploy whose build cannot be followed ends "started" with a warning, the GitHub Deployment in progress with its url; nothing kept, no health checked', async () => {
  const { github, statuses } = keptOnGithub({ app: EXISTING.app, environmentId: EXISTING.environmentId, archives: [] });
  const values = {
    'headless-api-url': `${front.url}/headless`,
    app: EXISTING.app,
    environment: EXISTING.displayName,
    'environment-url': 'https://{environment}.web.example.com',
    'health-url': 'url',
    'keep-archive': 'true',
    'github-deployment': 'true',
    'github-token': 'fake-github-token',
  };
  const { report, warnings, ctx, out } = await f.run(values, { files: APP_FILES, client, github });
  expect(report.status).toBe('started');
  expect(f.emulator.state.uploads).toHaveLength(1);
  expect(warnings).toEqual([
    expect.stringMatching(
      /^warning: the zip was uploaded, but the build could not be followed: .*\(404\); status is "started"/,
    ),
  ]);
  expect(ctx.record.facts).toContain('the build could not be followed');
  expect(statuses).toEqual([
    'in_progress: deploying web to production',
    'in_progress: uploaded; the build could not be followed <https://production.web.example.com>',
  ]);
  expect(out.health).toBeUndefined();
  expect(out['archive-artifact-id']).toBeUndefined();
});
