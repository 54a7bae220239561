/**
 * The delete step in-process (runFlow against the emulator, one virtual clock): what it asks of
 * the service in a dry run, for an app that does not exist, and for a preview that does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { ANSWER_SETS } from '../../emulator/answers.js';
import type { Environment } from '../../src/api/types.js';
import type { GithubServices } from '../../src/github/services.js';
import { stepInputs } from '../../src/engine/run-inputs.js';
import { deleteMatching } from '../../src/step-kit/delete-matching.js';
import { clientFor, inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { PREVIEWS, previewSeed } from '../helpers/preview-seed.js';
import { cancelledInFlight, refusal, steeredClient, type SteeredClient } from '../helpers/steered-client.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, clock, buildSeconds: 1 });
  client = clientFor(emulator.url, clock);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

function inputs(extra: Record<string, string> = {}) {
  return inputsOf(
    {
      ...emulatorAccess(emulator.url),
      account: 'demo',
      app: 'shop',
      environment: 'pr-3',
      'delete-environment': 'true',
      ...extra,
    },
    '/',
  );
}

async function makePreview(displayName: string): Promise<string> {
  await client.createApp({ account: 'demo', app: 'shop', region: 'US-C' });
  const op = await client.createEnvironment({ account: 'demo', app: 'shop' }, { displayName, branch: 'uploadable' });
  return /\/environments\/([^/]+)\//.exec(op!.name)![1]!;
}

const mutations = () => emulator.requests().filter((r) => r.method !== 'GET');

describe('delete step', () => {
  it('deletes a preview and says so', async () => {
    const id = await makePreview('pr-3');
    const { ctx, outputs } = testContext({ inputs: inputs(), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');
    expect(outputs.values()['environment-deleted']).toBe('true');
    expect(mutations().map((r) => `${r.method} ${r.path}`)).toContain(
      `DELETE /headless/v1/accounts/demo/apps/shop/environments/${id}`,
    );
    expect(emulator.state.environments).toEqual([]);
    expect(report.steps[0]!.details).toContainEqual(['environment', `pr-3 (id ${id})`]);
  });

  it('in a dry run, looks the environment up and changes nothing', async () => {
    await makePreview('pr-3');
    const before = mutations().length;
    const { ctx, log, outputs } = testContext({ inputs: inputs({ 'dry-run': 'true' }), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('planned');
    expect(mutations()).toHaveLength(before);
    expect(emulator.state.environments.map((e) => e.displayName)).toEqual(['pr-3']);
    expect(log.lines.join('\n')).toContain('would delete environment "pr-3"');
    expect(outputs.values()['environment-deleted']).toBeUndefined();
  });

  it('treats a missing app as an environment already gone', async () => {
    const { ctx, log, outputs } = testContext({ inputs: inputs(), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('success');
    expect(outputs.values()['environment-deleted']).toBe('false');
    expect(log.lines).toContain(
      'notice: app "shop" was not found, so environment "pr-3" is already gone; nothing to delete',
    );
    expect(mutations()).toEqual([]);
  });

  it('refuses, before the DELETE, an id whose display name is outside the pattern', async () => {
    const id = await makePreview('production-ish');
    const before = mutations().length;
    const { ctx } = testContext({ inputs: inputs({ environment: id }), client, clock });
    const report = await runFlow(ctx);
    expect(report.status).toBe('failure');
    expect(report.error).toContain(`refusing to delete environment "production-ish" (id ${id})`);
    expect(mutations()).toHaveLength(before);
  });
});

/**
 * Against an app whose names start one another (pr-1, pr-12; an id of pr-1 that starts pr-12's),
 * under both answer sets (under `documented` a DELETE is answered 204 with no body), with the
 * look-ups and the DELETE refused in turn: only a 404 means "already gone".
 */
