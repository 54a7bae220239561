/**
 * `npm run bench -- start [--runs N]`: the time from process spawn to the first HTTP request of
 * a deploy, dist/index.js started as the runner starts it (inputs as INPUT_* variables), on this
 * Node and on Node 24 when HEADLESS_DEPLOY_NODE24 names its binary. A bare HTTP server on the
 * loopback notes when the request arrives, and the action is stopped there: nothing after the
 * first request is measured.
 *
 * Two workspaces: the medium one of the step benchmark (a deploy plans its zip, walking the
 * workspace, before its first look-up) and a tiny one (planning takes next to nothing: what is
 * left is the start itself). Half the runs preload start-probe.mjs, which splits the time into
 * node's boot, loading the bundle (all of it: the action is one file), reading the inputs, and
 * up to the request, and reports the CPU used; the other half run bare and give
 * `start_to_first_request_ms`.
 * Figures are medians of N runs (default 9), and the quickest bare run (`_min_`); the two kinds
 * of run alternate.
 *
 * `--baseline <bundle>` measures another build too (e.g. an earlier dist/index.js copied aside),
 * its runs alternating with this one's so that both see the same moments of a busy machine; its
 * figures end in `_baseline` (marks it does not set print as NaN). A build split into chunks
 * (before the action became one bundle) set `headless-deploy:entry` before loading the rest, so
 * its split between the entry and the inputs is not comparable; its totals are.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAction } from '../scripts/runner.js';
import { ensureWorkspace, MEDIUM, type WorkspaceShape } from './archive-workspace.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORK = path.join(here, '.work');
const PROBE = path.join(here, 'start-probe.mjs');

const TINY: WorkspaceShape = {
  name: 'start-tiny',
  textFiles: 12,
  textMean: 2048,
  binaryFiles: 3,
  binaryMean: 4096,
  largeText: [],
  largeBinary: [],
  nodeModulesFiles: 0,
  gitFiles: 0,
};

interface Probe {
  boot: number;
  marks: Record<string, number>;
  request: number;
  cpu: number;
  /** CPU used when each mark was set. */
  cpuAt: Record<string, number>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const print = (key: string, value: number | string) =>
  console.log(`${key}=${typeof value === 'number' ? Number(value.toFixed(1)) : value}`);

/** A server that only notes arrivals: the action is stopped at the first, so no answer matters. */
async function arrivalServer() {
  let onArrival: (() => void) | undefined;
  const server = createServer((_req, res) => {
    onArrival?.();
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    next(fn: () => void) {
      onArrival = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Server = Awaited<ReturnType<typeof arrivalServer>>;

async function startOnce(entry: string | undefined, node: string, workspace: string, server: Server, probe: boolean) {
  let spawnedAt = 0;
  let arrivedAt = 0;
  const r = await runAction({
    entry,
    node,
    nodeArgs: probe ? ['--import', PROBE] : [],
    workspace,
    inputs: {
      'api-user-id': 'demo-user',
      'api-password': 'demo-password',
      'headless-api-url': `${server.url}/headless`,
      account: 'demo',
      app: 'web',
      environment: 'production',
      wait: 'false',
    },
    onSpawn: (child) => {
      spawnedAt = performance.now();
      server.next(() => {
        arrivedAt = performance.now();
        child.kill('SIGKILL');
      });
    },
    timeoutMs: 60_000,
  });
  if (arrivedAt === 0) throw new Error(`no request arrived (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  const line = /^start-probe (.*)$/m.exec(r.stderr)?.[1];
  if (probe && !line) throw new Error(`the probe wrote nothing:\n${r.stderr}`);
  return { ms: arrivedAt - spawnedAt, probe: line ? (JSON.parse(line) as Probe) : undefined };
}

interface Runs {
  bare: number[];
  probes: Probe[];
}

async function measure(
  label: string,
  node: string,
  workspace: string,
  server: Server,
  runs: number,
  baseline: string | undefined,
) {
  const entries: [string, string | undefined][] = [['', undefined]];
  if (baseline) entries.push(['_baseline', baseline]);
  const results = entries.map((): Runs => ({ bare: [], probes: [] }));
  for (let i = 0; i < runs; i++) {
    for (const [k, [, entry]] of entries.entries()) {
      results[k]!.bare.push((await startOnce(entry, node, workspace, server, false)).ms);
    }
    for (const [k, [, entry]] of entries.entries()) {
      results[k]!.probes.push((await startOnce(entry, node, workspace, server, true)).probe!);
    }
  }
  for (const [k, [suffix]] of entries.entries()) report(`${label}${suffix}`, results[k]!);
}

function report(label: string, { bare, probes }: Runs) {
  const mark = (p: Probe, name: string) => p.marks[`headless-deploy:${name}`] ?? NaN;
  print(`start_to_first_request_ms_${label}`, median(bare));
  // The quickest run is the nearest to a machine with nothing else to do.
  print(`start_to_first_request_min_ms_${label}`, Math.min(...bare));
  print(`start_node_boot_ms_${label}`, median(probes.map((p) => p.boot)));
  print(`start_entry_loaded_ms_${label}`, median(probes.map((p) => mark(p, 'entry'))));
  print(`start_entry_to_inputs_read_ms_${label}`, median(probes.map((p) => mark(p, 'inputs') - mark(p, 'entry'))));
  print(`start_inputs_to_first_request_ms_${label}`, median(probes.map((p) => p.request - mark(p, 'inputs'))));
  print(`start_cpu_to_first_request_ms_${label}`, median(probes.map((p) => p.cpu)));
  const cpu = (p: Probe, name: string) => p.cpuAt[`headless-deploy:${name}`] ?? NaN;
  print(`start_cpu_to_entry_loaded_ms_${label}`, median(probes.map((p) => cpu(p, 'entry'))));
  print(`start_cpu_inputs_to_first_request_ms_${label}`, median(probes.map((p) => p.cpu - cpu(p, 'inputs'))));
}

export async function runStartBench(): Promise<void> {
  const at = process.argv.indexOf('--runs');
  const runs = at > 0 ? Number(process.argv[at + 1]) : 9;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs');
  const b = process.argv.indexOf('--baseline');
  const baseline = b > 0 ? path.resolve(process.argv[b + 1] ?? '') : undefined;
  if (baseline && !existsSync(baseline)) throw new Error(`--baseline: no bundle at ${baseline}`);
  const nodes: [string, string][] = [[`node${process.versions.node.split('.')[0]}`, process.execPath]];
  const node24 = process.env.HEADLESS_DEPLOY_NODE24;
  if (node24) nodes.push(['node24', node24]);
  else console.log('# HEADLESS_DEPLOY_NODE24 is not set: this Node only');
  const medium = await ensureWorkspace(WORK, MEDIUM);
  const tiny = await ensureWorkspace(WORK, TINY);
  const server = await arrivalServer();
  try {
    for (const [name, node] of nodes) {
      await measure(`${name}_tiny`, node, tiny, server, runs, baseline);
      await measure(`${name}_medium`, node, medium, server, runs, baseline);
    }
  } finally {
    await server.close();
  }
}
