/**
 * Runs the bundled action (scripts/runner.ts) and, before handing the result to the test,
 * scans it for secrets: those of the run's inputs, the demo credentials, and every webhook
 * token the emulator holds. Every action test runs the action through this function.
 */
import { expect } from 'vitest';
import type { RunningEmulator } from '../../../emulator/index.js';
import { runAction, type RunOptions, type RunResult } from '../../../scripts/runner.js';
import { scanRuns } from '../../helpers/secret-scan.js';
import { findUnmasked, hint, secretsOfInputs, secretsToMask } from './secrets.js';

export const CREDENTIALS = { 'api-user-id': 'demo-user', 'api-password': 'demo-password' } as const;

const ALWAYS_SECRET = [
  CREDENTIALS['api-password'],
  Buffer.from(`${CREDENTIALS['api-user-id']}:${CREDENTIALS['api-password']}`).toString('base64'),
];

export interface CheckedRunOptions extends RunOptions {
  /** The emulator the run talks to: its webhook tokens count as secrets too. */
  emulator?: RunningEmulator;
  /** Further secrets to look for (e.g. a webhook URL of another environment). */
  secrets?: readonly string[];
}

export async function runChecked(o: CheckedRunOptions): Promise<RunResult> {
  const { emulator, secrets = [], ...options } = o;
  const result = await runAction(options);
  const tokens = (emulator?.state.environments ?? []).flatMap((e) => (e.webhookToken ? [e.webhookToken] : []));
  const all = [...new Set([...ALWAYS_SECRET, ...secretsOfInputs(o.inputs), ...tokens, ...secrets])];
  const { findings } = scanRuns([{ label: 'this run', result }], new Map(all.map((s) => [s, hint(s)])));
  expect(findings, 'secrets in the run’s stdout, stderr, outputs or summary').toEqual([]);
  expect(findUnmasked(result, secretsToMask(o.inputs)), 'secret inputs not registered with ::add-mask::').toEqual([]);
  return result;
}

/** The inputs of a deploy to the emulator's account `demo`; `more` adds or overrides. */
export function deployInputs(
  emulator: RunningEmulator,
  app: string,
  more: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return {
    ...CREDENTIALS,
    'headless-api-url': emulator.headlessUrl,
    account: 'demo',
    app,
    environment: 'staging',
    ...more,
  };
}

/** The stdout lines of a run without the runner's commands, for messages a person reads. */
export function logText(result: RunResult): string {
  return `${result.stdout}\n${result.stderr}`;
}

/** The requests the emulator got that change something: every method but GET. */
export function mutations(emulator: RunningEmulator): ReturnType<RunningEmulator['requests']> {
  return emulator.requests().filter((r) => r.method !== 'GET');
}
