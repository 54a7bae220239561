/**
 * Every workflow of examples/workflows, copied into an empty repository as a user would: a fresh
 * git repository holding only a minimal app (package.json, index.js) and the example as
 * .github/workflows/<name>.yml. Each job runs as the runner would run it: its steps in order, in
 * a workspace of its own (the checkout, or an empty folder for a job without one), the `with:`
 * values as inputs, `${{ }}` expressions replaced by what a real run has (secrets → the test's
 * credentials, vars → the emulator's URLs and names, github.* → the event's values, steps.* →
 * earlier steps' outputs). Our action runs as dist/index.js, the emulator action as its main and
 * post bundles, `run:` steps in bash. Every step must succeed and no step may print a warning
 * annotation: an example that needs something an empty repository lacks says so in a comment,
 * and does not use it.
 *
 * A fleet example (fleet-*.yml) runs in a monorepo holding examples/fleet*.yml and three apps,
 * whose last commit is the push. A matrix job runs once per entry of its `strategy.matrix`, each
 * entry a job of its own (its own checkout, our action as its own process), a few at once within
 * `max-parallel`; with fail-fast, no entry starts after one failed. A job whose `needs` did not
 * all succeed is skipped, and so is one whose `if:` is false, as on GitHub.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { FAKE_GITHUB_TOKEN, osEssentials, parseOutputFile } from '../../scripts/runner.js';
import { listedAsGithubWould, runtimeEnv, useArtifactService } from '../helpers/artifact-service.js';
import { keptArtifact } from '../helpers/kept-artifact.js';
import { storedZip } from '../helpers/stored-zip.js';
import { webhooksOf } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { asText, callsStatus, evaluate, strict, truthy } from './helpers/expressions.js';
import { CREDENTIALS, runChecked } from './helpers/run.js';
import { runStep } from './helpers/run-step.js';
import { useEmulator } from './helpers/use-emulator.js';
import { useFakeGithub } from './helpers/use-fake-github.js';
import { makeWorkspace } from './helpers/workspace.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLES = join(ROOT, 'examples', 'workflows');
const EMULATOR_ACTION = {
  yml: join(ROOT, 'emulator', 'action.yml'),
  main: join(ROOT, 'emulator', 'dist', 'main', 'index.js'),
  post: join(ROOT, 'emulator', 'dist', 'post', 'index.js'),
};
const OUR_ACTION = 'your-org/headless-deploy@v1';
const OUR_EMULATOR = 'your-org/headless-deploy/emulator@v1';
const CHECKOUT = /^actions\/checkout@[0-9a-f]{40}$/;

/** The platform as a user of the examples has it: app `shop` with its production environment. */
const PRODUCTION_ID = '3b9f6a1c-2d4e-4f70-9a8b-1c2d3e4f5a6b';
const production = { id: PRODUCTION_ID, displayName: 'production', cmsEnvironment: 'demoprod' };
/** The environments of the fleet's targets (examples/fleet.yml), by target name. */
const FLEET = {
  'shop-staging': { app: 'shop', id: '5a1c2e3d-4b6f-4a8e-9c0d-1e2f3a4b5c6d', displayName: 'staging' },
  'shop-production': { app: 'shop', id: PRODUCTION_ID, displayName: 'production' },
  'blog-staging': { app: 'blog', id: '6b2d3f4e-5c7a-4b9f-8d1e-2f3a4b5c6d7e', displayName: 'staging' },
  'blog-production': { app: 'blog', id: '7c3e4a5f-6d8b-4c0a-9e2f-3a4b5c6d7e8f', displayName: 'production' },
  'docs-production': { app: 'docs', id: '8d4f5b6a-7e9c-4d1b-8f3a-4b5c6d7e8f9a', displayName: 'production' },
} as const;
const environmentsOf = (app: string) =>
  Object.values(FLEET)
    .filter((t) => t.app === app && t.id !== PRODUCTION_ID)
    .map(({ id, displayName }) => ({ id, displayName }));
