/**
 * The delete step in-process (runFlow against the emulator, one virtual clock), against an app
 * whose names start one another (pr-1, pr-12; an id of pr-1 that starts pr-12's), under both
 * answer sets (under `documented` a DELETE is answered 204 with no body): what it deletes, what it
 * refuses before the DELETE, a dry run, an app that does not exist, the DELETE refused, lost or
 * cancelled, and the GitHub Deployments it marks inactive. (A refused look-up is never "already
 * gone": lookup-refusals.test.ts.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ANSWER_SETS } from '../../emulator/config/answers.js';
import type { Environment } from '../../src/api/types.js';
import { stepInputs } from '../../src/engine/run-inputs.js';
import type { GithubServices } from '../../src/github/services.js';
import { deleteMatching } from '../../src/step-kit/delete-matching.js';
import { inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { PREVIEWS, previewSeed } from '../helpers/preview-seed.js';
import { cancelledInFlight, refusal } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';

const ENVS = '/headless/v1/accounts/demo/apps/shop/environments';
const PR1 = `${ENVS}/${PREVIEWS.pr1.id}`;
const ALL = ['pr-1', 'pr-12', 'staging'];
const GITHUB = { 'github-deployment': 'true', 'github-token': 't' };

describe.each(ANSWER_SETS)('the delete step (answers: %s)', (answers) => {
  const f = useFlow(
    { answers, seed: previewSeed, buildSeconds: 1 },
    { inputs: () => ({ app: 'shop', 'delete-environment': 'true' }) },
  );
  /** The names GitHub Deployments were marked inactive under, and how many each had. */
  let deactivated: string[];
  const github = {
    deactivateDeployments: async (name: string) => (deactivated.push(name), name === 'pr-1' ? 2 : 0),
  } as Partial<GithubServices> as GithubServices;
  beforeEach(() => (deactivated = []));

  const run = (values: Record<string, string>, over: { signal?: AbortSignal; github?: GithubServices } = {}) =>
    f.run(values, { github, ...over });
  const left = () => f.emulator.state.environments.map((e) => e.displayName).sort();
  const deletes = () => f.writes().filter((w) => w.startsWith('DELETE'));

  it.each([
    ['pr-1 by name', 'pr-1', PREVIEWS.pr1.id, ['pr-12', 'staging']],
    ['pr-1 by its id, which starts the id of pr-12', PREVIEWS.pr1.id, PREVIEWS.pr1.id, ['pr-12', 'staging']],
    ['pr-12 by name', 'pr-12', PREVIEWS.pr12.id, ['pr-1', 'staging']],
  ])('%s: deletes it alone, and says so', async (_, environment, id, rest) => {
    const { report, out, lines, ctx } = await run({ environment });
    expect(report.status).toBe('success');
    expect(out['environment-deleted']).toBe('true');
    expect(deletes()).toEqual([`DELETE ${ENVS}/${id}`]);
    expect(left()).toEqual(rest);
    const name = id === PREVIEWS.pr1.id ? 'pr-1' : 'pr-12';
    expect(lines).toContain(`environment "${name}" (id ${id}) of app "shop" deleted`);
    expect(ctx.record.recap()).toBe(`done so far: environment "${name}" deleted`);
    expect(report.steps[0]!.details).toEqual([['environment', `${name} (id ${id})`]]);
  });

  it.each([
    ['pr-1', PREVIEWS.pr1.id, 'pr-1?'],
    ['staging', PREVIEWS.staging.id, 'pr-*'],
  ])('%s by an id, its display name outside the pattern: refused before the DELETE', async (name, id, pattern) => {
    const { report, out } = await run({
      environment: id,
      ...(pattern === 'pr-*' ? {} : { 'delete-pattern': pattern }),
    });
    expect(report.status).toBe('failure');
    expect(report.error).toContain(
      `refusing to delete environment "${name}" (id ${id}) of app "shop": its display name`,
    );
    expect(report.error).toContain(`does not match delete-pattern "${pattern}"; nothing was deleted`);
    expect(out['environment-deleted']).toBeUndefined();
    expect(deletes()).toEqual([]);
    expect(left()).toEqual(ALL);
  });

  it.each([
    [
      'a name no environment of the app has',
      'shop',
      'notice: environment "pr-2" of app "shop" is already gone (not found)',
    ],
    [
      'an app that does not exist',
      'basket',
      'notice: app "basket" was not found, so environment "pr-2" is already gone',
    ],
  ])('%s: already gone, a notice, nothing deleted', async (_, app, notice) => {
    const { report, out, lines } = await run({ app, environment: 'pr-2' });
    expect(report.status).toBe('success');
    expect(out['environment-deleted']).toBe('false');
    expect(lines).toContain(`${notice}; nothing to delete`);
    expect(report.steps[0]!.details).toEqual([['environment', 'already gone']]);
    expect(f.writes()).toEqual([]);
  });

  it('in a dry run, looks the environment up, says what it would delete and changes nothing', async () => {
    const { report, out, lines } = await run({ environment: 'pr-1', 'dry-run': 'true', ...GITHUB });
    expect(report.status).toBe('planned');
    expect(lines).toContain(`would delete environment "pr-1" (id ${PREVIEWS.pr1.id}) of app "shop"`);
    expect(out['environment-deleted']).toBeUndefined();
    expect(f.writes()).toEqual([]);
    expect(deactivated).toEqual([]);
  });

  it.each([401, 403, 500, 503])('the DELETE refused with %i: a failure naming it, not "deleted"', async (status) => {
    f.steered.steer(`DELETE ${PR1}`, refusal(status));
    const { report, out } = await run({ environment: 'pr-1' });
    expect(report.status).toBe('failure');
    expect(report.error).toMatch(new RegExp(`^delete failed: .*${status}`));
    expect(out['environment-deleted']).toBeUndefined();
    expect(left()).toEqual(ALL);
  });

  it('a DELETE answered 404 at once: someone else deleted it meanwhile, "false" and a notice', async () => {
    f.steered.steer(`DELETE ${PR1}`, refusal(404));
    const { report, out, lines, ctx } = await run({ environment: 'pr-1' });
    expect(report.status).toBe('success');
    expect(out['environment-deleted']).toBe('false');
    expect(lines).toContainEqual(
      expect.stringMatching(/^notice: environment "pr-1" .* deleted by someone else meanwhile/),
    );
    expect(ctx.record.recap()).toBe('nothing had been changed yet');
  });

  it('a DELETE whose answer was lost, then 404 on the repeat: our own delete went through, "true"', async () => {
    let attempts = 0;
    f.steered.steer(`DELETE ${PR1}`, async (real) => {
      const answer = await real();
      return ++attempts === 1 ? refusal(502)() : answer;
    });
    const { report, out, lines } = await run({ environment: 'pr-1' });
    expect(report.status).toBe('success');
    expect(attempts).toBe(2);
    expect(out['environment-deleted']).toBe('true');
    expect(lines).toContain(`environment "pr-1" (id ${PREVIEWS.pr1.id}) of app "shop" deleted`);
    expect(left()).toEqual(['pr-12', 'staging']);
  });

  it.each([
    ['during the look-up', `GET ${ENVS}`, 'looking up environment "pr-1"'],
    ['while the DELETE is in flight', `DELETE ${PR1}`, `deleting environment "pr-1" (id ${PREVIEWS.pr1.id})`],
  ])('cancelled %s: the request is given up, the error says what was being done', async (_, route, doing) => {
    const cancel = new AbortController();
    const unheard: string[] = [];
    f.steered.steer(route, cancelledInFlight(cancel, unheard));
    const { report, out, firstLine } = await run({ environment: 'pr-1' }, { signal: cancel.signal });
    expect(f.steered.steered).toEqual([route]);
    expect(unheard).toEqual([]);
    expect(report.status).toBe('cancelled');
    expect(firstLine).toBe(`delete cancelled: cancelled while ${doing}`);
    expect(out['environment-deleted']).toBeUndefined();
    expect(left()).toEqual(ALL);
  });

  describe('GitHub Deployments', () => {
    it.each([
      ['under the input and the display name, when they differ', PREVIEWS.pr1.id, [PREVIEWS.pr1.id, 'pr-1'], '2'],
      ['once when the input is the display name', 'pr-1', ['pr-1'], '2'],
      ['none found: no line in the summary', 'pr-12', ['pr-12'], null],
    ])('marked inactive %s, and counted', async (_, environment, names, count) => {
      const { report } = await run({ environment, ...GITHUB });
      expect(report.status).toBe('success');
      expect(deactivated).toEqual(names);
      expect(report.steps[0]!.details!.slice(1)).toEqual(count ? [['GitHub Deployments marked inactive', count]] : []);
    });

    it('for an environment already gone, under the input', async () => {
      await run({ environment: 'pr-1', ...GITHUB });
      deactivated = [];
      const again = await run({ environment: 'pr-1', ...GITHUB });
      expect(again.out['environment-deleted']).toBe('false');
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
      const { report, out } = await run({ environment: 'pr-1', ...GITHUB }, { github: throwing });
      expect(report.error).toMatch(/^delete failed: .*marking the GitHub Deployments inactive/);
      expect(report.error).toContain('simulated: the GitHub client broke');
      expect(out['environment-deleted']).toBe('true');
      expect(left()).toEqual(['pr-12', 'staging']);
    });

    it('left alone without github-deployment, and in a dry run', async () => {
      await run({ environment: 'pr-1' });
      await run({ environment: 'pr-2', ...GITHUB, 'dry-run': 'true' });
      expect(deactivated).toEqual([]);
      expect(left()).toEqual(['pr-12', 'staging']);
    });
  });

  it('deleteMatching refuses to send a DELETE in a dry run', async () => {
    const values = { ...emulatorAccess(f.emulator.url), account: 'demo', app: 'shop', environment: 'pr-1' };
    const inputs = inputsOf({ ...values, 'delete-environment': 'true', 'dry-run': 'true' }, '/');
    const { ctx } = testContext({ inputs, client: f.steered.client, clock: f.clock });
    const env = { name: `accounts/demo/apps/shop/environments/${PREVIEWS.pr1.id}`, displayName: 'pr-1' } as Environment;
    await expect(deleteMatching(ctx, { ...stepInputs(inputs, 'delete')!, env, advice: 'x' })).rejects.toThrow(
      'a dry run reached the DELETE of environment "pr-1"',
    );
    expect(deletes()).toEqual([]);
  });
});
