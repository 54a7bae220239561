/**
 * Rehearses the recipes of examples/ci/: each job's script lines, taken from the YAML, run in a
 * shell with the variables that CI system provides and the ones its settings would hold, with
 * `npx` standing for the built program (dist/cli/index.js) and the emulator for the platform. A
 * recipe that stops working fails here.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seedWithApp, webhooksOf, EXISTING } from '../action/helpers/emulator.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { makeWorkspace } from '../action/helpers/workspace.js';
import { CLI_ENTRY, plainEnv, ROOT } from './run-cli.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.2 });

/** `npx [--yes] headless-deploy …` → the built program; any other package is not part of a recipe. */
const shims = mkdtempSync(join(tmpdir(), 'hd-recipes-'));
afterAll(() => rmSync(shims, { recursive: true, force: true }));
writeFileSync(
  join(shims, 'npx'),
  [
    '#!/bin/sh',
    'while [ "$1" = "--yes" ] || [ "$1" = "-y" ]; do shift; done',
    `if [ "$1" = "headless-deploy" ]; then shift; exec '${process.execPath}' '${CLI_ENTRY}' "$@"; fi`,
    'echo "npx $1: not the program this rehearsal stands in for" >&2; exit 127',
    '',
  ].join('\n'),
);
chmodSync(join(shims, 'npx'), 0o755);

