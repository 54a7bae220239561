/**
 * `npm run bench -- archive`: the user's manual path (zip -r, then curl) against the action's
 * (plan + parallel zip writer + streamed upload), on the same generated workspace in the same
 * run, plus the action's peak RSS measured in a child process on a medium and a large tree.
 *
 * `npm run bench -- archive --workers 2,4,8,16` instead runs the action's path with each of
 * those numbers of deflate workers, whatever the cores, once each on the medium and the large
 * tree, in a child process on this Node and on Node 24 when HEADLESS_DEPLOY_NODE24 names it, and
 * prints the peak RSS and the time of each: what each worker costs, and what it gains.
 */
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdir, rm, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { promisify } from 'node:util';
import { runActionPath, type ActionTiming } from './archive-action.js';
import { startUploadSink, UPLOAD_PATH, type UploadSink } from './archive-sink.js';
import { ensureWorkspace, LARGE, MEDIUM } from './archive-workspace.js';
import { deflateWorkerCount } from '../src/archive/index.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const WORK = path.join(here, '.work');
const RUNS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fixed = (x: number, digits = 3) => Number(x.toFixed(digits));
const print = (key: string, value: number | string) => console.log(`${key}=${value}`);

async function zipAndCurl(root: string, tempDir: string, sink: UploadSink): Promise<{ ms: number; bytes: number }> {
  const zipFile = path.join(tempDir, 'app.zip');
  await rm(zipFile, { force: true }); // zip -r would otherwise update the old archive
  const t0 = performance.now();
  await run('zip', ['-qr', zipFile, '.', '-x', '.git/*', 'node_modules/*'], { cwd: root });
  const { stdout } = await run('curl', [
    '-s',
    '-u',
    'user:pass',
    '-F',
    `repository=@${zipFile}`,
    sink.url + UPLOAD_PATH,
  ]);
  const ms = performance.now() - t0;
  if (!stdout.includes('no_build')) throw new Error(`curl upload was refused: ${stdout.slice(0, 200)}`);
  return { ms, bytes: (await stat(zipFile)).size };
}

/**
 * The child runs as the action does: one file bundled by ncc, under plain node. (Under tsx the
 * same process would carry tsx's loader too, about 30 MB that the action never has.)
 */
async function bundleChild(): Promise<string> {
  const outDir = path.join(WORK, 'child');
  const ncc = path.join(here, '..', 'node_modules', '.bin', 'ncc');
  await run(ncc, ['build', path.join(here, 'archive-child.ts'), '-o', outDir, '--target', 'es2022', '-q']);
  return path.join(outDir, 'index.js');
}

async function childRss(
  child: string,
  root: string,
  tempDir: string,
  sink: UploadSink,
  node = process.execPath,
  workers?: number,
) {
  const args = [child, root, tempDir, sink.url, ...(workers === undefined ? [] : [String(workers)])];
  const { stdout } = await run(node, args, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as ActionTiming & { maxRssMb: number };
}

/** The same bundle doing nothing: what node alone costs. */
async function baselineRss(child: string): Promise<number> {
  const { stdout } = await run(process.execPath, [child, '--baseline', '-', '-']);
  return (JSON.parse(stdout) as { maxRssMb: number }).maxRssMb;
}

/** The counts after `--workers` (`2,4,8,16`), or undefined when not given. */
function workerCounts(argv: readonly string[]): number[] | undefined {
  const at = argv.indexOf('--workers');
  if (at < 0) return undefined;
  const counts = (argv[at + 1] ?? '').split(',').map(Number);
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error('--workers takes whole numbers from 1, separated by commas: --workers 2,4,8,16');
  }
  return counts;
}

/** This Node, and Node 24 (the runtime action.yml names) when HEADLESS_DEPLOY_NODE24 names it. */
function nodes(): [string, string][] {
  const list: [string, string][] = [[`node${process.versions.node.split('.')[0]}`, process.execPath]];
  const node24 = process.env.HEADLESS_DEPLOY_NODE24;
  if (node24 && !list.some(([name]) => name === 'node24')) list.push(['node24', node24]);
  return list;
}