const seed: Seed = {
  ...defaultSeed,
  // The installs fleet-promotions.yml copies between.
  sites: [
    ...(defaultSeed.sites ?? []),
    ...['shop', 'blog'].map((app) => ({
      name: app,
      account: 'demo',
      installs: [
        { name: `${app}prod`, environment: 'production' as const },
        { name: `${app}stg`, environment: 'staging' as const },
      ],
    })),
  ],
  headless: {
    accounts: ['demo'],
    apps: [
      { account: 'demo', appId: 'shop', environments: [production, ...environmentsOf('shop')] },
      { account: 'demo', appId: 'blog', environments: environmentsOf('blog') },
      { account: 'demo', appId: 'docs', environments: environmentsOf('docs') },
    ],
  },
};
const emulator = useEmulator({ seed, buildSeconds: 0.2 });
const fake = useFakeGithub();
// Kept archives (deploy-with-rollback.yml) go through the artifact service: its results-service
// stand-in in front of Azurite, as on a runner.
const artifacts = useArtifactService();

/** What triggers each job of each example in this rehearsal; a job or example missing here fails. */
const PR = 7;
interface Trigger {
  event: 'push' | 'pull_request' | 'schedule' | 'workflow_dispatch';
  action?: 'opened' | 'closed';
}
const TRIGGERS: Record<string, Record<string, Trigger>> = {
  'preview.yml': {
    deploy: { event: 'pull_request', action: 'opened' },
    cleanup: { event: 'pull_request', action: 'closed' },
    sweep: { event: 'schedule' },
  },
  'deploy-with-rollback.yml': { deploy: { event: 'push' }, undo: { event: 'workflow_dispatch' } },
  'promote-staging.yml': { copy: { event: 'workflow_dispatch' }, deploy: { event: 'workflow_dispatch' } },
  'push-to-deploy.yml': { deploy: { event: 'push' } },
  'rehearse.yml': { rehearse: { event: 'pull_request', action: 'opened' } },
  'scheduled-purge.yml': { purge: { event: 'schedule' } },
  'fleet-deploy.yml': { plan: { event: 'push' }, 'first-wave': { event: 'push' }, 'second-wave': { event: 'push' } },
  'fleet-nightly-purge.yml': { plan: { event: 'schedule' }, purge: { event: 'schedule' } },
  'fleet-promote.yml': { plan: { event: 'workflow_dispatch' }, copy: { event: 'workflow_dispatch' } },
};

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  outputs?: Record<string, string>;
  strategy?: { matrix: string | Record<string, unknown>; 'fail-fast'?: boolean; 'max-parallel'?: number };
  steps: Step[];
}
type Result = 'success' | 'failure' | 'skipped';
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

/** Values a real run would have for the contexts the examples use. */
interface Contexts {
  secrets: Record<string, string>;
  vars: Record<string, string>;
  github: Record<string, string>;
  steps: Record<string, Record<string, string>>;
  needs: Record<string, Record<string, string>>;
  /** A workflow_dispatch's inputs, as the person who ran it gave them. */
  inputs: Record<string, string>;
  /** What the runner gives every step beyond the event (the artifact service, the run id). */
  env: Record<string, string>;
  /** The `status` output each step of our action must end with. */
  status: 'success' | 'skipped';
  /** Each job's result, as `needs` sees it. */
  results: Record<string, Result>;
  /** The matrix entry a job runs for, when it has one. */
  matrix?: Record<string, unknown>;
  /** The matrix entries that ran, as `job target`, in the order they started. */
  entries: string[];
  /** What the push of a fleet example changes in the monorepo (null deletes a file). */
  push: Record<string, string | null>;
  /** Whether a step may fail (the step, job and later jobs then go on as on GitHub). */
  mayFail: boolean;
}

/** `a.b.c` keys as nested objects, each strict: the github context's event fields. */
function nested(label: string, flat: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let at = root;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[parts.at(-1)!] = value;
  }
  const harden = (o: Record<string, unknown>, path: string): Record<string, unknown> =>
    strict(
      path,
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [
          k,
          typeof v === 'object' ? harden(v as Record<string, unknown>, `${path}.${k}`) : v,
        ]),
      ),
    );
  return harden(root, label);
}

