/**
 * `npm run bench -- step [--small] [--phases]`: the deploy step as users feel it — process
 * start, look-ups, zip, upload — against the manual path (`zip -qr -6`, then `curl -F`) on the
 * same workspace, to the same emulator upload route, side by side in one run. The action runs as
 * the runner runs it (dist/index.js, inputs as INPUT_* variables) with `wait: false`, so the build
 * is not part of the figure. Both paths go through one reverse proxy in front of the emulator: on
 * the loopback it only forwards; on the throttled link it paces request bodies at 20 MiB/s. The
 * emulator runs in a process of its own (step-emulator.ts). The action runs on Node 24, the
 * runtime action.yml names, when HEADLESS_DEPLOY_NODE24 points to it; else on this Node.
 *
 * Prints `key=value` lines; the ratios are action time / zip+curl time (medians of 3). Where
 * Linux's /proc is there, it also prints the CPU (every thread) each path took, the emulator's
 * and the proxy's while the action ran, and `step_ratio_loopback_cpu_floor`: the ratio the
 * action would reach if all that CPU were spread over this machine's cores without a pause.
 * `--phases` adds runs of the action on the loopback with step-phases.mjs preloaded, and prints
 * when each phase of the deploy was reached (medians): where the time goes, for whoever makes
 * it shorter. Without `--small` (or with `--unchanged`) it also times an unchanged re-deploy of the
 * large tree (`skip-if-digest`: hashed, nothing zipped or sent) against `zip -qr -6` of that tree
 * and the full deploy (`step_unchanged_*`).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Seed } from '../emulator/index.js';
import { defaultSeed } from '../emulator/store/seed.js';
import { runAction } from '../scripts/runner.js';
import { ensureWorkspace, LARGE, MEDIUM, type WorkspaceShape } from './archive-workspace.js';
import { childrenCpuMs } from './proc-cpu.js';
import { startEmulatorProcess, type EmulatorProcess } from './step-emulator.js';
import { startPacingProxy, type PacingProxy } from './step-proxy.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const WORK = path.join(here, '.work');
const RUNS = 3;
const MiB = 1024 * 1024;
const THROTTLE = 20 * MiB;
const PHASE_RUNS = 5;
const PHASE_PROBE = path.join(here, 'step-phases.mjs');

/** About a quarter of the medium tree, for a quick look (`--small`). */
const SMALL: WorkspaceShape = {
  ...MEDIUM,
  name: 'step-small',
  textFiles: 900,
  binaryFiles: 340,
  largeText: [1 * MiB],
  largeBinary: [2 * MiB],
  nodeModulesFiles: 2000,
  gitFiles: 100,
};

const APP = {
  account: 'demo',
  app: 'web',
  environmentId: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
  environment: 'production',
};
const USER = 'demo-user';
const PASSWORD = 'demo-password';

/** The default seed plus the app and environment every run deploys to (a repeat deploy: no creation). */
const seed: Seed = {
  ...defaultSeed,
  headless: {
    accounts: [APP.account],
    apps: [
      {
        account: APP.account,
        appId: APP.app,
        environments: [{ id: APP.environmentId, displayName: APP.environment, cmsEnvironment: 'demoprod' }],
      },
    ],
  },
};

/** The Node the medium-tree runs use: the runtime's when available. */
const ACTION_NODE = process.env.HEADLESS_DEPLOY_NODE24 || process.execPath;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fixed = (x: number, digits = 3) => Number(x.toFixed(digits));
const print = (key: string, value: number | string) => console.log(`${key}=${value}`);

interface ActionRun {
  ms: number;
  startToFirstRequestMs: number;
  peakRssMb: number;
  stderr: string;
  outputs: Record<string, string>;
}

/**
 * The child's high-water mark from /proc, read until the process is gone. (Not /usr/bin/time
 * through a shell wrapper: sh drops the runner's `INPUT_HEADLESS-API-URL`-style variables, whose
 * names are not shell identifiers.)
 */
export function pollPeakRss(pid: number): () => number {
  let kb = 0;
  const read = () => {
    readFile(`/proc/${pid}/status`, 'utf8')
      .then((s) => {
        const m = /VmHWM:\s+(\d+) kB/.exec(s);
        if (m) kb = Math.max(kb, Number(m[1]));
      })
      .catch(() => undefined); // gone: the last reading stands
  };
  const timer = setInterval(read, 20);
  return () => {
    clearInterval(timer);
    return kb / 1024;
  };
}