type Vars = Record<string, string>;
const recipe = (file: string) => parse(readFileSync(join(ROOT, 'examples', 'ci', file), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Settings → variables of the CI system: the credentials, and the emulator in place of the platform. */
const settings = (): Vars => ({
  HEADLESS_DEPLOY_API_USER_ID: 'demo-user',
  HEADLESS_DEPLOY_API_PASSWORD: 'demo-password',
  HEADLESS_DEPLOY_ACCOUNT: 'demo',
  HEADLESS_DEPLOY_API_URL: emulator.hostingUrl,
  HEADLESS_DEPLOY_HEADLESS_API_URL: emulator.headlessUrl,
});

async function rehearse(
  lines: readonly string[],
  vars: Vars,
  cwd: string,
): Promise<{ code: number | null; log: string }> {
  expect(lines.length).toBeGreaterThan(0);
  const env = plainEnv(vars);
  const child = spawn('bash', ['-eo', 'pipefail', '-c', lines.join('\n')], {
    cwd,
    env: { ...env, PATH: `${shims}${delimiter}${env.PATH ?? ''}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // A recipe used as written says nothing a user must act on: the program's warnings start its lines.
  expect(
    log.split(/\r?\n/).filter((l) => /^(?:warning:|::warning)/.test(l)),
    'warnings of the recipe',
  ).toEqual([]);
  return { code, log };
}

describe.runIf(process.platform !== 'win32')('examples/ci recipes, rehearsed', () => {
  describe('GitLab CI', () => {
    const doc = recipe('gitlab-ci.yml');
    /** A job's lines and variables: project variables outrank the YAML's, a job's the file's. */
    const job = (name: string, source: string, more: Vars = {}) => {
      const cwd = makeWorkspace();
      const predefined: Vars = {
        CI: 'true',
        GITLAB_CI: 'true',
        CI_PIPELINE_SOURCE: source,
        CI_COMMIT_BRANCH: 'main',
        CI_DEFAULT_BRANCH: 'main',
        CI_PROJECT_DIR: cwd,
        CI_COMMIT_SHA: 'a'.repeat(40),
        GITLAB_USER_EMAIL: 'dev@example.com',
      };
      const vars = { ...predefined, ...doc.variables, ...doc[name].variables, ...settings(), ...more };
      return { cwd, run: () => rehearse(doc[name].script as string[], vars, cwd) };
    };

    it('deploy: on a push to the default branch', async () => {
      expect(doc.deploy.rules[0].if).toContain('"push"');
      const { cwd, run } = job('deploy', 'push');
      const r = await run();
      expect(r.code, r.log).toBe(0);
      expect(readFileSync(join(cwd, 'deploy.out'), 'utf8')).toContain('status=success');
      expect(readFileSync(join(cwd, 'deploy-summary.md'), 'utf8')).toContain('headless-deploy');
      expect(emulator.state.uploads).toHaveLength(1);
    });

    it('purge-cache: on a schedule, by the webhook URL variable', async () => {
      expect(doc['purge-cache'].rules[0].if).toContain('"schedule"');
      const { urls } = await webhooksOf(emulator, EXISTING.environmentId);
      const r = await job('purge-cache', 'schedule', { HEADLESS_DEPLOY_WEBHOOK_URL: urls.purgeCache }).run();
      expect(r.code, r.log).toBe(0);
      expect(emulator.state.webhookCalls).toHaveLength(1);
      expect(r.log).not.toContain(new URL(urls.purgeCache).searchParams.get('token'));
    });

    it('promote: a manual job copying the staging install over production', async () => {
      expect(doc.promote.rules[0].when).toBe('manual');
      const r = await job('promote', 'web', { STAGING_INSTALL: 'demostg', PRODUCTION_INSTALL: 'demoprod' }).run();
      expect(r.code, r.log).toBe(0);
      expect(emulator.state.installCopies).toHaveLength(1);
      expect(emulator.state.installCopies[0]).toMatchObject({ notification_emails: ['dev@example.com'] });
    });
  });

  it('Bitbucket Pipelines: deploy main to an environment named after the branch', async () => {
    const step = recipe('bitbucket-pipelines.yml').pipelines.branches.main[0].step;
    const cwd = makeWorkspace();
    const predefined = {
      CI: 'true',
      BITBUCKET_BRANCH: 'main',
      BITBUCKET_CLONE_DIR: cwd,
      BITBUCKET_COMMIT: 'b'.repeat(40),
    };
    const r = await rehearse(step.script, { ...predefined, ...settings() }, cwd);
    expect(r.code, r.log).toBe(0);
    const out = JSON.parse(readFileSync(join(cwd, 'deploy.json'), 'utf8')) as { status: string };
    expect(out.status).toBe('success');
    expect(emulator.state.environments.some((e) => e.app === 'shop' && e.displayName === 'main')).toBe(true);
  });

  it('CircleCI: the deploy job, its environment over the project variables', async () => {
    const job = recipe('circleci-config.yml').jobs.deploy;
    const lines = (job.steps as unknown[]).flatMap((s) => {
      const run = (s as { run?: string | { command: string } }).run;
      return run === undefined ? [] : [typeof run === 'string' ? run : run.command];
    });
    const cwd = makeWorkspace();
    const predefined = { CI: 'true', CIRCLECI: 'true', CIRCLE_BRANCH: 'main', CIRCLE_WORKING_DIRECTORY: cwd };
    const r = await rehearse(lines, { ...predefined, ...settings(), ...job.environment }, cwd);
    expect(r.code, r.log).toBe(0);
    expect(readFileSync(join(cwd, 'deploy-summary.md'), 'utf8')).toContain('headless-deploy');
    expect(emulator.state.uploads).toHaveLength(1);
  });

  it('Azure Pipelines: secrets mapped by the step, $(macros) expanded', async () => {
    const steps = recipe('azure-pipelines.yml').steps as { script?: string; env?: Vars }[];
    const cwd = makeWorkspace();
    const staging = mkdtempSync(join(tmpdir(), 'hd-azure-staging-'));
    // Pipeline variables: secret ones reach a script only through the step's env mapping.
    const pipeline: Vars = {
      apiUserId: 'demo-user',
      apiPassword: 'demo-password',
      'Build.ArtifactStagingDirectory': staging,
    };
    const macro = (text: string) => text.replace(/\$\(([\w.]+)\)/g, (_m, name: string) => pipeline[name] ?? '');
    const { HEADLESS_DEPLOY_API_USER_ID: _u, HEADLESS_DEPLOY_API_PASSWORD: _p, ...plain } = settings();
    for (const step of steps.filter((s) => s.script !== undefined)) {
      const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, macro(v)]));
      const r = await rehearse(
        [macro(step.script!)],
        { TF_BUILD: 'True', BUILD_SOURCEBRANCHNAME: 'main', ...plain, ...env },
        cwd,
      );
      expect(r.code, r.log).toBe(0);
    }
    expect(readFileSync(join(staging, 'deploy-summary.md'), 'utf8')).toContain('headless-deploy');
    expect(emulator.state.uploads).toHaveLength(1);
    rmSync(staging, { recursive: true, force: true });
  });
});