/** The contexts an expression reads; a secret, variable or github value the rehearsal lacks fails it. */
function roots(ctx: Contexts): Record<string, unknown> {
  const outputs = (table: Record<string, Record<string, string>>) =>
    Object.fromEntries(Object.entries(table).map(([id, o]) => [id, { outputs: o }]));
  return {
    secrets: strict('secrets', ctx.secrets),
    vars: strict('vars', ctx.vars),
    inputs: strict('inputs', ctx.inputs),
    github: nested('github', ctx.github),
    // A step or job that set no such output gives '' on GitHub, as here.
    steps: outputs(ctx.steps),
    needs: Object.fromEntries(
      Object.entries(outputs(ctx.needs)).map(([job, o]) => [job, { ...o, result: ctx.results[job] }]),
    ),
    ...(ctx.matrix ? { matrix: strict('matrix', ctx.matrix) } : {}),
  };
}

function expand(text: string, ctx: Contexts): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expr: string) => asText(evaluate(expr, roots(ctx))));
}

/** An `if:` as GitHub reads it: without a status function, only after success. */
function condition(expr: string | undefined, ctx: Contexts, failed: boolean): boolean {
  if (expr === undefined) return !failed;
  const value = evaluate(expr.replace(/^\$\{\{\s*([\s\S]*?)\s*\}\}$/, '$1'), roots(ctx), { failed });
  return (callsStatus(expr) || !failed) && truthy(value);
}

const emulatorPids: number[] = [];
afterAll(() => {
  for (const pid of emulatorPids) {
    try {
      process.kill(pid, 'SIGKILL'); // only if a failed test left it running
    } catch {
      // gone, as post left it
    }
  }
});

const EXAMPLE_FILES = join(ROOT, 'examples');
const app = (name: string) => ({
  [`apps/${name}/package.json`]: `{\n  "name": "${name}",\n  "private": true\n}\n`,
  [`apps/${name}/index.js`]: `console.log('${name}');\n`,
});
/** What the push of a fleet example changes: the shared code, which the shop and the blog watch. */
const LIB_CHANGE = { 'lib/format.js': 'export const format = (n) => `${n} EUR`;\n' };

/**
 * A new repository with the example in .github/workflows, committed: a minimal app, or for a
 * fleet example the monorepo of examples/fleet*.yml, then `ctx.push` as a second commit (the
 * push; github.event.before is the first). Dates are fixed, so every job's checkout of it, like
 * every clone of one push, has the same commits.
 */
function userRepository(file: string, ctx: Contexts): { repo: string; before?: string } {
  const fleet = file.startsWith('fleet-');
  const repo = makeWorkspace({
    ...(fleet
      ? {
          'fleet.yml': readFileSync(join(EXAMPLE_FILES, 'fleet.yml'), 'utf8'),
          'fleet-promotions.yml': readFileSync(join(EXAMPLE_FILES, 'fleet-promotions.yml'), 'utf8'),
          'lib/format.js': 'export const format = (n) => `${n} €`;\n',
          ...app('shop'),
          ...app('blog'),
          ...app('docs'),
        }
      : {
          'package.json': '{\n  "name": "shop",\n  "private": true,\n  "scripts": { "start": "node index.js" }\n}\n',
          'index.js': "console.log('shop');\n",
        }),
    [`.github/workflows/${file}`]: readFileSync(join(EXAMPLES, file), 'utf8'),
  });
  const date = { GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' };
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=dev', '-c', 'user.email=dev@example.com', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: repo,
        env: { ...process.env, ...date },
        encoding: 'utf8',
      },
    );
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'shop');
  if (!fleet) return { repo };
  const before = git('rev-parse', 'HEAD').trim();
  for (const [path, content] of Object.entries(ctx.push)) {
    if (content === null) rmSync(join(repo, path));
    else writeFileSync(join(repo, path), content);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'the push');
  return { repo, before };
}

/** The event file and variables the runner gives a job of this trigger. */
function eventEnv(trigger: Trigger): Record<string, string> {
  const payload =
    trigger.event === 'pull_request'
      ? {
          action: trigger.action,
          number: PR,
          pull_request: {
            number: PR,
            state: trigger.action === 'closed' ? 'closed' : 'open',
            head: { sha: 'f'.repeat(40) },
          },
        }
      : trigger.event === 'push'
        ? { ref: 'refs/heads/main', after: '0123456789abcdef0123456789abcdef01234567' }
        : trigger.event === 'schedule'
          ? { schedule: '23 4 * * *' }
          : { inputs: {} };
  const file = join(makeWorkspace({ 'event.json': JSON.stringify(payload) }), 'event.json');
  return {
    GITHUB_API_URL: fake.github.url,
    GITHUB_EVENT_NAME: trigger.event,
    GITHUB_EVENT_PATH: file,
    GITHUB_REF: trigger.event === 'pull_request' ? `refs/pull/${PR}/merge` : 'refs/heads/main',
  };
}