async function runTheAction(
  workspace: string,
  proxy: PacingProxy,
  emulator: EmulatorProcess,
  node = process.execPath,
  nodeArgs: string[] = [],
  /** More inputs; with `skip-if-digest`, the run must end unchanged, having uploaded nothing. */
  extra: Record<string, string> = {},
): Promise<ActionRun> {
  const skipping = 'skip-if-digest' in extra;
  const uploadsBefore = (await emulator.uploads()).length;
  proxy.arrivals.length = 0;
  let spawnedAt = 0;
  let stopPoll: (() => number) | undefined;
  const r = await runAction({
    workspace,
    node,
    nodeArgs,
    inputs: {
      'api-user-id': USER,
      'api-password': PASSWORD,
      'headless-api-url': `${proxy.url}/headless`,
      account: APP.account,
      app: APP.app,
      environment: APP.environment,
      wait: 'false',
      ...extra,
    },
    onSpawn: (child) => {
      spawnedAt = performance.now();
      if (child.pid) stopPoll = pollPeakRss(child.pid);
    },
    timeoutMs: 300_000,
  });
  const polled = stopPoll?.();
  if (r.code !== 0 || (skipping ? r.outputs.unchanged !== 'true' : !r.outputs.operation)) {
    throw new Error(`the action failed (exit ${r.code}, status ${r.outputs.status}):\n${r.stdout}\n${r.stderr}`);
  }
  const uploads = (await emulator.uploads()).length - uploadsBefore;
  if (uploads !== (skipping ? 0 : 1)) throw new Error(`the action uploaded ${uploads} times`);
  const peakRssMb = polled ?? 0;
  const startToFirstRequestMs = proxy.arrivals[0]! - spawnedAt;
  return { ms: r.durationMs, startToFirstRequestMs, peakRssMb, stderr: r.stderr, outputs: r.outputs };
}

async function zipAndCurl(workspace: string, tempDir: string, proxy: PacingProxy): Promise<number> {
  const zipFile = path.join(tempDir, 'step.zip');
  await rm(zipFile, { force: true }); // zip -r would otherwise update the old archive
  const t0 = performance.now();
  await run('zip', ['-qr', '-6', zipFile, '.', '-x', '.git/*', 'node_modules/*'], { cwd: workspace });
  const route = `/headless/fu/v1/accounts/${APP.account}/apps/${APP.app}/environments/${APP.environmentId}:upload`;
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-u',
    `${USER}:${PASSWORD}`,
    '-F',
    `repository=@${zipFile}`,
    proxy.url + route,
  ]);
  const ms = performance.now() - t0;
  if (stdout.trim() !== '200') throw new Error(`curl upload answered ${stdout.trim()}`);
  return ms;
}

/** CPU of one run (ms, every thread): of its own processes, of the emulator, and of the bench's process (its proxy). */
interface RunCpu {
  own: number;
  emulator: number;
  proxy: number;
}

/** Runs `what` and notes the CPU it cost; undefined without /proc. */
async function withCpu<T>(emulator: EmulatorProcess, what: () => Promise<T>): Promise<[T, RunCpu | undefined]> {
  const children = childrenCpuMs();
  const server = emulator.cpuMs();
  const proxy = process.cpuUsage();
  const result = await what();
  const childrenAfter = childrenCpuMs();
  const serverAfter = emulator.cpuMs();
  if (children === undefined || server === undefined || childrenAfter === undefined || serverAfter === undefined) {
    return [result, undefined];
  }
  const bench = process.cpuUsage(proxy);
  return [
    result,
    { own: childrenAfter - children, emulator: serverAfter - server, proxy: (bench.user + bench.system) / 1000 },
  ];
}

async function measureLink(
  label: string,
  workspace: string,
  tempDir: string,
  emulator: EmulatorProcess,
  rate?: number,
) {
  const proxy = await startPacingProxy(emulator.url, rate);
  try {
    const manual: number[] = [];
    const action: ActionRun[] = [];
    const manualCpu: (RunCpu | undefined)[] = [];
    const actionCpu: (RunCpu | undefined)[] = [];
    // Alternate the two paths so neither gets a warmer cache or a quieter moment of the machine.
    for (let i = 0; i < RUNS; i++) {
      const [ms, cpu] = await withCpu(emulator, () => zipAndCurl(workspace, tempDir, proxy));
      manual.push(ms);
      manualCpu.push(cpu);
      const [run, runCpu] = await withCpu(emulator, () => runTheAction(workspace, proxy, emulator, ACTION_NODE));
      action.push(run);
      actionCpu.push(runCpu);
    }
    print(`step_zip_curl_${label}_ms`, fixed(median(manual), 1));
    print(`step_action_${label}_ms`, fixed(median(action.map((a) => a.ms)), 1));
    const cpu = printCpu(label, manualCpu, actionCpu);
    return { manual: median(manual), action, cpu };
  } finally {
    await proxy.close();
  }
}

