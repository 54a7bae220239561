/**
 * `npm run bench -- poll`: how quickly waitForOperation notices a finished build, and how hard
 * it polls once backed off. The emulator and the client share one VirtualClock, so builds of
 * 1–60 s (and a 15-minute one) run in well under a second of real time, over real HTTP.
 *
 * - Twenty uploads whose builds take 1 s … 60 s, evenly spread (1 + i·59/19 s, so most do
 *   not fall on a whole second); each is waited for from the moment the upload answers.
 *   notice delay = virtual time the wait returned − virtual time the build became done.
 * - One 15-minute build, whose polls between minutes 5 and 15 give the rate at the cap.
 *
 * Prints `key=value` lines, the three target figures last.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipArchive } from 'archiver';
import { startEmulator } from '../emulator/index.js';
import { createClient } from '../src/api/client.js';
import { uploadOperationName } from '../src/api/operation-name.js';
import { VirtualClock } from '../src/util/clock.js';

const BUILDS = 20;
const CAP_BUILD_MS = 15 * 60_000;
const CREDENTIALS = { userId: 'demo-user', password: 'demo-password' };

async function writeZip(dir: string): Promise<string> {
  const path = join(dir, 'app.zip');
  const zip = new ZipArchive();
  const out = createWriteStream(path);
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    zip.on('error', reject);
  });
  zip.pipe(out);
  zip.append('{"name":"bench"}', { name: 'package.json' });
  await zip.finalize();
  await closed;
  return path;
}

/** Uploads to a fresh emulator whose builds take `buildMs`, waits, and reports when polls happened. */
async function waitForBuild(zip: string, buildMs: number): Promise<{ noticeMs: number; pollTimes: number[] }> {
  const clock = new VirtualClock();
  const emu = await startEmulator({ clock, buildSeconds: buildMs / 1000 });
  const client = createClient({ headlessUrl: emu.headlessUrl, credentials: CREDENTIALS, clock });
  try {
    const app = { account: 'demo', app: 'bench' };
    await client.createApp({ ...app, region: 'US-C' });
    await client.createEnvironment(app, { displayName: 'bench', branch: 'uploadable' });
    const { environments } = await client.listEnvironments(app);
    const environment = environments[0]!.name.split('/').pop()!;
    const op = await client.uploadEnvironment({ ...app, environment }, zip);
    const doneAt = clock.now() + buildMs;
    const start = clock.now();
    const pollTimes: number[] = [];
    const done = await client.waitForOperation(op?.name ?? uploadOperationName({ ...app, environment }), {
      timeoutMs: buildMs + 60_000,
      onPoll: (_op, info) => pollTimes.push(start + info.elapsedMs),
    });
    if (!done.done || done.error) throw new Error(`bench build of ${buildMs} ms did not succeed`);
    return { noticeMs: clock.now() - doneAt, pollTimes: pollTimes.map((t) => t - start) };
  } finally {
    await client.close();
    await emu.close();
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export async function runPollBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'poll-bench-'));
  try {
    const zip = await writeZip(dir);
    const notices: number[] = [];
    let polls = 0;
    for (let i = 0; i < BUILDS; i++) {
      const buildMs = Math.round(1000 + (i * 59_000) / (BUILDS - 1));
      const r = await waitForBuild(zip, buildMs);
      notices.push(r.noticeMs);
      polls += r.pollTimes.length;
    }
    const long = await waitForBuild(zip, CAP_BUILD_MS);
    const window = long.pollTimes.filter((t) => t >= 5 * 60_000 && t < 15 * 60_000);
    const perMinute = window.length / 10;

    console.log(`poll_builds=${BUILDS}`);
    console.log(`poll_build_seconds=1..60`);
    console.log(`poll_total_polls=${polls}`);
    console.log(`poll_notice_mean_ms=${Math.round(notices.reduce((a, b) => a + b, 0) / notices.length)}`);
    console.log(`poll_notice_median_ms=${Math.round(median(notices))}`);
    console.log(`poll_notice_max_ms=${Math.round(Math.max(...notices))}`);
    console.log(`polls_per_minute=${perMinute}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