const warnings = (stdout: string) => stdout.split(/\r?\n/).filter((l) => /^::warning[ :]/.test(l));

interface StepRecord {
  step: string;
  code: number | null;
  outputs: Record<string, string>;
  warnings: string[];
  log: string;
}
type Ran = Pick<StepRecord, 'code' | 'outputs'> & { stdout: string; stderr: string };
const recordOf = (step: string, r: Ran): StepRecord => ({
  step,
  code: r.code,
  outputs: r.outputs,
  warnings: warnings(r.stdout),
  log: r.stdout + r.stderr,
});

/** Runs one `run:` step in bash, as the runner does on Linux. */
async function runScript(script: string, env: Record<string, string>, cwd: string): Promise<StepRecord> {
  const output = join(makeWorkspace({ output: '' }), 'output');
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
    cwd,
    env: { ...osEssentials(process.env, process.platform), GITHUB_OUTPUT: output, GITHUB_WORKSPACE: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { step: script, code, outputs: parseOutputFile(readFileSync(output, 'utf8')), warnings: warnings(log), log };
}

/** The contexts of a job of this trigger, before its checkout. */
function jobContexts(file: string, name: string, ctx: Contexts, matrix?: Record<string, unknown>): Contexts {
  const trigger = TRIGGERS[file]![name]!;
  return {
    ...ctx,
    github: {
      ...ctx.github,
      event_name: trigger.event,
      ...(trigger.action ? { 'event.action': trigger.action } : {}),
      'event.pull_request.number': String(PR),
    },
    steps: {},
    ...(matrix ? { matrix } : {}),
  };
}

interface JobRun {
  records: StepRecord[];
  ok: boolean;
}

async function runJob(
  file: string,
  name: string,
  job: Job,
  ctx: Contexts,
  node: string,
  matrix?: Record<string, unknown>,
): Promise<JobRun> {
  const trigger = TRIGGERS[file]![name]!;
  const hasCheckout = job.steps.some((s) => s.uses !== undefined && CHECKOUT.test(s.uses));
  const jobCtx = jobContexts(file, name, ctx, matrix);
  // A job without a checkout starts in an empty workspace: it must need no files.
  let workspace = makeWorkspace({});
  if (hasCheckout) {
    const { repo, before } = userRepository(file, ctx);
    workspace = repo;
    if (before !== undefined) jobCtx.github['event.before'] = before;
  }
  const env = { ...eventEnv(trigger), ...ctx.env };
  const records: StepRecord[] = [];
  const posts: (() => Promise<StepRecord>)[] = [];
  const entry = matrix ? ` [${asText(matrix.target)}]` : '';
  let failed = false;
  for (const [index, step] of job.steps.entries()) {
    const label = `${file} ${name}${entry} step ${index + 1}${step.name ? ` (${step.name})` : step.id ? ` (${step.id})` : ''}`;
    if (!condition(step.if, jobCtx, failed)) continue;
    const inputs = Object.fromEntries(
      Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(String(v), jobCtx)] as const),
    );
    let record: StepRecord;
    if (step.uses !== undefined && CHECKOUT.test(step.uses)) {
      continue; // the workspace is the checkout
    } else if (step.uses === OUR_ACTION) {
      record = recordOf(label, await runChecked({ inputs, workspace, node, env, emulator, timeoutMs: 90_000 }));
      if (record.code === 0 || !ctx.mayFail)
        expect(record.outputs.status, `${label}: status\n${record.log}`).toBe(ctx.status);
    } else if (step.uses === OUR_EMULATOR) {
      const call = { actionYml: EMULATOR_ACTION.yml, inputs, workspace, node };
      const main = await runStep({ ...call, entry: EMULATOR_ACTION.main });
      const pid = Number(main.state.pid);
      if (pid > 0) emulatorPids.push(pid);
      record = recordOf(label, main);
      posts.unshift(async () => {
        const post = await runStep({ ...call, entry: EMULATOR_ACTION.post, state: main.state });
        main.cleanup();
        post.cleanup();
        return recordOf(`${label}, post`, { ...post, outputs: {} });
      });
    } else if (step.run !== undefined) {
      const stepEnv = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v), jobCtx)]),
      );
      record = { ...(await runScript(step.run, stepEnv, workspace)), step: label };
    } else {
      throw new Error(`${label}: uses ${step.uses}, which this rehearsal does not run: teach it`);
    }
    records.push(record);
    if (!ctx.mayFail) expect(record.code, `${label} failed:\n${record.log}`).toBe(0);
    failed ||= record.code !== 0;
    if (step.id) jobCtx.steps[step.id] = record.outputs;
  }
  for (const post of posts) {
    const record = await post();
    records.push(record);
    expect(record.code, `${record.step} failed:\n${record.log}`).toBe(0);
  }
  await AFTER_JOB[file]?.[name]?.(records);
  ctx.needs[name] = Object.fromEntries(
    Object.entries(job.outputs ?? {}).map(([k, v]) => [k, expand(v, jobCtx)] as const),
  );
  return { records, ok: !failed };
}