/** The CPU medians of each path, and of the emulator and the proxy while the action ran. */
function printCpu(label: string, manualRuns: (RunCpu | undefined)[], actionRuns: (RunCpu | undefined)[]) {
  const manual = manualRuns.filter((c) => c !== undefined);
  const action = actionRuns.filter((c) => c !== undefined);
  if (manual.length !== manualRuns.length || action.length !== actionRuns.length) {
    print(`step_cpu_${label}`, 'not measured: this system has no /proc');
    return undefined;
  }
  const cpu = {
    zipCurl: median(manual.map((c) => c.own)),
    action: median(action.map((c) => c.own)),
    emulator: median(action.map((c) => c.emulator)),
    proxy: median(action.map((c) => c.proxy)),
  };
  print(`step_cpu_zip_curl_${label}_ms`, cpu.zipCurl);
  print(`step_cpu_action_${label}_ms`, cpu.action);
  print(`step_cpu_emulator_${label}_ms`, cpu.emulator);
  print(`step_cpu_proxy_${label}_ms`, fixed(cpu.proxy, 0));
  return cpu;
}

/** What step-phases.mjs reports: ms since the process started, and CPU ms. */
interface Phases {
  firstRequest?: number;
  workersCreated?: number;
  workersOnline?: number;
  uploadCreated?: number;
  uploadSent?: number;
  uploadAnswered?: number;
  exit: number;
  cpu: number;
  mainThreadCpu?: number;
}

/** Each phase, its figure, and whether a run may lack it (no thread CPU before Node 23.9). */
const PHASE_FIGURES: [keyof Phases, string, 'optional'?][] = [
  ['firstRequest', 'step_phase_first_request_ms'],
  ['uploadCreated', 'step_phase_plan_done_ms'],
  ['workersCreated', 'step_phase_workers_created_ms'],
  ['workersOnline', 'step_phase_workers_online_ms'],
  ['uploadSent', 'step_phase_zip_sent_ms'],
  ['uploadAnswered', 'step_phase_answered_ms'],
  ['exit', 'step_phase_exit_ms'],
  ['cpu', 'step_phase_cpu_ms'],
  ['mainThreadCpu', 'step_phase_main_thread_cpu_ms', 'optional'],
];

/** Runs of the action with the phase probe, on the loopback; medians of each phase. */
async function measurePhases(workspace: string, emulator: EmulatorProcess): Promise<void> {
  const proxy = await startPacingProxy(emulator.url);
  try {
    const runs: Phases[] = [];
    for (let i = 0; i < PHASE_RUNS; i++) {
      const r = await runTheAction(workspace, proxy, emulator, ACTION_NODE, ['--import', PHASE_PROBE]);
      const line = /^step-phases (.*)$/m.exec(r.stderr)?.[1];
      if (!line) throw new Error(`the phase probe wrote nothing:\n${r.stderr}`);
      runs.push(JSON.parse(line) as Phases);
    }
    for (const [key, figure, optional] of PHASE_FIGURES) {
      const values = runs.map((p) => p[key]).filter((v): v is number => typeof v === 'number');
      if (values.length === runs.length) print(figure, fixed(median(values), 1));
      else if (!optional) throw new Error(`the phase probe saw no ${key} in some runs: has the upload route changed?`);
    }
  } finally {
    await proxy.close();
  }
}

/**
 * Peak RSS of one deploy of the large tree (about 600 MiB, 16,000 files) on the loopback, on
 * this Node and on Node 24 (the runtime action.yml names) when HEADLESS_DEPLOY_NODE24 names it.
 */
async function largeTreeRss(emulator: EmulatorProcess): Promise<void> {
  const large = await ensureWorkspace(WORK, LARGE);
  const nodes: [string, string][] = [[`node${process.versions.node.split('.')[0]}`, process.execPath]];
  const node24 = process.env.HEADLESS_DEPLOY_NODE24;
  if (node24 && !nodes.some(([name]) => name === 'node24')) nodes.push(['node24', node24]);
  const proxy = await startPacingProxy(emulator.url);
  try {
    for (const [name, node] of nodes) {
      const run = await runTheAction(large, proxy, emulator, node);
      print(`step_large_peak_rss_mb_${name}`, fixed(run.peakRssMb, 1));
      print(`step_large_action_ms_${name}`, fixed(run.ms, 1));
    }
  } finally {
    await proxy.close();
  }
}

