/**
 * Runs the bundled action the way GitHub's runner does: every input of action.yml as an
 * `INPUT_<NAME>` variable (defaults filled in, `${{ github.token }}` evaluated), GITHUB_OUTPUT
 * and GITHUB_STEP_SUMMARY files, GITHUB_WORKSPACE and RUNNER_TEMP; then reads the outputs back.
 * Used by the end-to-end tests, the reliability suite and `npm run demo`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readActionYml } from './action-yml.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ACTION_ENTRY = join(ROOT, 'dist', 'index.js');

/** Input names and their defaults, as action.yml declares them (the one reader of action.yml). */
export function actionDefaults(): ReadonlyMap<string, string> {
  return readActionYml().inputs;
}

/** Parses GITHUB_OUTPUT: `name<<DELIM\nvalue\nDELIM` blocks (and plain `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string> {
  return Object.fromEntries(outputWrites(text));
}

/** Every write to GITHUB_OUTPUT, in order, a name written twice appearing twice. */
export function outputWrites(text: string): [string, string][] {
  const out: [string, string][] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]!);
      out.push([heredoc[1]!, value.join('\n')]);
    } else if (line.includes('=')) {
      out.push([line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
    }
  }
  return out;
}

/**
 * What the child gets of this process's environment: only what a process needs to run at all
 * on each OS, so nothing of the machine running the tests (tokens, proxies, npm_* variables)
 * reaches the action. Windows needs SystemRoot for sockets and the system's crypto, its temp and
 * profile directories for os.tmpdir() and os.homedir(), ComSpec and PATHEXT to start programs;
 * macOS keeps its per-user TMPDIR. Names are matched case-insensitively on Windows, where
 * `Path` and `PATH` are one variable.
 */
export const OS_ESSENTIALS: Readonly<Record<'common' | 'win32' | 'posix', readonly string[]>> = {
  common: ['PATH', 'HOME'],
  win32: [
    'SystemRoot',
    'SystemDrive',
    'windir',
    'ComSpec',
    'PATHEXT',
    'TEMP',
    'TMP',
    'USERPROFILE',
    'APPDATA',
    'LOCALAPPDATA',
    'HOMEDRIVE',
    'HOMEPATH',
  ],
  posix: ['TMPDIR'],
};

/** The allow-listed variables of `env` that are set, under their canonical names. */
export function osEssentials(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): Record<string, string> {
  const windows = platform === 'win32';
  const names = [...OS_ESSENTIALS.common, ...(windows ? OS_ESSENTIALS.win32 : OS_ESSENTIALS.posix)];
  const out: Record<string, string> = {};
  for (const name of names) {
    const key = windows ? Object.keys(env).find((k) => k.toUpperCase() === name.toUpperCase()) : name;
    const value = key === undefined ? undefined : env[key];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export interface RunOptions {
  /** Inputs by their action.yml names; unset ones take action.yml's defaults. */
  inputs: Record<string, string>;
  /** GITHUB_WORKSPACE */
  workspace: string;
  /** Node binary; default this process's. */
  node?: string;
  /** Options for node before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** The bundle to run; default dist/index.js (another build, for a benchmark's comparison). */
  entry?: string;
  /** Extra environment (GITHUB_API_URL, SOURCE_DATE_EPOCH, ...). */
  env?: Record<string, string>;
  /** Called once the child is running (to send it signals). */
  onSpawn?: (child: ChildProcess) => void;
  /** Echo the child's output as it comes (the demo). */
  echo?: boolean;
  timeoutMs?: number;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** Every write to GITHUB_OUTPUT in order: an output's final value should be written once. */
  outputWrites: [string, string][];
  summary: string;
  /** Files left in RUNNER_TEMP after the run. */
  tempLeft: string[];
  durationMs: number;
}

export const FAKE_GITHUB_TOKEN = 'ghs_fakeTokenForTests0123456789abcdef';

export async function runAction(o: RunOptions): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'hd-runner-'));
  const outputFile = join(dir, 'output');
  const summaryFile = join(dir, 'summary');
  const runnerTemp = join(dir, 'temp');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    HOME: dir,
    ...osEssentials(process.env, process.platform),
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: o.workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: runnerTemp,
    GITHUB_REPOSITORY: 'octo-org/shop',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_RUN_ID: '42',
    GITHUB_SERVER_URL: 'https://github.com',
    ...o.env,
  };
  for (const [name, def] of actionDefaults()) {
    const value = o.inputs[name] ?? (def === '${{ github.token }}' ? FAKE_GITHUB_TOKEN : def);
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  const started = Date.now();
  const child = spawn(o.node ?? process.execPath, [...(o.nodeArgs ?? []), o.entry ?? ACTION_ENTRY], {
    env,
    cwd: o.workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (o.echo) process.stdout.write(d);
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (o.echo) process.stderr.write(d);
  });
  o.onSpawn?.(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (c, s) => resolve([c, s])),
  );
  clearTimeout(timer);
  let tempLeft: string[] = [];
  try {
    tempLeft = readdirSync(runnerTemp);
  } catch {
    // the action never created RUNNER_TEMP: nothing was left in it
  }
  const result: RunResult = {
    code,
    signal,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
    outputWrites: outputWrites(readFileSync(outputFile, 'utf8')),
    summary: readFileSync(summaryFile, 'utf8'),
    tempLeft,
    durationMs: Date.now() - started,
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}