/** A job's matrix entries, as GitHub expands `strategy.matrix` (here always an `include` list). */
function matrixOf(file: string, name: string, job: Job, ctx: Contexts): Record<string, unknown>[] {
  const { matrix } = job.strategy!;
  const value =
    typeof matrix === 'string'
      ? evaluate(matrix.replace(/^\$\{\{\s*([\s\S]*?)\s*\}\}$/, '$1'), roots(jobContexts(file, name, ctx)))
      : matrix;
  const include = (value as { include?: Record<string, unknown>[] } | null)?.include ?? [];
  // GitHub fails a workflow whose matrix has no entry, or more than 256.
  expect(
    include.length,
    `${file} ${name}: a matrix with no entry fails the workflow (guard it with if:)`,
  ).toBeGreaterThan(0);
  expect(include.length).toBeLessThanOrEqual(256);
  return include;
}

/**
 * The jobs of a workflow in the file's order (which follows `needs` in the examples), as GitHub
 * runs them: a job whose needs did not all succeed, or whose `if:` is false, is skipped; a matrix
 * job runs each entry as a job of its own, at most max-parallel (and 3) at once, and with
 * fail-fast (the default) starts no entry once one failed.
 */
async function runWorkflow(file: string, ctx: Contexts, node: string): Promise<StepRecord[]> {
  const doc = parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Workflow;
  const records: StepRecord[] = [];
  for (const [name, job] of Object.entries(doc.jobs)) {
    const needs = [job.needs ?? []].flat();
    for (const need of needs) expect(ctx.results, `${file} ${name} needs ${need}`).toHaveProperty(need);
    const needsFailed = needs.some((n) => ctx.results[n] !== 'success');
    if (!condition(job.if, jobContexts(file, name, ctx), needsFailed)) {
      ctx.results[name] = 'skipped';
      continue;
    }
    if (!job.strategy) {
      const run = await runJob(file, name, job, ctx, node);
      records.push(...run.records);
      ctx.results[name] = run.ok ? 'success' : 'failure';
      continue;
    }
    const queue = [...matrixOf(file, name, job, ctx)];
    const failFast = job.strategy['fail-fast'] ?? true;
    let failed = false;
    const worker = async () => {
      while (queue.length > 0 && !(failFast && failed)) {
        const entry = queue.shift()!;
        ctx.entries.push(`${name} ${asText(entry.target)}`);
        const run = await runJob(file, name, job, ctx, node, entry);
        records.push(...run.records);
        failed ||= !run.ok;
      }
    };
    const parallel = Math.min(job.strategy['max-parallel'] ?? Infinity, 3, queue.length);
    await Promise.all(Array.from({ length: parallel }, worker));
    ctx.results[name] = failed ? 'failure' : 'success';
  }
  return records;
}

