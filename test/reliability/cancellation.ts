/**
 * Cancellation, as a cancelled workflow sends it: SIGINT, then SIGTERM, during the archive and
 * the upload. The run must exit non-zero by itself, having said what had happened and left no
 * temp file behind, before the runner would escalate. (Either signal alone, during the wait for
 * the build: test/action/signals.test.ts.)
 *
 * The runner sends SIGTERM 7.5 s after SIGINT. Here it follows SIGINT at once, so that both land
 * while the action is still at work: the second must not cut its clean-up short. (Sent 200 ms
 * later, it sometimes met node's own exit, after node has let go of its signal handlers, which
 * any process dies of: the archive case exits 130 to 250 ms after SIGINT, and about one run in
 * ten was "killed by SIGTERM" with everything already written. That says nothing about the
 * action.)
 *
 * The action gives itself 1.5 s after the signal and then exits whatever is still running
 * (src/main.ts); if that fallback fires first, the message, the status output and the zip's
 * removal are lost, and the checks below fail. The time to exit is a figure, not the test: it
 * is wall time seen from this process, on a machine whose cores other work may hold.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { UPLOAD_TEMP_PREFIX } from '../../emulator/handlers/headless/multipart.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runAction, type RunResult } from '../../scripts/runner.js';
import { errorsOf } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace, removeTempDir, tempDir } from './support/workspace.js';

const SUITE = 'cancellation';
/** GitHub's runner waits this long after SIGINT before it sends SIGTERM, then kills 2.5 s later. */
const RUNNER_ESCALATES_AFTER_MS = 7500;

const zipsInTmp = () => readdirSync(tmpdir()).filter((f) => /^headless-deploy-.*\.zip$/.test(f));

async function until(what: string, test: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Cancelled {
  result: RunResult;
  /** From SIGINT to the process's exit. */
  exitMs: number;
}

/** Runs the action and cancels it once `ready` says the phase under test is under way. */
async function cancelWhen(
  inputs: Record<string, string>,
  workspace: string,
  ready: () => boolean,
  env: Record<string, string> = {},
): Promise<Cancelled> {
  let signalAt = 0;
  let exitAt = 0;
  let child: ChildProcess | undefined;
  const running = runAction({
    inputs,
    workspace,
    env,
    timeoutMs: 90_000,
    onSpawn: (c) => {
      child = c;
      c.on('exit', () => (exitAt = Date.now()));
    },
  });
  const cancel = (async () => {
    await until('the phase under test starts', () => ready() || exitAt > 0);
    if (exitAt > 0) return;
    signalAt = Date.now();
    // Both while the action is surely running: it cannot have begun to exit before it has
    // handled the first, and its clean-up takes longer than that (see above).
    child!.kill('SIGINT');
    child!.kill('SIGTERM');
  })();
  const result = await running;
  await cancel;
  if (!signalAt) throw new Error(`the run ended before it could be cancelled:\n${result.stdout}`);
  return { result, exitMs: exitAt - signalAt };
}

/** Seeded app and environment: the runs under test make no change before the phase they are cancelled in. */
async function emulatorWithApp(
  o: { latencyMs?: number } = {},
): Promise<{ emulator: RunningEmulator; inputs: Record<string, string> }> {
  const emulator = await startEmulator({
    seed: reliabilitySeed([{ appId: 'shop', environments: [{ displayName: 'staging' }] }]),
    buildSeconds: 0.2,
    latencyMs: o.latencyMs ?? 0,
  });
  const id = emulator.state.environments[0]!.id;
  return { emulator, inputs: { ...baseInputs(emulator), app: 'shop', environment: id } };
}

export function cancellationSuite(evidence: Evidence): void {
  describe('cancellation: SIGINT then SIGTERM', () => {
    evidence.plan(SUITE, 2);
    const before = new Set(zipsInTmp());

    function check(phase: string, doing: string, c: Cancelled, recap: RegExp, tempLeft: string[]): void {
      evidence.record(SUITE, `cancelled during ${phase}`, c.result);
      const message = errorsOf(c.result.stdout);
      const stray = zipsInTmp().filter((f) => !before.has(f));
      evidence.figure(SUITE, `during ${phase}: exit after SIGINT`, `${c.exitMs} ms (exit code ${c.result.code})`);
      evidence.note(SUITE, `during ${phase}: ${message.replace(/\n/g, ' / ')}`);
      expect(c.result.signal).toBeNull();
      expect(c.result.code).not.toBe(0);
      expect(c.exitMs).toBeLessThan(RUNNER_ESCALATES_AFTER_MS);
      // Sent together, the two signals may be handled by two threads: either may be said first.
      expect(c.result.stdout).toMatch(/received SIG(INT|TERM): cancelling requests in flight/);
      expect(c.result.stdout.match(/received SIG\w+: cancelling/g)).toHaveLength(1);
      expect(message).toMatch(new RegExp(`^deploy cancelled: cancelled while ${doing}\n`));
      expect(message).toMatch(recap);
      expect(c.result.outputs.status).toBe('cancelled');
      expect(tempLeft).toEqual([]);
      expect(stray).toEqual([]);
    }

    it('during the archive (150 MB to deflate)', async () => {
      const runnerTemp = tempDir('cancel-temp');
      const files: Record<string, string> = {};
      // Base64 of random bytes: it deflates (so every byte goes through the compressor) but slowly.
      for (let i = 0; i < 30; i++) files[`assets/blob-${i}.txt`] = randomBytes(3_750_000).toString('base64');
      const workspace = appWorkspace('cancel-archive', files);
      const { emulator, inputs } = await emulatorWithApp();
      try {
        const zipping = () => readdirSync(runnerTemp).some((f) => f.startsWith('headless-deploy-'));
        const c = await cancelWhen({ ...inputs, 'compression-level': '9' }, workspace, zipping, {
          RUNNER_TEMP: runnerTemp,
        });
        // The app is looked up, and the upload started, while the zip is written: whichever is under
        // way, the zip is unfinished, so nothing can have reached the service.
        check(
          'the archive',
          '(.* and )?writing( and uploading)? the zip',
          c,
          /nothing had been changed yet/,
          readdirSync(runnerTemp),
        );
        expect(emulator.state.uploads).toHaveLength(0);
      } finally {
        await emulator.close();
        await removeTempDir(workspace);
      }
    });

    it('during the upload (the emulator holds every request 1.5 s)', async () => {
      const workspace = appWorkspace('cancel-upload', { 'media/video.bin': randomBytes(20 * 1024 * 1024) });
      const { emulator, inputs } = await emulatorWithApp({ latencyMs: 1500 });
      try {
        const uploading = () => emulator.requests().some((r) => r.path.endsWith(':upload'));
        const c = await cancelWhen(inputs, workspace, uploading);
        check(
          'the upload',
          'uploading the zip',
          c,
          /done so far: the upload was cut short: it may or may not have reached the service/,
          c.result.tempLeft,
        );
        // The emulator holds the request for its latency, then must drop the half-sent upload without a trace.
        await new Promise((r) => setTimeout(r, 2000));
        expect(emulator.state.uploads).toHaveLength(0);
        expect(readdirSync(tmpdir()).filter((f) => f.startsWith(UPLOAD_TEMP_PREFIX))).toEqual([]);
      } finally {
        await emulator.close();
      }
    });
  });
}
