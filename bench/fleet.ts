/**
 * `npm run bench -- fleet`: a fleet at scale, as users run it.
 *
 * - The plan of 1,000 targets (500 apps × staging and production, four waves of 250): the
 *   program's `plan` (dist/cli/index.js, a process of its own, as another CI or a laptop runs it)
 *   with `--changed-since HEAD~1` in a git checkout whose last commit changed 2,000 files of
 *   half the apps. `fleet_plan_1000_ms` is that whole process, start to exit (median of 5);
 *   `fleet_plan_1000_in_process_ms` is the read, the git diff and the plan alone, without the
 *   process start.
 * - The fan-out: 200 targets (100 apps × staging and production), their apps and environments
 *   seeded in the emulator (so a deploy finds them and creates nothing), the emulator answering
 *   429 (Retry-After: 1) to a tenth of requests. The plan's matrix entries run as separate
 *   processes of dist/index.js, as the runner starts them (inputs as INPUT_* variables: the
 *   credentials, `fleet` and `target`), at most 8 at once, each waiting for its build (0.2 s).
 *   Counted from the emulator's state and request log: targets deployed (an environment with an
 *   upload), doubled (an upload beyond the first to one environment, or an app or environment
 *   that exists twice), requests per target (every request, the 429s included). Peak RSS is
 *   the largest high-water mark of one entry's process.
 *
 * The emulator runs in this process (its state read directly). Prints `key=value` lines; fails
 * after printing when a target was not deployed exactly once.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator, type RunningEmulator, type Seed } from '../emulator/index.js';
import { defaultSeed } from '../emulator/store/seed.js';
import { mulberry32 } from '../scripts/prng.js';
import { runAction, type RunResult } from '../scripts/runner.js';
import { pollPeakRss } from './step.js';
import { readFleetFile } from '../src/inputs/fleet/read-fleet-file.js';
import { planFromWorkspace } from '../src/steps/fleet-plan/run.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '..', 'dist', 'cli', 'index.js');
const ACTION = path.join(here, '..', 'dist', 'index.js');

const PLAN_APPS = 500; // × 2 environments = 1,000 targets
const PLAN_FILES_PER_APP = 8;
const PLAN_WAVE_SIZE = 250; // within GitHub's 256 jobs per matrix
const PLAN_RUNS = 5;

const FANOUT_APPS = 100; // × 2 environments = 200 targets
const PARALLEL = 8;
const FAULTS = '429:0.1';
const BUILD_SECONDS = 0.2;
const ENVIRONMENTS = ['staging', 'production'] as const;
const CREDENTIALS = { 'api-user-id': 'demo-user', 'api-password': 'demo-password' };

/** The Node the entries run on: the runtime action.yml names when HEADLESS_DEPLOY_NODE24 points to it. */
const ACTION_NODE = process.env.HEADLESS_DEPLOY_NODE24 || process.execPath;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fixed = (x: number, digits = 1) => Number(x.toFixed(digits));
const print = (key: string, value: number | string) => console.log(`${key}=${value}`);
const appName = (i: number) => `app${String(i).padStart(3, '0')}`;

function git(cwd: string, ...args: string[]) {
  return run(
    'git',
    ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

/** A fleet of `apps` × staging and production, each app under apps/<app>; `wave` numbers each target. */
function fleetJson(apps: number, defaults: Record<string, string>, wave: (index: number) => number): string {
  const targets: Record<string, string | number>[] = [];
  for (let i = 0; i < apps; i++) {
    for (const environment of ENVIRONMENTS) {
      targets.push({
        name: `${appName(i)}-${environment}`,
        app: appName(i),
        environment,
        path: `apps/${appName(i)}`,
        wave: wave(targets.length),
      });
    }
  }
  return JSON.stringify({ defaults, targets }, null, 1);
}

/** Each app's folder: a package.json (a build fails without it) and `files` small modules. */
async function writeApps(workspace: string, apps: number, files: number, stamp: string): Promise<void> {
  for (let i = 0; i < apps; i++) {
    const dir = path.join(workspace, 'apps', appName(i));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'package.json'), `{"name":"${appName(i)}"}\n`);
    for (let f = 0; f < files; f++)
      await writeFile(path.join(dir, `file${f}.js`), `export default "${stamp} ${i}.${f}";\n`);
  }
}