/**
 * An unchanged re-deploy of the large tree (`skip-if-digest` with the digest of a full deploy
 * just made): the tree is hashed, nothing zipped or sent. Against the time `zip -qr -6` takes on
 * the same tree and the full deploy, in the same run; medians of RUNS, zip and unchanged alternated.
 */
async function unchangedLarge(emulator: EmulatorProcess, tempDir: string): Promise<void> {
  const large = await ensureWorkspace(WORK, LARGE);
  const proxy = await startPacingProxy(emulator.url);
  try {
    const full = await runTheAction(large, proxy, emulator, ACTION_NODE);
    const digest = full.outputs['content-digest'];
    if (!digest) throw new Error('the full deploy set no content-digest');
    const before = await emulator.uploads();
    const zipMs: number[] = [];
    const unchanged: ActionRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      zipMs.push(await zipOnly(large, tempDir));
      unchanged.push(await runTheAction(large, proxy, emulator, ACTION_NODE, [], { 'skip-if-digest': digest }));
    }
    const sent = (await emulator.uploads()).slice(before.length).reduce((n, b) => n + b, 0);
    const ms = median(unchanged.map((u) => u.ms));
    print('step_unchanged_ms', fixed(ms, 1));
    print('step_unchanged_zip_ms', fixed(median(zipMs), 1));
    print('step_unchanged_full_deploy_ms', fixed(full.ms, 1));
    print('step_unchanged_ratio_vs_zip', fixed(ms / median(zipMs)));
    print('step_unchanged_ratio_vs_full', fixed(ms / full.ms));
    print('step_unchanged_upload_bytes', sent);
    print('step_unchanged_peak_rss_mb', fixed(Math.max(...unchanged.map((u) => u.peakRssMb)), 1));
    print('step_unchanged_full_peak_rss_mb', fixed(full.peakRssMb, 1));
  } finally {
    await proxy.close();
  }
}

/** `zip -qr -6` of the tree, as the manual path zips it, without the upload. */
async function zipOnly(workspace: string, tempDir: string): Promise<number> {
  const zipFile = path.join(tempDir, 'unchanged.zip');
  await rm(zipFile, { force: true });
  const t0 = performance.now();
  await run('zip', ['-qr', '-6', zipFile, '.', '-x', '.git/*', 'node_modules/*'], { cwd: workspace });
  const ms = performance.now() - t0;
  await rm(zipFile, { force: true });
  return ms;
}

export async function runStepBench(): Promise<void> {
  const small = process.argv.includes('--small');
  const entry = path.join(here, '..', 'dist', 'index.js');
  if (!existsSync(entry)) throw new Error('dist/index.js is missing: run npm run package first');
  await mkdir(WORK, { recursive: true });
  const tempDir = path.join(WORK, 'step-tmp');
  await mkdir(tempDir, { recursive: true });
  const workspace = await ensureWorkspace(WORK, small ? SMALL : MEDIUM);
  const emulator = await startEmulatorProcess(seed, path.join(tempDir, 'seed.json'));
  try {
    const loop = await measureLink('loopback', workspace, tempDir, emulator);
    const slow = await measureLink('20mibs', workspace, tempDir, emulator, THROTTLE);
    const all = [...loop.action, ...slow.action];
    print('step_workspace', small ? SMALL.name : MEDIUM.name);
    print('step_action_node', ACTION_NODE === process.execPath ? process.version : 'HEADLESS_DEPLOY_NODE24');
    print('step_zip_bytes', (await stat(path.join(tempDir, 'step.zip'))).size);
    print('step_action_upload_bytes', (await emulator.uploads()).at(-1)!);
    print('step_ratio_loopback', fixed(median(loop.action.map((a) => a.ms)) / loop.manual));
    print('step_ratio_20mibs', fixed(median(slow.action.map((a) => a.ms)) / slow.manual));
    const cores = availableParallelism();
    print('step_cores', cores);
    if (loop.cpu) {
      // The shortest the action could take if every core did its work, the emulator's and the proxy's, without a pause.
      const floor = (loop.cpu.action + loop.cpu.emulator + loop.cpu.proxy) / cores;
      print('step_ratio_loopback_cpu_floor', fixed(floor / loop.manual));
    }
    print('start_to_first_request_ms', fixed(median(all.map((a) => a.startToFirstRequestMs)), 1));
    print('step_action_peak_rss_mb', fixed(Math.max(...all.map((a) => a.peakRssMb)), 1));
    if (process.argv.includes('--phases')) await measurePhases(workspace, emulator);
    if (!small) await largeTreeRss(emulator);
    if (!small || process.argv.includes('--unchanged')) await unchangedLarge(emulator, tempDir);
  } finally {
    await emulator.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}
