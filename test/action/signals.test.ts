/**
 * A cancelled job, end to end: the runner sends SIGINT, then SIGTERM 7.5 s later, then kills.
 * Either signal, arriving first, must stop the run by itself, having said it was cancelled and
 * what had been done, with the zip removed. Each test runs the action on every Node of NODES.
 *
 * POSIX only: on Windows, node's ChildProcess.kill() terminates the child whatever signal it is
 * given, and the runner's Ctrl+C / Ctrl+Break reach only a process sharing its console. The
 * same path is tested in-process for all three signals, SIGBREAK included, on every OS
 * (test/unit/cancellation.test.ts); test/skip-allowlist.json names these two for Windows.
 */
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';

const emulator = useEmulator({ buildSeconds: 600 });

/** Sends `signal` to the action once its stdout shows `line`; `sent()` says whether it was. */
function signalWhen(line: string, signal: NodeJS.Signals) {
  let sent = false;
  return {
    sent: () => sent,
    onSpawn: (child: ChildProcess) => {
      let seen = '';
      child.stdout!.on('data', (d: Buffer) => {
        seen += d.toString();
        if (!sent && seen.includes(line)) {
          sent = true;
          child.kill(signal);
        }
      });
    },
  };
}

describe.skipIf(process.platform === 'win32')('cancellation by signal', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s during the wait stops the run by itself, saying it was cancelled and what had been done',
    async (sig) => {
      for (const { node, label } of NODES) {
        emulator.reset();
        const signal = signalWhen('waiting for the build', sig);
        const r = await runChecked({
          node,
          workspace: makeWorkspace(),
          emulator,
          inputs: deployInputs(emulator, 'shop'),
          onSpawn: signal.onSpawn,
        });

        expect(signal.sent(), label).toBe(true);
        // It ended by itself (not killed by the signal), and before its own fallback exit 1.5 s
        // after the signal: that one would cut off the message, the status output and the summary.
        expect(r.signal, label).toBeNull();
        expect(r.code, label).not.toBe(0);
        expect(r.code, label).not.toBeNull();
        expect(r.outputs.status, label).toBe('cancelled');
        expect(`${r.stdout}\n${r.stderr}`, label).toContain(`received ${sig}`);
        const error = r.stdout.split('\n').find((l) => l.startsWith('::error::'))!;
        expect(error, label).toContain('deploy cancelled');
        expect(error, label).toContain('app "shop" created');
        expect(error, label).toContain('environment "staging" created');
        expect(error, label).toContain('zip uploaded');
        expect(r.summary, label).toMatch(/\| deploy \| 🚫 cancelled \|/);
        expect(r.tempLeft, label).toEqual([]);
        // The signal came after the upload, during the wait.
        expect(emulator.state.uploads, label).toHaveLength(1);
      }
    },
  );
});
