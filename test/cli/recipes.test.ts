/**
 * Rehearses the recipes of examples/ci/ and the README's terminal snippet as a stranger copies
 * them. The package is packed and installed offline into an empty folder; each job's script
 * lines, taken from the YAML, run in bash with what that CI system provides itself plus exactly
 * the variables the recipe's "Variables to set in …" list names (the emulator's URLs and
 * credentials as their values) and the ones its YAML sets. `npx` stands for npm's: it runs the
 * installed package's bin, and only when asked for `headless-deploy@{package.json's version}`.
 * A recipe that leaves out a variable, runs the program unpinned or stops working fails here.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Seed } from '../../emulator/index.js';
import { webhooksOf } from '../action/helpers/emulator.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { makeWorkspace } from '../action/helpers/workspace.js';
import { DOC_FILES, readDoc } from '../support/doc-blocks.js';
import { packAndInstall, VERSION } from './packed-package.js';
import { plainEnv, ROOT } from './run-cli.js';

/** The world the recipes' placeholders describe: account my-account, app shop, installs mystg and myprod. */
const ACCOUNT = 'my-account';
const PRODUCTION_ID = '3b9e4f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const seed: Seed = {
  accounts: [{ name: ACCOUNT }],
  credentials: [{ userId: 'demo-user', password: 'demo-password', account: ACCOUNT, roles: 'owner' }],
  sites: [
    {
      name: 'shop',
      account: ACCOUNT,
      installs: [
        { name: 'myprod', environment: 'production' },
        { name: 'mystg', environment: 'staging' },
      ],
    },
  ],
  headless: {
    accounts: [ACCOUNT],
    apps: [{ account: ACCOUNT, appId: 'shop', environments: [{ id: PRODUCTION_ID, displayName: 'production' }] }],
  },
};
const emulator = useEmulator({ seed, buildSeconds: 0.2 });