/** `plan` of the 1,000-target fleet, as the program runs it and in this process. */
async function measurePlan(root: string): Promise<void> {
  const workspace = path.join(root, 'plan');
  await mkdir(workspace, { recursive: true });
  await writeFile(
    path.join(workspace, 'fleet.json'),
    fleetJson(
      PLAN_APPS,
      { account: 'demo', 'headless-api-url': 'https://headless.example.com' },
      (i) => 1 + Math.floor(i / PLAN_WAVE_SIZE),
    ),
  );
  await writeApps(workspace, PLAN_APPS, PLAN_FILES_PER_APP, 'base');
  await git(workspace, 'init', '-q', '-b', 'main');
  await git(workspace, 'add', '-A');
  await git(workspace, 'commit', '-qm', 'base');
  // Every other app changes all its files: 250 × 8 = 2,000 changed files, 500 targets planned.
  for (let i = 0; i < PLAN_APPS; i += 2) {
    const dir = path.join(workspace, 'apps', appName(i));
    for (let f = 0; f < PLAN_FILES_PER_APP; f++)
      await writeFile(path.join(dir, `file${f}.js`), `export default "next ${i}.${f}";\n`);
  }
  await git(workspace, 'commit', '-qam', 'half the apps');

  const args = [CLI, 'plan', '--fleet', 'fleet.json', '--changed-since', 'HEAD~1', '--format', 'json'];
  const cliMs: number[] = [];
  let planned = 0;
  for (let i = 0; i < PLAN_RUNS; i++) {
    const t0 = performance.now();
    const { stdout } = await run(process.execPath, args, { cwd: workspace, maxBuffer: 64 * 1024 * 1024 });
    cliMs.push(performance.now() - t0);
    planned = (JSON.parse(stdout) as unknown[]).length;
  }
  const inProcessMs: number[] = [];
  let changed = 0;
  for (let i = 0; i < PLAN_RUNS; i++) {
    const t0 = performance.now();
    const read = readFleetFile(workspace, 'fleet.json');
    if (!read.fleet) throw new Error(`the bench's fleet file is wrong: ${read.problems.join('; ')}`);
    const r = await planFromWorkspace(workspace, { fleet: read.fleet, file: read.file, changedSince: 'HEAD~1' });
    inProcessMs.push(performance.now() - t0);
    changed = r.changed?.length ?? 0;
  }
  print('fleet_plan_targets', PLAN_APPS * ENVIRONMENTS.length);
  print('fleet_plan_changed_files', changed);
  print('fleet_plan_planned', planned);
  print('fleet_plan_1000_ms', fixed(median(cliMs)));
  print('fleet_plan_1000_in_process_ms', fixed(median(inProcessMs)));
}

function fanoutSeed(): Seed {
  return {
    ...defaultSeed,
    headless: {
      accounts: ['demo'],
      apps: Array.from({ length: FANOUT_APPS }, (_, i) => ({
        account: 'demo',
        appId: appName(i),
        environments: ENVIRONMENTS.map((displayName) => ({ displayName, cmsEnvironment: 'demoprod' })),
      })),
    },
  };
}

interface EntryRun {
  target: string;
  result: RunResult;
  peakRssMb: number;
}

/** Runs `entries` through `work`, at most `limit` at once, in order of the list. */
async function pool<T, R>(entries: readonly T[], limit: number, work: (entry: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const i = next++;
      results[i] = await work(entries[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, entries.length) }, worker));
  return results;
}

/** Groups of `keys` holding more than one member, counted beyond the first. */
function extras(keys: string[]): number {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
}

