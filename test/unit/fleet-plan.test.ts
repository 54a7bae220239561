/**
 * The fleet at work: the plan (which targets, which waves, GitHub's matrix limit), the files
 * changed since a ref (a throwaway git repository), a target's inputs layered under the step's
 * own (through readInputs, as both doors read them), and the GitLab child pipeline.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readCommandLineInputs } from '../../src/doors/cli/cli-door.js';
import { parseCommandLine } from '../../src/doors/cli/flags.js';
import { gitlabPipeline } from '../../src/doors/cli/gitlab-pipeline.js';
import { parsePlanArgs } from '../../src/doors/cli/plan-command.js';
import { readDoc } from '../support/doc-blocks.js';
import { InputError, readInputs } from '../../src/engine/read-inputs.js';
import { stepInputs } from '../../src/engine/run-inputs.js';
import { parseFleet, type Fleet } from '../../src/inputs/fleet/parse-fleet.js';
import { GITHUB_MATRIX_LIMIT, planFleet, planOutputs } from '../../src/inputs/fleet/plan-fleet.js';
import { changedSince } from '../../src/steps/fleet-plan/changed-files.js';
import { useTempDir } from './helpers/temp-dir.js';

const fleetOf = (targets: object[], defaults: object = {}): Fleet => {
  const parsed = parseFleet(JSON.stringify({ defaults, targets }), 'fleet.json');
  if (!parsed.fleet) throw new Error(parsed.problems.join('\n'));
  return parsed.fleet;
};
const FLEET = fleetOf([
  { name: 'shop-prod', app: 'shop', environment: 'production', path: 'apps/shop', wave: 10 },
  { name: 'shop-stg', app: 'shop', environment: 'staging', path: 'apps/shop' },
  {
    name: 'blog-prod',
    app: 'blog',
    environment: 'production',
    path: 'apps/blog',
    wave: 2,
    watch: ['apps/blog/**', 'lib/**'],
  },
]);
const names = (changed: string[] | null) => planFleet(FLEET, changed, 'fleet.json').entries.map((e) => e.target);

describe('planFleet', () => {
  it('orders waves by number (10 after 2), leaves empty ones out, and carries only target, wave, app, environment', () => {
    const plan = planFleet(FLEET, null, 'fleet.json');
    expect(plan.waves.map((w) => w.map((e) => e.target))).toEqual([['shop-stg'], ['blog-prod'], ['shop-prod']]);
    const out = planOutputs(plan);
    expect(JSON.parse(out.matrix)).toEqual({
      include: [
        { target: 'shop-stg', wave: 1, app: 'shop', environment: 'staging' },
        { target: 'blog-prod', wave: 2, app: 'blog', environment: 'production' },
        { target: 'shop-prod', wave: 10, app: 'shop', environment: 'production' },
      ],
    });
    expect(JSON.parse(out.waves).map((m: { include: unknown[] }) => m.include.length)).toEqual([1, 1, 1]);
    expect(out.targets).toBe(3);
    expect(planOutputs(planFleet(FLEET, ['apps/blog/a.js'], 'fleet.json')).waves).toBe(
      JSON.stringify([{ include: [{ target: 'blog-prod', wave: 2, app: 'blog', environment: 'production' }] }]),
    );
  });

  it.each([
    [['apps/blog/x.js'], ['blog-prod']],
    [['lib/util.js'], ['blog-prod']],
    [['apps/shop/.env.example'], ['shop-stg', 'shop-prod']],
    [['apps/shopping/a.js', 'README.md'], []],
    [['fleet.json'], ['shop-stg', 'blog-prod', 'shop-prod']],
    [[], []],
  ])('changed %j plans %j', (changed, planned) => {
    expect(names(changed)).toEqual(planned);
  });

  it(`refuses more than ${GITHUB_MATRIX_LIMIT} targets in one wave, naming GitHub's limit; as many is fine`, () => {
    const many = (n: number) =>
      fleetOf(Array.from({ length: n }, (_, i) => ({ name: `t${i}`, app: 'a', environment: `e${i}`, wave: 3 })));
    expect(planFleet(many(GITHUB_MATRIX_LIMIT), null, 'f').entries).toHaveLength(GITHUB_MATRIX_LIMIT);
    expect(() => planFleet(many(GITHUB_MATRIX_LIMIT + 1), null, 'f')).toThrow(
      /wave 3 .* 257 targets, more than the 256 jobs GitHub Actions runs from one matrix/,
    );
  });
});

describe('changedSince (git diff REF...HEAD)', () => {
  const tmp = useTempDir('fleet-git-');
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: tmp.dir,
        encoding: 'utf8',
      },
    );
  const commit = (files: Record<string, string>, message: string) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(tmp.dir, name, '..'), { recursive: true });
      writeFileSync(join(tmp.dir, name), text);
    }
    git('add', '-A');
    git('commit', '-qm', message);
  };

  it('lists what the branch changed since it left the ref, renames on both sides, not the ref’s own later commits nor the work tree', async () => {
    git('init', '-q', '-b', 'main');
    commit({ 'apps/shop/a.js': '1', 'apps/blog/b.js': '1', 'apps/old/c.js': '1' }, 'base');
    git('checkout', '-qb', 'feature');
    commit({ 'apps/shop/a.js': '2' }, 'shop');
    git('mv', 'apps/old/c.js', 'apps/new-place.js');
    git('commit', '-qm', 'move');
    git('checkout', '-q', 'main');
    commit({ 'apps/blog/b.js': '2' }, 'blog on main');
    git('checkout', '-q', 'feature');
    writeFileSync(join(tmp.dir, 'apps/blog/b.js'), 'uncommitted');
    expect((await changedSince(tmp.dir, 'main')).sort()).toEqual([
      'apps/new-place.js',
      'apps/old/c.js',
      'apps/shop/a.js',
    ]);
  });

  it.each([
    [
      'an unknown ref',
      'nope',
      /"nope" is not a commit of this checkout; fetch it first \(actions\/checkout with fetch-depth: 0/,
    ],
    ['a ref that looks like an option', '--output=/tmp/x', /is not a git ref/],
  ])('refuses %s', async (_, ref, message) => {
    git('init', '-q');
    commit({ a: '1' }, 'one');
    await expect(changedSince(tmp.dir, ref)).rejects.toThrow(message);
  });

  it('says a workspace that is no checkout needs one', async () => {
    await expect(changedSince(tmp.dir, 'main')).rejects.toThrow(/needs a git checkout/);
  });
});

describe('fleet + target, through readInputs', () => {
  const tmp = useTempDir('fleet-inputs-');
  const FILE = {
    defaults: { account: 'acme', 'headless-api-url': 'https://h.example.com', timeout: '20m', wait: false },
    targets: [
      { name: 'shop-production', app: 'shop', environment: 'production', path: 'apps/shop', with: { timeout: '45m' } },
      { name: 'blog-staging', app: 'blog', environment: 'staging' },
    ],
  };
  const read = (step: Record<string, string>, fleet: object = FILE) => {
    writeFileSync(join(tmp.dir, 'fleet.json'), JSON.stringify(fleet));
    const values: Record<string, string> = { 'api-user-id': 'u', 'api-password': 'p', fleet: 'fleet.json', ...step };
    return readInputs((name) => values[name], tmp.dir);
  };
  const problemsOf = (step: Record<string, string>) => {
    try {
      read(step);
      return '';
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as Error).message;
    }
  };

  it('layers defaults, then the target’s fields and with, then the step’s own inputs, which win', () => {
    const inputs = read({ target: 'shop-production', wait: 'true' });
    expect([inputs.account, inputs.app, inputs.environment]).toEqual(['acme', 'shop', 'production']);
    const deploy = stepInputs(inputs, 'deploy')!;
    expect(deploy.timeoutMs).toBe(45 * 60_000);
    expect(deploy.wait).toBe(true);
    expect(deploy.path).toBe('apps/shop');
    const other = stepInputs(read({ target: 'blog-staging', timeout: '5m' }), 'deploy')!;
    expect([other.timeoutMs, other.wait, other.path]).toEqual([5 * 60_000, false, '.']);
  });

  it.each([
    [
      { target: 'shop-prodution' },
      /input "target": "shop-prodution" is not a target of fleet\.json; did you mean "shop-production"\?/,
    ],
    [{ target: 'zzz' }, /its targets are "shop-production", "blog-staging"/],
    [{ target: 'blog-staging', fleet: '' }, /input "target" needs "fleet"/],
    [{}, /input "fleet" needs "target"/],
    [{ target: 'blog-staging', 'fleet-plan': 'true' }, /leave "target" out of the plan step/],
    [{ target: 'blog-staging', fleet: 'nope.json' }, /input "fleet": "nope\.json" does not exist/],
    [{ 'fleet-plan': 'true', 'changed-since': '--output=x' }, /input "changed-since": "--output=x" is not a git ref/],
  ])('refuses %j before any request', (step, message) => {
    expect(problemsOf(step)).toMatch(message);
  });

  it('warns of an input its step does not use only when the step gave it, not the fleet', () => {
    const fleet = { ...FILE, defaults: { ...FILE.defaults, exclude: '*.map' } };
    const hook = { target: 'blog-staging', deploy: 'false', webhook: 'purge-cache', 'webhook-token': 't' };
    expect(read(hook, fleet).warnings).toEqual([]);
    expect(read({ ...hook, exclude: '*.log' }, fleet).warnings).toEqual(['input "exclude" is ignored: no deploy runs']);
  });

  it('the program refuses a GitHub-only input the fleet sets, outside GitHub Actions', () => {
    const fleet = { ...FILE, defaults: { ...FILE.defaults, 'pr-comment': true } };
    writeFileSync(join(tmp.dir, 'fleet.json'), JSON.stringify(fleet));
    const cl = parseCommandLine(['--fleet', 'fleet.json', '--target', 'blog-staging'], {});
    const r = readCommandLineInputs(cl, {}, tmp.dir);
    expect('error' in r && (r.error as Error).message).toMatch(
      /input "pr-comment" needs the GitHub Actions environment/,
    );
  });

  it('chooses the plan step alone with fleet-plan, reading the fleet then', () => {
    const inputs = read({ 'fleet-plan': 'true', 'changed-since': 'main' });
    expect(inputs.steps.map((s) => s.name)).toEqual(['fleet plan']);
    expect(stepInputs(inputs, 'fleet plan')).toMatchObject({ file: 'fleet.json', changedSince: 'main' });
    expect(problemsOf({ 'fleet-plan': 'true', app: 'x' })).toMatch(/the fleet plan step runs alone/);
  });
});

describe('gitlabPipeline', () => {
  it('makes a stage a wave, a job a target, each later job needing the wave before', () => {
    const doc = parse(gitlabPipeline(planFleet(FLEET, null, 'fleet.json'), 'ops/fleet.json', '1.2.3')) as Record<
      string,
      Record<string, unknown>
    >;
    expect(doc.stages).toEqual(['wave-1', 'wave-2', 'wave-10']);
    expect(doc['.headless-deploy']!.script).toEqual(['npx --yes headless-deploy@1.2.3']);
    expect(doc['fleet:shop-stg']).toEqual({
      extends: '.headless-deploy',
      stage: 'wave-1',
      variables: { HEADLESS_DEPLOY_FLEET: 'ops/fleet.json', HEADLESS_DEPLOY_TARGET: 'shop-stg' },
    });
    expect(doc['fleet:shop-prod']!.needs).toEqual(['fleet:blog-prod']);
  });

  it('still has a job when nothing is planned (GitLab refuses an empty pipeline)', () => {
    const doc = parse(gitlabPipeline(planFleet(FLEET, [], 'fleet.json'), 'fleet.json', '1.2.3')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(doc).filter((k) => k.startsWith('fleet:'))).toEqual(['fleet:none']);
  });
});

describe("docs/fleet.md's GitLab parent pipeline", () => {
  it('runs a plan command the program takes, writing the file the trigger includes', () => {
    const block = /```text\n(plan:\n {2}image[\s\S]*?)```/.exec(readDoc('docs/fleet.md'))![1]!;
    const doc = parse(block) as { plan: { script: string[] }; fleet: { trigger: { include: { artifact: string }[] } } };
    const words = doc.plan.script[0]!.split(/\s+/);
    const at = words.indexOf('plan');
    expect(words.slice(0, at)).toEqual(['npx', '--yes', expect.stringMatching(/^headless-deploy@/)]);
    expect(parsePlanArgs(words.slice(at + 1, words.indexOf('>')), {}).problems).toEqual([]);
    expect(parsePlanArgs(['--flet', 'f.json'], {}).problems).toEqual([
      expect.stringMatching(/unknown flag --flet: did you mean --fleet\?/),
      'flag --fleet is required: the fleet file to plan',
    ]);
    expect(words.at(-1)).toBe(doc.fleet.trigger.include[0]!.artifact);
  });
});