describe.each(ANSWER_SETS)('delete step, names that start one another (answers: %s)', (answers) => {
  const clock = new VirtualClock(Date.UTC(2026, 10, 1));
  let emulator: RunningEmulator;
  let steered: SteeredClient;
  /** The names GitHub Deployments were marked inactive under, and how many each had. */
  let deactivated: string[];
  const github = {
    deactivateDeployments: async (name: string) => {
      deactivated.push(name);
      return name === 'pr-1' ? 2 : 0;
    },
  } as Partial<GithubServices> as GithubServices;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, clock, answers, seed: previewSeed, buildSeconds: 1 });
    steered = steeredClient(emulator.url, clock);
  });
  afterAll(async () => {
    await steered.close();
    await emulator.close();
  });
  beforeEach(() => {
    emulator.reset();
    steered.reset();
    deactivated = [];
  });

  const ENVS = '/headless/v1/accounts/demo/apps/shop/environments';
  const left = () => emulator.state.environments.map((e) => e.displayName).sort();
  const deletes = () =>
    emulator
      .requests()
      .filter((r) => r.method === 'DELETE')
      .map((r) => r.path);

  async function run(extra: Record<string, string>, over: { signal?: AbortSignal; github?: GithubServices } = {}) {
    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        account: 'demo',
        app: 'shop',
        'delete-environment': 'true',
        ...extra,
      },
      '/',
    );
    const signal = over.signal ?? new AbortController().signal;
    const t = testContext({ inputs, client: steered.client, clock, github: over.github ?? github, signal });
    const report = await runFlow(t.ctx);
    return { ...t, report, deleted: t.outputs.values()['environment-deleted'] };
  }

  it('pr-1 by name: deletes pr-1 alone, never pr-12, and says so', async () => {
    const { report, deleted, log, ctx } = await run({ environment: 'pr-1' });
    expect(report.status).toBe('success');
    expect(deleted).toBe('true');
    expect(deletes()).toEqual([`${ENVS}/${PREVIEWS.pr1.id}`]);
    expect(left()).toEqual(['pr-12', 'staging']);
    expect(log.lines).toContain(`environment "pr-1" (id ${PREVIEWS.pr1.id}) of app "shop" deleted`);
    expect(ctx.record.recap()).toBe('done so far: environment "pr-1" deleted');
    expect(report.steps[0]!.details).toEqual([['environment', `pr-1 (id ${PREVIEWS.pr1.id})`]]);
  });

  it('pr-1 by its id, which starts the id of pr-12: deletes pr-1 alone', async () => {
    const { report, deleted } = await run({ environment: PREVIEWS.pr1.id });
    expect(report.status).toBe('success');
    expect(deleted).toBe('true');
    expect(deletes()).toEqual([`${ENVS}/${PREVIEWS.pr1.id}`]);
    expect(left()).toEqual(['pr-12', 'staging']);
  });

  it('pr-12 by name: deletes pr-12 alone', async () => {
    await run({ environment: 'pr-12' });
    expect(deletes()).toEqual([`${ENVS}/${PREVIEWS.pr12.id}`]);
    expect(left()).toEqual(['pr-1', 'staging']);
  });

  it('an id whose display name the pattern does not match: refused before the DELETE, naming pattern and input', async () => {
    const { report, deleted } = await run({ environment: PREVIEWS.pr1.id, 'delete-pattern': 'pr-1?' });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(
      new RegExp(
        `^delete failed: refusing to delete environment "pr-1" \\(id ${PREVIEWS.pr1.id}\\) of app "shop": its display name does not match delete-pattern "pr-1\\?"; nothing was deleted \\(check the environment input, or widen delete-pattern\\)\\n`,
      ),
    );
    expect(deleted).toBeUndefined();
    expect(deletes()).toEqual([]);
    expect(left()).toEqual(['pr-1', 'pr-12', 'staging']);
  });

  it('a name no environment of the app has: already gone, a notice, nothing deleted', async () => {
    const { report, deleted, log } = await run({ environment: 'pr-2' });
    expect(report.status).toBe('success');
    expect(deleted).toBe('false');
    expect(log.lines).toContain(
      'notice: environment "pr-2" of app "shop" is already gone (not found); nothing to delete',
    );
    expect(report.steps[0]!.details).toEqual([['environment', 'already gone']]);
    expect(deletes()).toEqual([]);
    expect(left()).toEqual(['pr-1', 'pr-12', 'staging']);
  });

  describe.each([
    ['the list, for a name', 'pr-1', `GET ${ENVS}`],
    ['the environment, for an id', PREVIEWS.pr1.id, `GET ${ENVS}/${PREVIEWS.pr1.id}`],
  ])('the look-up of %s', (_, environment, route) => {
    it.each([401, 403, 429, 500, 503])('refused with %i: a failure naming it, not "already gone"', async (status) => {
      steered.steer(route, refusal(status));
      const { report, deleted, log } = await run({ environment });
      expect(steered.steered.length).toBeGreaterThan(0);
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/^delete failed: /);
      expect(report.error).toContain(String(status));
      expect(report.error).not.toMatch(/already gone|not found/);
      expect(log.lines.join('\n')).not.toMatch(/already gone/);
      expect(deleted).toBeUndefined();
      expect(deletes()).toEqual([]);
      expect(left()).toEqual(['pr-1', 'pr-12', 'staging']);
    });
  });

  it.each([401, 403, 500, 503])(
    'the DELETE refused with %i: a failure naming it and the environment, not "deleted"',
    async (status) => {
      steered.steer(`DELETE ${ENVS}/${PREVIEWS.pr1.id}`, refusal(status));
      const { report, deleted } = await run({ environment: 'pr-1' });
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/^delete failed: /);
      expect(report.error).toContain(String(status));
      expect(deleted).toBeUndefined();
      expect(left()).toEqual(['pr-1', 'pr-12', 'staging']);
    },
  );

  it('a DELETE answered 404 at once: someone else deleted it meanwhile, "false" and a notice', async () => {
    steered.steer(`DELETE ${ENVS}/${PREVIEWS.pr1.id}`, refusal(404));
    const { report, deleted, log, ctx } = await run({ environment: 'pr-1' });
    expect(report.status).toBe('success');
    expect(deleted).toBe('false');
    expect(log.lines).toContain(
      `notice: environment "pr-1" (id ${PREVIEWS.pr1.id}) was deleted by someone else meanwhile; nothing to delete`,
    );
    expect(ctx.record.recap()).toBe('nothing had been changed yet');
  });

  it('a DELETE whose answer was lost, then 404 on the repeat: our own delete went through, "true"', async () => {
    let attempts = 0;
    steered.steer(`DELETE ${ENVS}/${PREVIEWS.pr1.id}`, async (real) => {
      const answer = await real();
      attempts += 1;
      return attempts === 1 ? refusal(502)() : answer;
    });
    const { report, deleted, log } = await run({ environment: 'pr-1' });
    expect(report.status).toBe('success');
    expect(attempts).toBe(2);
    expect(deleted).toBe('true');
    expect(log.lines).toContain(`environment "pr-1" (id ${PREVIEWS.pr1.id}) of app "shop" deleted`);
    expect(left()).toEqual(['pr-12', 'staging']);
  });

  describe('cancelled', () => {
    it('during the look-up: the listing is given up, the error names the look-up, nothing deleted', async () => {
      const cancel = new AbortController();
      const unheard: string[] = [];
      steered.steer(`GET ${ENVS}`, cancelledInFlight(cancel, unheard));
      const { report, deleted } = await run({ environment: 'pr-1' }, { signal: cancel.signal });
      expect(steered.steered).toEqual([`GET ${ENVS}`]);
      expect(unheard).toEqual([]);
      expect(report.status).toBe('cancelled');
      expect(report.error!.split('\n')[0]).toBe('delete cancelled: cancelled while looking up environment "pr-1"');
      expect(deleted).toBeUndefined();
      expect(deletes()).toEqual([]);
    });

    it('while the DELETE is in flight: the request is given up, the error names the environment and its id', async () => {
      const cancel = new AbortController();
      const unheard: string[] = [];
      const route = `DELETE ${ENVS}/${PREVIEWS.pr1.id}`;
      steered.steer(route, cancelledInFlight(cancel, unheard));
      const { report, deleted } = await run({ environment: 'pr-1' }, { signal: cancel.signal });
      expect(steered.steered).toEqual([route]);
      expect(unheard).toEqual([]);
      expect(report.status).toBe('cancelled');
      expect(report.error!.split('\n')[0]).toBe(
        `delete cancelled: cancelled while deleting environment "pr-1" (id ${PREVIEWS.pr1.id})`,
      );
      expect(deleted).toBeUndefined();
      expect(left()).toEqual(['pr-1', 'pr-12', 'staging']);
    });
  });

  describe('GitHub Deployments', () => {
    it('marked inactive under the input and the display name, when they differ, and counted', async () => {
      const { report } = await run({ environment: PREVIEWS.pr1.id, 'github-deployment': 'true', 'github-token': 't' });
      expect(report.status).toBe('success');
      expect(deactivated).toEqual([PREVIEWS.pr1.id, 'pr-1']);
      expect(report.steps[0]!.details).toContainEqual(['GitHub Deployments marked inactive', '2']);
    });

    it('marked inactive once when the input is the display name', async () => {
      await run({ environment: 'pr-1', 'github-deployment': 'true', 'github-token': 't' });
      expect(deactivated).toEqual(['pr-1']);
    });

    it('none found: no line in the summary', async () => {
      const { report } = await run({ environment: 'pr-12', 'github-deployment': 'true', 'github-token': 't' });
      expect(deactivated).toEqual(['pr-12']);
      expect((report.steps[0]!.details ?? []).map(([label]) => label)).toEqual(['environment']);
    });

    it('for an environment already gone, under the input', async () => {
      const { report } = await run({ environment: 'pr-1', 'github-deployment': 'true', 'github-token': 't' });
      expect(report.status).toBe('success');
      deactivated = [];
      const again = await run({ environment: 'pr-1', 'github-deployment': 'true', 'github-token': 't' });
      expect(again.deleted).toBe('false');
      expect(deactivated).toEqual(['pr-1']);
      expect(again.report.steps[0]!.details).toEqual([
        ['environment', 'already gone'],
        ['GitHub Deployments marked inactive', '2'],
      ]);
    });

    it('a GitHub client that throws while marking: the error says the delete got that far', async () => {
      const throwing = {
        deactivateDeployments: () => Promise.reject(new Error('simulated: the GitHub client broke')),
      } as Partial<GithubServices> as GithubServices;
      const { report, deleted } = await run(
        { environment: 'pr-1', 'github-deployment': 'true', 'github-token': 't' },
        { github: throwing },
      );
      expect(report.status).toBe('failure');
      expect(report.error).toMatch(/^delete failed: .*marking the GitHub Deployments inactive/);
      expect(report.error).toContain('simulated: the GitHub client broke');
      expect(deleted).toBe('true');
      expect(left()).toEqual(['pr-12', 'staging']);
    });

    it('left alone without github-deployment, and in a dry run', async () => {
      await run({ environment: 'pr-1' });
      await run({ environment: 'pr-2', 'github-deployment': 'true', 'github-token': 't', 'dry-run': 'true' });
      await run({ environment: 'pr-12', 'github-deployment': 'true', 'github-token': 't', 'dry-run': 'true' });
      expect(deactivated).toEqual([]);
      expect(left()).toEqual(['pr-12', 'staging']);
    });
  });

  it('deleteMatching refuses to send a DELETE in a dry run', async () => {
    const inputs = inputsOf(
      {
        ...emulatorAccess(emulator.url),
        account: 'demo',
        app: 'shop',
        environment: 'pr-1',
        'delete-environment': 'true',
        'dry-run': 'true',
      },
      '/',
    );
    const { ctx } = testContext({ inputs, client: steered.client, clock });
    const env = emulator.state.environments.find((e) => e.displayName === 'pr-1')!;
    const d = stepInputs(inputs, 'delete')!;
    await expect(
      deleteMatching(ctx, {
        ...d,
        env: { name: `accounts/demo/apps/shop/environments/${env.id}`, displayName: 'pr-1' } as Environment,
        advice: 'x',
      }),
    ).rejects.toThrow('a dry run reached the DELETE of environment "pr-1"');
    expect(deletes()).toEqual([]);
  });
});