type Vars = Record<string, string>;
const RECIPES = readdirSync(join(ROOT, 'examples', 'ci')).filter((f) => f.endsWith('.yml'));
const text = (file: string) => readFileSync(join(ROOT, 'examples', 'ci', file), 'utf8');
const recipe = (file: string) => parse(text(file)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Setting {
  name: string;
  secret: boolean;
}

/**
 * The variables a recipe tells its user to set in the CI system's settings: the comment block
 * `# Variables to set in <where>:` and one `#   NAME  description` line each after it
 * (`secret` first in the description for a secret one).
 */
export function settingsOf(recipeText: string): Setting[] {
  const lines = recipeText.split('\n');
  const start = lines.findIndex((l) => /^# Variables to set in .+:$/.test(l));
  const found: Setting[] = [];
  for (const line of start < 0 ? [] : lines.slice(start + 1)) {
    const m = /^#\s{2,}([A-Za-z_][\w.]*)\s+(\S.*)$/.exec(line);
    if (!m) break;
    found.push({ name: m[1]!, secret: m[2]!.startsWith('secret') });
  }
  return found;
}

/**
 * Where a text runs this package (`npx`, `npm exec`, a global install, a packed tarball) by
 * anything but `headless-deploy@{version}` or `headless-deploy-{version}.tgz`, as `line: command`.
 * A bare name runs whatever the registry answers for it, with the API password in its environment.
 */
export function unpinnedRuns(source: string, version: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    for (const command of line.split(/[`'"|;&()]/)) {
      const words = command.trim().split(/\s+/);
      const at = words.findIndex(
        (w, j) => w === 'npx' || (w === 'npm' && /^(exec|install|i)$/.test(words[j + 1] ?? '')),
      );
      if (at < 0) continue;
      const args = words.slice(words[at] === 'npx' ? at + 1 : at + 2);
      const global = args.includes('-g') || args.includes('--global');
      const pkg =
        args.find((_w, j) => ['--package', '-p'].includes(args[j - 1] ?? '')) ??
        args.find((w) => w.startsWith('--package='))?.slice('--package='.length);
      // With --package, the word after the flags is a program of that package, not a package.
      const spec = pkg ?? args.find((w) => !w.startsWith('-')) ?? '';
      const tarball = /headless-deploy-([^/]*)\.tgz$/.exec(spec);
      const named = /^headless-deploy(?:-emulator)?(?:@(.*))?$/.exec(spec);
      const runs = words[at] === 'npx' || words[at + 1] === 'exec' || global || tarball;
      if (runs && ((tarball && tarball[1] !== version) || (named && named[1] !== version))) {
        found.push(`${i + 1}: ${command.trim()}`);
      }
    }
  });
  return found;
}

let bin = '';
const scratch = mkdtempSync(join(tmpdir(), 'hd-recipes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeAll(async () => {
  ({ bin } = await packAndInstall(scratch));
  writeFileSync(
    join(scratch, 'npx'),
    [
      '#!/bin/sh',
      'while [ "$1" = "--yes" ] || [ "$1" = "-y" ]; do shift; done',
      `if [ "$1" = "headless-deploy@${VERSION}" ]; then shift; exec '${bin}' "$@"; fi`,
      `echo "npx $1: recipes run headless-deploy@${VERSION}, package.json's version, and nothing else" >&2`,
      'exit 127',
      '',
    ].join('\n'),
  );
  chmodSync(join(scratch, 'npx'), 0o755);
}, 240_000);

/** What the recipes' settings hold here: the emulator stands for the platform. */
async function settingValues(): Promise<Vars> {
  const { urls } = await webhooksOf(emulator, PRODUCTION_ID);
  return {
    HEADLESS_DEPLOY_API_USER_ID: 'demo-user',
    HEADLESS_DEPLOY_API_PASSWORD: 'demo-password',
    apiUserId: 'demo-user',
    apiPassword: 'demo-password',
    HEADLESS_DEPLOY_ACCOUNT: ACCOUNT,
    HEADLESS_DEPLOY_API_URL: emulator.hostingUrl,
    HEADLESS_DEPLOY_HEADLESS_API_URL: emulator.headlessUrl,
    HEADLESS_DEPLOY_WEBHOOK_URL: urls.purgeCache,
    PURGE_WEBHOOK_URL: urls.purgeCache,
    HEADLESS_DEPLOY_ENVIRONMENT_URL: `${emulator.url}/__sites/{environment-id}/`,
  };
}

/** The recipe's settings, each with its value; a name this rehearsal has no value for fails. */
async function settingsFor(file: string): Promise<{ vars: Vars; secret: ReadonlySet<string> }> {
  const settings = settingsOf(text(file));
  expect(settings.length, `${file}: its "# Variables to set in …:" list`).toBeGreaterThan(0);
  const values = await settingValues();
  const unknown = settings.filter((s) => !(s.name in values)).map((s) => s.name);
  expect(unknown, `${file} names variables the rehearsal has no value for`).toEqual([]);
  return {
    vars: Object.fromEntries(settings.map((s) => [s.name, values[s.name]!])),
    secret: new Set(settings.filter((s) => s.secret).map((s) => s.name)),
  };
}

async function rehearse(
  lines: readonly string[],
  vars: Vars,
  cwd: string,
): Promise<{ code: number | null; log: string }> {
  expect(lines.length).toBeGreaterThan(0);
  const env = plainEnv(vars);
  // The CI image's node on the PATH, and npx standing for npm's.
  const path = [scratch, dirname(process.execPath), env.PATH ?? ''].join(delimiter);
  const child = spawn('bash', ['-eo', 'pipefail', '-c', lines.join('\n')], {
    cwd,
    env: { ...env, PATH: path },
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

describe('recipes and docs name the program pinned', () => {
  const sources = [...RECIPES.map((f) => `examples/ci/${f}`), ...DOC_FILES];
  it.each(sources)(`%s runs headless-deploy@${VERSION} (package.json's version), never a bare name`, (file) => {
    expect(unpinnedRuns(readFileSync(join(ROOT, file), 'utf8'), VERSION)).toEqual([]);
  });

  it('catches a bare name, another version, an unpinned tarball (planted)', () => {
    const runs = (t: string) => unpinnedRuns(t, '1.2.3');
    expect(runs('npx --yes headless-deploy --help')).toHaveLength(1);
    expect(runs('- npx headless-deploy@1.2.2 --app shop')).toHaveLength(1);
    expect(runs('(`npx headless-deploy-emulator` where installed)')).toHaveLength(1);
    expect(runs('npm install --global headless-deploy')).toHaveLength(1);
    expect(runs('npx --yes ./headless-deploy-1.0.0.tgz --help')).toHaveLength(1);
    expect(runs('npx -y --package=headless-deploy@1.2.3 headless-deploy-emulator')).toEqual([]);
    expect(runs('npx --yes headless-deploy@1.2.3 --help && npx vitest run')).toEqual([]);
    expect(runs('npm install --offline ./headless-deploy-1.2.3.tgz; npm install headless-deploy')).toEqual([]);
  });
});

describe.runIf(process.platform !== 'win32')('examples/ci recipes, rehearsed from the packed package', () => {
  it('finds the four recipes, each with its settings list', () => {
    expect([...RECIPES].sort()).toEqual([
      'azure-pipelines.yml',
      'bitbucket-pipelines.yml',
      'circleci-config.yml',
      'gitlab-ci.yml',
      'gitlab-fleet.yml',
    ]);
    for (const file of RECIPES) expect(settingsOf(text(file)).length, file).toBeGreaterThan(0);
  });

  describe('GitLab CI', () => {
    const doc = recipe('gitlab-ci.yml');
    /** `$NAME` and `${NAME}` in a YAML variable's value, expanded as GitLab does. */
    const expand = (vars: Vars, values: Vars = {}) =>
      Object.fromEntries(
        Object.entries(values).map(([k, v]) => [
          k,
          String(v).replace(/\$\{?(\w+)\}?/g, (_m, name: string) => vars[name] ?? ''),
        ]),
      );
    /** A job's lines and variables: project (settings) variables outrank the YAML's, a job's the file's. */
    const job = async (name: string, source: string) => {
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
      const { vars: project } = await settingsFor('gitlab-ci.yml');
      const known = { ...predefined, ...project };
      const file = expand(known, doc.variables);
      const own = expand({ ...file, ...known }, doc[name].variables);
      const vars = { ...predefined, ...file, ...own, ...project };
      return { cwd, run: () => rehearse(doc[name].script as string[], vars, cwd) };
    };

    it('deploy: on a push to the default branch, and nothing else', async () => {
      expect(doc.deploy.rules[0].if).toContain('"push"');
      const { cwd, run } = await job('deploy', 'push');
      const r = await run();
      expect(r.code, r.log).toBe(0);
      const out = () => readFileSync(join(cwd, '.headless-deploy', 'deploy.out'), 'utf8');
      expect(out()).toContain('status=success');
      expect(readFileSync(join(cwd, '.headless-deploy', 'summary.md'), 'utf8')).toContain('headless-deploy');
      expect(emulator.state.uploads).toMatchObject([{ app: 'shop', environment: PRODUCTION_ID }]);
      expect(emulator.state.webhookCalls).toEqual([]);
      // Run again over the job's cache: nothing changed, nothing uploaded.
      expect(readFileSync(join(cwd, '.headless-deploy', 'digest'), 'utf8')).toMatch(/^sha256:[0-9a-f]{64}\n$/);
      const again = await run();
      expect(again.code, again.log).toBe(0);
      expect(out()).toMatch(/^status=unchanged$/m);
      expect(emulator.state.uploads).toHaveLength(1);
      // One byte changed in what is deployed: deployed again.
      writeFileSync(join(cwd, 'package.json'), `${readFileSync(join(cwd, 'package.json'), 'utf8')} `);
      const changed = await run();
      expect(changed.code, changed.log).toBe(0);
      expect(out()).toMatch(/^status=success$/m);
      expect(emulator.state.uploads).toHaveLength(2);
    });

    it('purge-cache: on a schedule, by the trigger URL given to this job alone', async () => {
      expect(doc['purge-cache'].rules[0].if).toContain('"schedule"');
      const r = await (await job('purge-cache', 'schedule')).run();
      expect(r.code, r.log).toBe(0);
      expect(emulator.state.webhookCalls).toMatchObject([{ app: 'shop', environment: PRODUCTION_ID }]);
      expect(emulator.state.uploads).toEqual([]);
      const { token } = await webhooksOf(emulator, PRODUCTION_ID);
      expect(r.log).not.toContain(token);
    });

    it('promote: a manual job copying the staging install over production, and no purge', async () => {
      expect(doc.promote.rules[0].when).toBe('manual');
      const r = await (await job('promote', 'web')).run();
      expect(r.code, r.log).toBe(0);
      expect(emulator.state.installCopies).toHaveLength(1);
      expect(emulator.state.installCopies[0]).toMatchObject({ notification_emails: ['dev@example.com'] });
      expect(emulator.state.webhookCalls).toEqual([]);
    });
  });

  it('GitLab CI, a fleet: the plan job writes a child pipeline of the changed targets, whose jobs deploy them', async () => {
    const doc = recipe('gitlab-fleet.yml');
    // The monorepo of examples/fleet.yml; the push changes the shop alone.
    const cwd = makeWorkspace({
      'fleet.yml': readFileSync(join(ROOT, 'examples', 'fleet.yml'), 'utf8'),
      ...Object.fromEntries(
        ['shop', 'blog', 'docs'].flatMap((app) => [
          [`apps/${app}/package.json`, `{"name":"${app}"}\n`],
          [`apps/${app}/index.js`, `console.log('${app}');\n`],
        ]),
      ),
    });
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=dev', '-c', 'user.email=dev@example.com', '-c', 'commit.gpgsign=false', ...args],
        {
          cwd,
          encoding: 'utf8',
        },
      ).trim();
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-qm', 'apps');
    const before = git('rev-parse', 'HEAD');
    writeFileSync(join(cwd, 'apps/shop/index.js'), "console.log('shop 2');\n");
    git('commit', '-qam', 'shop');
    const predefined: Vars = {
      CI: 'true',
      GITLAB_CI: 'true',
      CI_PIPELINE_SOURCE: 'push',
      CI_COMMIT_BRANCH: 'main',
      CI_DEFAULT_BRANCH: 'main',
      CI_PROJECT_DIR: cwd,
      CI_COMMIT_SHA: git('rev-parse', 'HEAD'),
      CI_COMMIT_BEFORE_SHA: before,
    };
    const { vars: project } = await settingsFor('gitlab-fleet.yml');
    const plan = await rehearse(doc.plan.script as string[], { ...predefined, ...doc.plan.variables, ...project }, cwd);
    expect(plan.code, plan.log).toBe(0);
    expect(emulator.requests()).toEqual([]);
    // The trigger runs the plan job's artifact.
    expect(doc.plan.artifacts.paths).toEqual(['fleet-pipeline.yml']);
    expect(doc.fleet.trigger.include).toEqual([{ artifact: 'fleet-pipeline.yml', job: 'plan' }]);
    const child = parse(readFileSync(join(cwd, 'fleet-pipeline.yml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const jobs = Object.keys(child).filter((k) => !k.startsWith('.') && k !== 'stages');
    expect(jobs).toEqual(['fleet:shop-staging', 'fleet:shop-production']);
    expect(child['fleet:shop-production'].needs).toEqual(['fleet:shop-staging']);
    // Each child job, wave by wave, with the project's variables and the fleet job's, as GitLab passes them down.
    for (const name of jobs) {
      const job = child[name];
      const vars = { ...predefined, ...doc.fleet.variables, ...job.variables, ...project };
      const r = await rehearse(child[job.extends].script as string[], vars, cwd);
      expect(r.code, r.log).toBe(0);
      expect(r.log).toMatch(/^status=success$/m);
      expect(r.log).toMatch(/^health=healthy$/m);
    }
    const env = (id: string) => emulator.state.environments.find((e) => e.id === id)?.displayName;
    expect(emulator.state.uploads.map((u) => [u.app, env(u.environment)])).toEqual([
      ['shop', 'staging'],
      ['shop', 'production'],
    ]);
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
    const { vars } = await settingsFor('bitbucket-pipelines.yml');
    const r = await rehearse(step.script, { ...predefined, ...vars }, cwd);
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
    const { vars } = await settingsFor('circleci-config.yml');
    const r = await rehearse(lines, { ...predefined, ...vars, ...job.environment }, cwd);
    expect(r.code, r.log).toBe(0);
    expect(readFileSync(join(cwd, 'deploy-summary.md'), 'utf8')).toContain('headless-deploy');
    expect(emulator.state.uploads).toMatchObject([{ app: 'shop', environment: PRODUCTION_ID }]);
  });

  it('Azure Pipelines: secrets mapped by the step, other variables as the environment, $(macros) expanded', async () => {
    const steps = recipe('azure-pipelines.yml').steps as { script?: string; env?: Vars }[];
    const cwd = makeWorkspace();
    const staging = mkdtempSync(join(tmpdir(), 'hd-azure-staging-'));
    const { vars, secret } = await settingsFor('azure-pipelines.yml');
    const pipeline: Vars = { ...vars, 'Build.ArtifactStagingDirectory': staging };
    // A pipeline variable that is not secret reaches scripts as NAME upper-cased, `.` as `_`.
    const plain = Object.fromEntries(
      Object.entries(pipeline)
        .filter(([name]) => !secret.has(name))
        .map(([name, value]) => [name.toUpperCase().replace(/\./g, '_'), value]),
    );
    const macro = (t: string) => t.replace(/\$\(([\w.]+)\)/g, (_m, name: string) => pipeline[name] ?? '');
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

  it("the README's terminal snippet: its exports filled in, run as written", async () => {
    const readme = readDoc('README.md');
    const section = readme.slice(readme.indexOf('\n## Other CI systems and a terminal\n'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
    const values = await settingValues();
    // `NAME=...` is the reader's to fill in: a name this rehearsal has no value for stays `...` and fails.
    const filled = block.replace(/\b(\w+)=\.\.\./g, (m, name: string) =>
      name in values ? `${name}='${values[name]}'` : m,
    );
    expect(filled).not.toContain('=...');
    const r = await rehearse(filled.split('\n'), {}, makeWorkspace());
    expect(r.code, r.log).toBe(0);
    expect(r.log).toContain('--environment');
    expect(emulator.state.uploads).toMatchObject([{ app: 'shop', environment: PRODUCTION_ID }]);
  });
});