/** The values of a run of the user's repository: its secrets and variables set for the emulator. */
async function contexts(): Promise<Contexts> {
  const production = await webhooksOf(emulator, PRODUCTION_ID);
  // fleet-nightly-purge.yml: one secret per app holding its production environment's token.
  const fleetTokens = await Promise.all(
    (['shop', 'blog', 'docs'] as const).map(
      async (app) =>
        [
          `${app.toUpperCase()}_PRODUCTION_WEBHOOK_TOKEN`,
          (await webhooksOf(emulator, FLEET[`${app}-production`].id)).token,
        ] as const,
    ),
  );
  return {
    secrets: {
      HOSTING_API_USER_ID: CREDENTIALS['api-user-id'],
      HOSTING_API_PASSWORD: CREDENTIALS['api-password'],
      PRODUCTION_WEBHOOK_TOKEN: production.token,
      PRODUCTION_PURGE_WEBHOOK_URL: production.urls.purgeCache,
      ...Object.fromEntries(fleetTokens),
    },
    vars: {
      HEADLESS_API_URL: emulator.headlessUrl,
      HOSTING_API_URL: emulator.hostingUrl,
      HOSTING_ACCOUNT: 'demo',
      PRODUCTION_URL: `${emulator.url}/__sites/${PRODUCTION_ID}`,
      STAGING_INSTALL: 'demostg',
      PRODUCTION_INSTALL: 'demoprod',
      // Every environment's public URL: its site on the emulator.
      ENVIRONMENT_URL: `${emulator.url}/__sites/{environment-id}/`,
    },
    github: { token: FAKE_GITHUB_TOKEN, ref: 'refs/heads/main', repository: 'octo-org/shop' },
    steps: {},
    needs: {},
    inputs: { rollback: 'previous' },
    env: { ...runtimeEnv(artifacts.results), GITHUB_RUN_ID: String(RUN_ID) },
    status: 'success',
    results: {},
    entries: [],
    push: LIB_CHANGE,
    mayFail: false,
  };
}

const files = readdirSync(EXAMPLES).filter((f) => /\.ya?ml$/.test(f));

describe('examples/workflows', () => {
  it('are all rehearsed here, every job with its trigger', () => {
    expect(files.sort()).toEqual(Object.keys(TRIGGERS).sort());
    for (const file of files) {
      const doc = parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Workflow;
      expect(Object.keys(doc.jobs).sort(), file).toEqual(Object.keys(TRIGGERS[file]!).sort());
      for (const [job, trigger] of Object.entries(TRIGGERS[file]!)) {
        expect(Object.keys(doc.on), `${file} ${job}: the workflow runs on ${trigger.event}`).toContain(trigger.event);
      }
    }
  });
});

describe.runIf(process.platform !== 'win32').each(NODES)(
  'examples/workflows copied into an empty repository, on $label',
  ({ node }) => {
    it.each(files)(
      '%s: every step succeeds without a warning',
      async (file) => {
        const ctx = await contexts();
        BEFORE[file]?.();
        const records = await runWorkflow(file, ctx, node);
        expect(records.length).toBeGreaterThan(0);
        const intended = INTENDED_WARNINGS[file] ?? [];
        const unintended = (r: StepRecord) => r.warnings.filter((w) => !intended.some((re) => re.test(w)));
        expect(
          records.flatMap((r) => unintended(r).map((w) => `${r.step}: ${w}`)),
          'warning annotations',
        ).toEqual([]);
        EXPECTED[file]!(ctx, records);
      },
      180_000,
    );

    it('preview.yml from a fork: no secrets, so its pull request jobs end skipped, with no warning', async () => {
      const doc = parse(readFileSync(join(EXAMPLES, 'preview.yml'), 'utf8')) as Workflow;
      const ctx = await contexts();
      // GitHub gives a fork's pull request every secret as ''.
      ctx.secrets = Object.fromEntries(Object.keys(ctx.secrets).map((k) => [k, '']));
      ctx.status = 'skipped';
      const records: StepRecord[] = [];
      for (const name of ['deploy', 'cleanup']) {
        records.push(...(await runJob('preview.yml', name, doc.jobs[name]!, ctx, node)).records);
      }
      expect(records.map((r) => r.step)).toEqual(['preview.yml deploy step 2 (preview)', 'preview.yml cleanup step 1']);
      expect(records.flatMap((r) => r.warnings)).toEqual([]);
      expect(
        records.every((r) => /^::notice::/m.test(r.log)),
        'a notice says why',
      ).toBe(true);
      expect(emulator.requests()).toEqual([]);
      expect(fake.github.requests).toEqual([]);
    }, 60_000);

    // Pushes other than the usual one, each fact on GitHub's side of the matrix: an empty wave's
    // job skipped (a matrix with no entry fails the workflow), a failure stopping the next wave.
    it.each<{
      push: Contexts['push'];
      does: string;
      results: Contexts['results'];
      uploaded: string[];
      failed?: unknown[];
    }>([
      {
        push: { 'README.md': '# monorepo\n' },
        does: 'changes nothing a target watches: no wave runs',
        results: { plan: 'success', 'first-wave': 'skipped', 'second-wave': 'skipped' },
        uploaded: [],
      },
      {
        push: { 'apps/docs/index.js': "console.log('docs 2');\n" },
        does: 'changes the docs alone: their wave 2 target is the first wave that runs, the second is skipped',
        results: { plan: 'success', 'first-wave': 'success', 'second-wave': 'skipped' },
        uploaded: ['docs-production'],
      },
      {
        push: { ...LIB_CHANGE, 'apps/shop/package.json': null },
        does: 'breaks the shop: its staging build fails, so wave 2 is skipped and production untouched',
        results: { plan: 'success', 'first-wave': 'failure', 'second-wave': 'skipped' },
        uploaded: ['blog-staging', 'shop-staging'],
        failed: [['shop-staging', 'failure']],
      },
    ])(
      'fleet-deploy.yml, a push that $does',
      async ({ push, results, uploaded, failed = [] }) => {
        const ctx: Contexts = { ...(await contexts()), mayFail: true, push };
        const records = await runWorkflow('fleet-deploy.yml', ctx, node);
        expect(ctx.results).toEqual(results);
        const failures = records.filter((r) => r.code !== 0);
        expect(failures.map((r) => [/\[(.*)\]/.exec(r.step)?.[1], r.outputs.status])).toEqual(failed);
        expect(uploadedTargets().sort()).toEqual(uploaded);
      },
      120_000,
    );
  },
);

