/**
 * A rollback whose upload the service takes without an operation, on a service that does not
 * know the environment's latest operation by name either (404 to every poll): the kept archive
 * was uploaded, so the rollback is neither repeated nor reported as a failed build. The rollback
 * step ends `started` with a warning; a deploy's `rollback-on-failure` fails saying that what is
 * live is unknown (not "neither version is live"). The deploy's own upload, on that service, ends
 * `started` the same way.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import type { GithubServices } from '../../src/github/services.js';
import { StepError } from '../../src/steps/common/step-error.js';
import { rollBackAfter } from '../../src/steps/deploy/roll-back-after.js';
import type { DeployInputs } from '../../src/steps/deploy/step.js';
import type { ListedArtifact } from '../../src/steps/deploy/keep/pick-kept.js';
import { rollBack } from '../../src/steps/rollback/run.js';
import { VirtualClock } from '../../src/util/clock.js';
import { runFlow } from '../../src/flow/run-flow.js';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { keptOnGithub as githubWithKept } from '../helpers/kept-on-github.js';
import { clientFor, inputsOf, testContext } from '../helpers/step-context.js';
import { storedZip } from '../helpers/stored-zip.js';
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

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const KEPT = storedZip([
  { name: 'package.json', data: '{"name":"web","private":true}\n' },
  { name: 'index.html', data: '<h1>kept</h1>\n' },
]);
const NAME = `headless-deploy-${EXISTING.app}-${EXISTING.environmentId}`;

/** GitHub as a rollback sees it: two archives kept by runs 700 and 701, the bytes of each. */
function keptOnGithub(): GithubServices {
  const listing: ListedArtifact[] = [700, 701].map((runId, i) => ({
    id: 9000 + i,
    name: NAME,
    expired: false,
    created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    workflow_run: { id: runId },
    digest: null,
  }));
  const manifest = (runId: number) => ({
    version: 1,
    app: EXISTING.app,
    environmentId: EXISTING.environmentId,
    sha256: sha256(KEPT),
    bytes: KEPT.length,
    runId: String(runId),
  });
  return {
    runId: 702,
    kept: {
      list: async (name) => listing.filter((a) => a.name === name),
      download: async (a, dir) => {
        writeFileSync(join(dir, 'archive.zip'), KEPT);
        writeFileSync(join(dir, 'headless-deploy-manifest.json'), JSON.stringify(manifest(a.workflow_run!.id!)));
        return { digestMismatch: false };
      },
    },
  } as Partial<GithubServices> as GithubServices;
}

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
    expect(ctx.journal.started).toBe(true);
    expect(log.lines.filter((l) => l.startsWith('warning: '))).toEqual([
      expect.stringMatching(
        /^warning: rollback: the kept archive of run 700 was uploaded again, but its build could not be followed/,
      ),
    ]);
    expect(log.lines.some((l) => l.startsWith('notice: rolled back'))).toBe(false);
    expect(Object.fromEntries(written)['rolled-back-to']).toBe(`700:${sha256(KEPT)}`);
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
  });
});

describe('a deploy whose build cannot be followed', () => {
  it('ends "started" with a warning, the GitHub Deployment left in progress with its url; nothing kept, no health checked', async () => {
    emulator.reset();
    const inputs = inputsOf(
      {
        'api-user-id': 'demo-user',
        'api-password': 'demo-password',
        'headless-api-url': `${front.url}/headless`,
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
    expect(ctx.journal.facts.map((f) => f.text)).toContain('the build could not be followed');
    expect(statuses).toEqual([
      'in_progress: deploying web to production',
      'in_progress: uploaded; the build could not be followed <https://production.web.example.com>',
    ]);
    const outputs = Object.fromEntries(written);
    expect(outputs.health).toBeUndefined();
    expect(outputs['archive-artifact-id']).toBeUndefined();
  });
});
