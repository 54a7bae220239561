/**
 * A rollback whose upload the service takes without an operation, on a service that does not
 * know the environment's latest operation by name either (404 to every poll): the kept archive
 * was uploaded, so the rollback is neither repeated nor reported as a failed build. The rollback
 * step ends `started` with a warning; a deploy's `rollback-on-failure` fails saying that what is
 * live is unknown (not "neither version is live"). The deploy's own upload, on that service, ends
 * `started` the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import type { GithubServices } from '../../src/github/services.js';
import { StepError } from '../../src/step-kit/step-error.js';
import { rollBackAfter } from '../../src/steps/deploy/roll-back-after.js';
import type { DeployInputs } from '../../src/steps/deploy/inputs.js';
import { DEFAULT_HEALTH_EXPECT, parseStatusSet } from '../../src/release/health/expect.js';
import { parseHealthUrl } from '../../src/release/health/health-url.js';
import { rollBack } from '../../src/steps/rollback/run.js';
import { VirtualClock } from '../../src/util/clock.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { keptOnGithub as githubWithKept } from '../helpers/kept-on-github.js';
import { KEPT_ZIP, keptOnGithub as kept, sha256 } from '../helpers/kept-on-github.js';
import { clientFor, inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { startFrontWithoutOperations, type Front } from '../helpers/front-without-operations.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
let front: Front;
let client: Client;

beforeAll(async () => {
  // The documented answers: an upload is answered without an operation.
  emulator = await startEmulator({ port: 0, clock, seed: seedWithApp, answers: 'documented', buildSeconds: 1 });
  front = await startFrontWithoutOperations(emulator.url);
  client = clientFor(front.url, clock);
});
afterAll(async () => {
  await client.close();
  await front.close();
  await emulator.close();
  removeWorkspaces();
});

const KEPT = KEPT_ZIP;
const keptOnGithub = (): GithubServices => kept({ app: EXISTING.app, environmentId: EXISTING.environmentId }).github;

describe('a rollback whose build cannot be followed', () => {
  it('the rollback step ends "started": archive uploaded once, a warning, no failure', async () => {
    emulator.reset();
    const { ctx, log, written } = testContext({ client, clock, github: keptOnGithub() });
    const uploadsBefore = emulator.state.uploads.length;
    await rollBack(ctx, {
      account: 'demo',
      app: EXISTING.app,
      environment: EXISTING.displayName,
      headlessUrl: `${front.url}/headless`,
      want: { kind: 'previous' },
      timeoutMs: 60_000,
      health: null,
    });
    expect(emulator.state.uploads.slice(uploadsBefore).map((u) => u.sha256)).toEqual([sha256(KEPT)]);
    expect(ctx.record.started).toBe(true);
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      expect.stringMatching(
        /^warning: rollback: the kept archive of run 700 was uploaded again, but its build could not be followed/,
      ),
    ]);
    expect(log.lines.some((l) => l.startsWith('notice: rolled back'))).toBe(false);
    expect(Object.fromEntries(written)['rolled-back-to']).toBe(`700:${sha256(KEPT)}`);
  });

  it('with health-url: the warning says its health was not checked, and nothing was checked', async () => {
    emulator.reset();
    const { ctx, log, written } = testContext({ client, clock, github: keptOnGithub() });
    await rollBack(ctx, {
      account: 'demo',
      app: EXISTING.app,
      environment: EXISTING.environmentId,
      headlessUrl: `${front.url}/headless`,
      want: { kind: 'run', runId: 701 },
      timeoutMs: 60_000,
      health: {
        url: parseHealthUrl(`${emulator.url}/__sites/{environment-id}/`),
        expect: parseStatusSet(DEFAULT_HEALTH_EXPECT),
        text: null,
        timeoutMs: 5_000,
      },
    });
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      expect.stringMatching(
        /^warning: rollback: the kept archive of run 701 was uploaded again, .*look in the portal whether it built \(its health was not checked\)$/,
      ),
    ]);
    expect(Object.fromEntries(written).health).toBeUndefined();
    expect(emulator.requests().some((r) => r.path.startsWith('/__sites/'))).toBe(false);
    expect(ctx.record.recap()).toContain('the build could not be followed');
    expect(ctx.record.details.get('rollback')).toEqual([
      ['rolled back to', `run 701, sha256 ${sha256(KEPT)} (artifact 9001)`],
      [
        'live now',
        expect.stringMatching(
          /^unknown: the archive kept by run 701 .* was uploaded to environment "production" \(0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015\), its build not followed$/,
        ),
      ],
    ]);
  });

  it("rollback-on-failure fails saying what is live is unknown, not that the rollback's build failed", async () => {
    emulator.reset();
    const { ctx } = testContext({ client, clock, github: keptOnGithub() });
    const uploadsBefore = emulator.state.uploads.length;
    const failed = new StepError('the build failed (operation x): "boom"');
    const d = { account: 'demo', app: EXISTING.app, timeoutMs: 60_000, health: null } as Partial<DeployInputs>;
    const err = await rollBackAfter(
      ctx,
      d as DeployInputs,
      { app: EXISTING.app, environmentId: EXISTING.environmentId, displayName: EXISTING.displayName, url: null },
      failed,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StepError);
    expect((err as StepError).outcome).toBe('failure');
    expect((err as StepError).message).toMatch(/rolled back, but the kept archive's build could not be followed/);
    expect((err as StepError).message).not.toMatch(/neither version is live/);
    expect(emulator.state.uploads.slice(uploadsBefore).map((u) => u.sha256)).toEqual([sha256(KEPT)]);
    expect(ctx.record.details.get('deploy')).toEqual([
      ['rolled back to', `run 701, sha256 ${sha256(KEPT)} (artifact 9001)`],
      [
        'live now',
        `unknown: the archive kept by run 701 (sha256 ${sha256(KEPT)}) was uploaded again to environment "production" (${EXISTING.environmentId}), but its build could not be followed`,
      ],
    ]);
  });
});

describe('a deploy whose build cannot be followed', () => {
  it('ends "started" with a warning, the GitHub Deployment left in progress with its url; nothing kept, no health checked', async () => {
    emulator.reset();
    const inputs = inputsOf(
      {
        ...emulatorAccess(front.url),
        account: 'demo',
        app: EXISTING.app,
        environment: EXISTING.displayName,
        'environment-url': 'https://{environment}.web.example.com',
        'health-url': 'url',
        'keep-archive': 'true',
        'github-deployment': 'true',
        'github-token': 'fake-github-token',
      },
      makeWorkspace(APP_FILES),
    );
    const { github, statuses } = githubWithKept({
      app: EXISTING.app,
      environmentId: EXISTING.environmentId,
      archives: [],
    });
    const { ctx, log, written } = testContext({ inputs, client, clock, github });
    const report = await runFlow(ctx);
    expect(report.status).toBe('started');
    expect(emulator.state.uploads).toHaveLength(1);
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      expect.stringMatching(
        /^warning: the zip was uploaded, but the build could not be followed: .*\(404\); status is "started"/,
      ),
    ]);
    expect(ctx.record.facts).toContain('the build could not be followed');
    expect(statuses).toEqual([
      'in_progress: deploying web to production',
      'in_progress: uploaded; the build could not be followed <https://production.web.example.com>',
    ]);
    const outputs = Object.fromEntries(written);
    expect(outputs.health).toBeUndefined();
    expect(outputs['archive-artifact-id']).toBeUndefined();
  });
});