async function measureFanout(root: string): Promise<void> {
  const workspace = path.join(root, 'fanout');
  await mkdir(workspace, { recursive: true });
  const seed = fanoutSeed();
  const emu: RunningEmulator = await startEmulator({
    seed,
    faults: FAULTS,
    buildSeconds: BUILD_SECONDS,
    random: mulberry32(45),
    maxLoggedRequests: 100_000,
  });
  try {
    await writeFile(
      path.join(workspace, 'fleet.json'),
      fleetJson(FANOUT_APPS, { account: 'demo', 'headless-api-url': emu.headlessUrl }, () => 1),
    );
    await writeApps(workspace, FANOUT_APPS, 3, 'fanout');
    const { stdout } = await run(process.execPath, [CLI, 'plan', '--fleet', 'fleet.json', '--format', 'json'], {
      cwd: workspace,
    });
    const entries = JSON.parse(stdout) as { target: string; app: string; environment: string }[];
    if (emu.requests().length !== 0) throw new Error('the plan made a request to the platform');

    const t0 = performance.now();
    const runs = await pool(entries, PARALLEL, async (entry): Promise<EntryRun> => {
      let stop: (() => number) | undefined;
      const result = await runAction({
        workspace,
        node: ACTION_NODE,
        inputs: { ...CREDENTIALS, fleet: 'fleet.json', target: entry.target },
        onSpawn: (child) => {
          if (child.pid) stop = pollPeakRss(child.pid);
        },
        timeoutMs: 120_000,
      });
      return { target: entry.target, result, peakRssMb: stop?.() ?? 0 };
    });
    const wallS = (performance.now() - t0) / 1000;

    const state = emu.state;
    const requests = emu.requests();
    const envKey = (e: { account: string; app: string; environment: string }) =>
      `${e.account}/${e.app}/${e.environment}`;
    const uploadKeys = state.uploads.map(envKey);
    const targetEnvironments = new Map(
      state.environments.map((e) => [`${e.account}/${e.app}/${e.displayName}`, `${e.account}/${e.app}/${e.id}`]),
    );
    const deployed = entries.filter((e) => {
      const id = targetEnvironments.get(`demo/${e.app}/${e.environment}`);
      return id !== undefined && uploadKeys.includes(id);
    }).length;
    const seededApps = seed.headless!.apps!.length;
    const seededEnvironments = FANOUT_APPS * ENVIRONMENTS.length;
    const doubled =
      extras(uploadKeys) +
      extras(state.apps.map((a) => `${a.account}/${a.appId}`)) +
      extras(state.environments.map((e) => `${e.account}/${e.app}/${e.displayName}`));
    const failed = runs.filter((r) => r.result.code !== 0 || r.result.outputs.status !== 'success');
    const rss = runs.map((r) => r.peakRssMb).filter((mb) => mb > 0);

    print('fleet_fanout_targets', entries.length);
    print('fleet_fanout_parallel', PARALLEL);
    print('fleet_fanout_faults', FAULTS);
    print('fleet_fanout_build_seconds', BUILD_SECONDS);
    print('fleet_action_node', ACTION_NODE === process.execPath ? process.version : 'HEADLESS_DEPLOY_NODE24');
    print('fleet_fanout_failed', failed.length);
    print('fleet_fanout_deployed', deployed);
    print('fleet_fanout_doubled', doubled);
    print('fleet_fanout_created', state.apps.length - seededApps + state.environments.length - seededEnvironments);
    print('fleet_fanout_wall_s', fixed(wallS));
    print('fleet_fanout_entry_median_s', fixed(median(runs.map((r) => r.result.durationMs)) / 1000));
    print('fleet_fanout_peak_rss_mb', rss.length ? fixed(Math.max(...rss)) : 'not measured: this system has no /proc');
    if (rss.length) print('fleet_fanout_median_rss_mb', fixed(median(rss)));
    print('fleet_fanout_requests', requests.length);
    print('fleet_fanout_429s', requests.filter((r) => r.status === 429).length);
    print('fleet_fanout_requests_per_target', fixed(requests.length / entries.length, 2));

    const first = failed[0];
    if (first) {
      const tail = `${first.result.stdout}\n${first.result.stderr}`.trim().split('\n').slice(-15).join('\n');
      throw new Error(
        `${failed.length} matrix entries failed; the first, ${first.target} (exit ${first.result.code}):\n${tail}`,
      );
    }
    if (deployed !== entries.length || doubled !== 0) {
      throw new Error(
        `${deployed} of ${entries.length} targets deployed, ${doubled} doubled: each should be deployed once`,
      );
    }
  } finally {
    await emu.close();
  }
}

export async function runFleetBench(): Promise<void> {
  for (const [file, what] of [
    [CLI, 'dist/cli/index.js'],
    [ACTION, 'dist/index.js'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${what} is missing: run npm run package first`);
  }
  const root = await mkdtemp(path.join(tmpdir(), 'fleet-bench-'));
  try {
    await measurePlan(root);
    await measureFanout(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