/** Peak RSS and time of the action's path with each number of deflate workers, on both trees. */
async function workerSweep(counts: number[], trees: { medium: string; large: string }, tempDir: string) {
  const sink = await startUploadSink();
  try {
    const child = await bundleChild();
    print('archive_cores', availableParallelism());
    print('archive_workers_default', deflateWorkerCount());
    for (const [name, node] of nodes()) {
      for (const n of counts) {
        for (const [tree, root] of Object.entries(trees)) {
          const r = await childRss(child, root, tempDir, sink, node, n);
          print(`archive_workers_${n}_${tree}_peak_rss_mb_${name}`, fixed(r.maxRssMb, 1));
          print(`archive_workers_${n}_${tree}_ms_${name}`, fixed(r.totalMs, 1));
        }
      }
    }
  } finally {
    await sink.close();
  }
}

export async function runArchiveBench(): Promise<void> {
  const counts = workerCounts(process.argv);
  await mkdir(WORK, { recursive: true });
  const tempDir = path.join(WORK, 'tmp');
  await mkdir(tempDir, { recursive: true });
  const t = performance.now();
  const medium = await ensureWorkspace(WORK, MEDIUM);
  const large = await ensureWorkspace(WORK, LARGE);
  print('archive_workspace_setup_s', fixed((performance.now() - t) / 1000, 1));
  if (counts) {
    try {
      return await workerSweep(counts, { medium, large }, tempDir);
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  }

  const sink = await startUploadSink();
  try {
    const manual: number[] = [];
    const action: ActionTiming[] = [];
    let zipBytes = 0;
    // Alternate the two paths so neither gets a warmer cache or a quieter machine.
    for (let i = 0; i < RUNS; i++) {
      const z = await zipAndCurl(medium, tempDir, sink);
      if (sink.stats.lastBytes < z.bytes) throw new Error('the sink got less than the zip from curl');
      manual.push(z.ms);
      zipBytes = z.bytes;
      const a = await runActionPath(medium, tempDir, sink.url);
      if (sink.stats.lastBytes < a.zipBytes) throw new Error('the sink got less than the zip from the action');
      action.push(a);
    }
    if (new Set(action.map((a) => a.sha256)).size !== 1) throw new Error('the action made different zips of one tree');
    await run('unzip', ['-tq', path.join(tempDir, 'action.zip')]);
    print('archive_medium_files', action[0]!.files);
    print('archive_zip_curl_ms', fixed(median(manual), 1));
    for (const key of ['totalMs', 'planMs', 'writeMs', 'uploadMs'] as const) {
      print(
        `archive_action_${key.replace('Ms', '').replace('total', 'all')}_ms`,
        fixed(median(action.map((a) => a[key])), 1),
      );
    }
    print('archive_zip_bytes', zipBytes);
    print('archive_action_zip_bytes', action[0]!.zipBytes);

    const child = await bundleChild();
    const base = await baselineRss(child);
    const rssMedium = await childRss(child, medium, tempDir, sink);
    const rssLarge = await childRss(child, large, tempDir, sink);
    print('archive_workers', deflateWorkerCount());
    print('archive_baseline_rss_mb', fixed(base, 1));
    print('archive_medium_peak_rss_mb', fixed(rssMedium.maxRssMb, 1));
    print('archive_large_files', rssLarge.files);
    print('archive_large_action_ms', fixed(rssLarge.totalMs, 1));
    print('archive_large_write_ms', fixed(rssLarge.writeMs, 1));
    print('archive_large_zip_bytes', rssLarge.zipBytes);

    print('archive_ratio_vs_zip_curl', fixed(median(action.map((a) => a.totalMs)) / median(manual)));
    print('archive_size_ratio_vs_zip', fixed(action[0]!.zipBytes / zipBytes));
    print('archive_peak_rss_mb', fixed(rssLarge.maxRssMb, 1));
    print('archive_rss_growth', fixed(rssLarge.maxRssMb / rssMedium.maxRssMb));
    // The same on Node 24, the runtime action.yml names, when HEADLESS_DEPLOY_NODE24 points to it.
    const node24 = process.env.HEADLESS_DEPLOY_NODE24;
    if (node24 && process.versions.node.split('.')[0] !== '24') {
      print('archive_peak_rss_mb_node24', fixed((await childRss(child, large, tempDir, sink, node24)).maxRssMb, 1));
    }
  } finally {
    await sink.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}