/**
 * Warnings an example means to show. rehearse.yml injects 500s and dropped connections on
 * purpose; when one hits the install copy or the purge (nothing to look at, a repeat converges),
 * the action repeats it and warns that it did (src/steps/common/repeat-ambiguous.ts). At its
 * fault rates that is about one run in seven; every other warning still fails it.
 */
const INTENDED_WARNINGS: Record<string, RegExp[]> = {
  'rehearse.yml': [
    /^::warning::(?:install copy|webhook) [^:]*: the answer was lost \((?:status 50[024]|\w+)\), so it may or may not have taken effect; repeating it in \d+ ms \(a repeat leaves the same result\)$/,
  ],
};

const RUN_ID = 555;
const KEPT_NAME = `headless-deploy-shop-${PRODUCTION_ID}`;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** The deploy an earlier run kept, as keep-archive stores one. */
const EARLIER = storedZip([
  { name: 'package.json', data: '{"name":"shop","version":"0.9.0"}\n' },
  { name: 'index.js', data: "console.log('shop 0.9');\n" },
]);
const keptEarlier = () =>
  fake.github.artifacts.push(
    keptArtifact({ id: 9000, runId: 500, app: 'shop', environmentId: PRODUCTION_ID, zip: EARLIER }),
  );

/** What GitHub does between jobs that the runner does not: list the archive a job kept. */
const AFTER_JOB: Record<string, Record<string, (records: StepRecord[]) => Promise<void>>> = {
  'deploy-with-rollback.yml': {
    deploy: async (records) => {
      const id = records.map((r) => r.outputs['archive-artifact-id']).find((v) => v !== undefined);
      expect(id, 'the deploy kept its archive').toMatch(/^\d+$/);
      fake.github.artifacts.push(
        await listedAsGithubWould(artifacts.azurite, artifacts.results, KEPT_NAME, { id: Number(id), runId: RUN_ID }),
      );
    },
  },
};

/** Before an example's jobs: what its repository holds from earlier runs. */
const BEFORE: Record<string, () => void> = {
  // "previous" puts back the deploy before the newest: an earlier run kept one.
  'deploy-with-rollback.yml': keptEarlier,
};

/** The fleet target an environment id belongs to (examples/fleet.yml), or the id. */
const targetOf = (environmentId: string): string =>
  Object.entries(FLEET).find(([, t]) => t.id === environmentId)?.[0] ?? environmentId;
