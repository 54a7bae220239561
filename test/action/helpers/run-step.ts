/**
 * Runs one step of a JavaScript action as GitHub's runner does: inputs as `INPUT_<NAME>` (defaults
 * from the action's action.yml), GITHUB_OUTPUT, GITHUB_STATE and GITHUB_STEP_SUMMARY files, and
 * the state saved by an earlier step handed in as `STATE_<name>` variables (how the runner passes
 * a main step's state to its post step).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readActionYml } from '../../../scripts/action-yml.js';
import { osEssentials, parseOutputFile } from '../../../scripts/runner.js';

export interface StepOptions {
  /** The bundle to run, e.g. emulator/dist/main/index.js. */
  entry: string;
  /** The action.yml whose inputs and defaults apply. */
  actionYml: string;
  inputs?: Record<string, string>;
  /** State saved by the main step (what its GITHUB_STATE file held). */
  state?: Record<string, string>;
  workspace: string;
  node?: string;
  timeoutMs?: number;
}

export interface StepResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** What the step saved with core.saveState. */
  state: Record<string, string>;
  summary: string;
  /** RUNNER_TEMP of the run: still there, for the test to inspect (removed by `cleanup`). */
  runnerTemp: string;
  cleanup(): void;
}

export async function runStep(o: StepOptions): Promise<StepResult> {
  const dir = mkdtempSync(join(tmpdir(), 'hd-step-'));
  const files = { output: join(dir, 'output'), state: join(dir, 'state'), summary: join(dir, 'summary') };
  for (const f of Object.values(files)) writeFileSync(f, '');
  const env: Record<string, string> = {
    HOME: dir,
    // What a process needs to run at all on this OS (SystemRoot and the like on Windows).
    ...osEssentials(process.env, process.platform),
    ...(process.platform === 'win32' ? { TEMP: dir, TMP: dir } : {}),
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: o.workspace,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
  };
  for (const [name, def] of readActionYml(o.actionYml).inputs) {
    env[`INPUT_${name.toUpperCase()}`] = o.inputs?.[name] ?? def;
  }
  for (const [name, value] of Object.entries(o.state ?? {})) env[`STATE_${name}`] = value;

  const child = spawn(o.node ?? process.execPath, [o.entry], {
    env,
    cwd: o.workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
  // 'close' waits for our pipes too: a detached child that held them would hang the test here.
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(timer);
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(files.output, 'utf8')),
    state: parseOutputFile(readFileSync(files.state, 'utf8')),
    summary: readFileSync(files.summary, 'utf8'),
    runnerTemp: dir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