/** The fleet targets the emulator got an upload for, in the order they came. */
const uploadedTargets = (): string[] => emulator.state.uploads.map((u) => targetOf(u.environment));

/** What each example is for, seen on the emulator and the fake GitHub after its jobs ran. */
const EXPECTED: Record<string, (ctx: Contexts, records: StepRecord[]) => void> = {
  'deploy-with-rollback.yml': () => {
    // The push's deploy, then the undo's upload of the earlier run's archive, byte for byte.
    expect(emulator.state.uploads.map((u) => u.environment)).toEqual([PRODUCTION_ID, PRODUCTION_ID]);
    expect(emulator.state.uploads[1]!.sha256).toBe(sha256(EARLIER));
  },
  'preview.yml': () => {
    expect(emulator.state.uploads.map((u) => u.app)).toEqual(['shop']);
    const shop = emulator.state.environments.filter((e) => e.app === 'shop');
    expect(shop.map((e) => e.displayName)).toEqual(['production', 'staging']); // pr-7 deleted on close
    expect(fake.github.comments).toHaveLength(1);
  },
  'promote-staging.yml': () => {
    expect(emulator.state.installCopies).toHaveLength(1);
    expect(emulator.state.uploads.map((u) => u.environment)).toEqual([PRODUCTION_ID]);
    expect(emulator.state.webhookCalls).toHaveLength(1);
  },
  'push-to-deploy.yml': () => {
    expect(emulator.state.uploads.map((u) => u.environment)).toEqual([PRODUCTION_ID]);
    expect(emulator.state.uploads[0]!.entries).toEqual(expect.arrayContaining(['index.js', 'package.json']));
    expect(emulator.state.uploads[0]!.entries.filter((e) => e.startsWith('.git/'))).toEqual([]);
    expect(fake.github.deployments).toHaveLength(1);
  },
  'fleet-deploy.yml': (ctx, records) => {
    // The push changed lib/, which the shop and the blog watch: their four targets, not the docs.
    expect(ctx.needs.plan!.targets).toBe('4');
    expect(ctx.entries.slice(0, 2).sort()).toEqual(['first-wave blog-staging', 'first-wave shop-staging']);
    expect(ctx.entries.slice(2).sort()).toEqual(['second-wave blog-production', 'second-wave shop-production']);
    // One upload per planned target, staging's before production's; each zip its app's folder.
    const uploaded = uploadedTargets();
    expect([...uploaded].sort()).toEqual(['blog-production', 'blog-staging', 'shop-production', 'shop-staging']);
    expect(uploaded.slice(0, 2).every((t) => t.endsWith('-staging'))).toBe(true);
    for (const u of emulator.state.uploads) expect([...u.entries].sort()).toEqual(['index.js', 'package.json']);
    // The health gate of each target asked its own site.
    expect(records.filter((r) => r.outputs.health !== undefined).map((r) => r.outputs.health)).toEqual(
      Array(4).fill('healthy'),
    );
  },
  'fleet-nightly-purge.yml': (ctx) => {
    // Every production target, whatever changed; no job for a staging one; nothing deployed.
    expect(ctx.entries.sort()).toEqual(['purge blog-production', 'purge docs-production', 'purge shop-production']);
    const purged = emulator.state.webhookCalls.map((c) => targetOf(c.environment));
    expect(purged.sort()).toEqual(['blog-production', 'docs-production', 'shop-production']);
    expect(emulator.state.uploads).toEqual([]);
  },
  'fleet-promote.yml': () => {
    // One copy per target of fleet-promotions.yml, each app's staging install over its production one.
    const name = (id: string) => emulator.state.installs.find((i) => i.id === id)?.name;
    const copies = emulator.state.installCopies.map((c) => [
      name(c.source_environment_id),
      name(c.destination_environment_id),
    ]);
    expect(copies.sort()).toEqual([
      ['blogstg', 'blogprod'],
      ['shopstg', 'shopprod'],
    ]);
    expect(emulator.state.installCopies.every((c) => c.notification_emails.includes('ops@example.com'))).toBe(true);
    expect(emulator.state.uploads).toEqual([]);
  },
  // Its own emulator, started by the emulator action: the job's steps are the test.
  'rehearse.yml': () => {},
  'scheduled-purge.yml': () => {
    expect(emulator.state.webhookCalls).toHaveLength(1);
  },
};
