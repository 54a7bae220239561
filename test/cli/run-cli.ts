/**
 * Runs the bundled program (dist/cli/index.js) as a user's shell would: flags, HEADLESS_DEPLOY_*
 * variables, a working directory; none of GitHub's runner variables unless a test gives them.
 */
import { spawn } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { osEssentials } from '../../scripts/runner.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI_ENTRY = join(ROOT, 'dist', 'cli', 'index.js');

export interface CliRun {
  /** The program to run: the bundle by default, or an installed `.bin/headless-deploy`. */
  entry?: string;
  args?: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd: string;
  /** Called once the program started, e.g. to send it a signal. */
  started?: (pid: number) => void;
  timeoutMs?: number;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a shell on a machine that is not a CI runner. */
export function plainEnv(more: Readonly<Record<string, string>> = {}): Record<string, string> {
  return { ...osEssentials(process.env, process.platform), HOME: process.env.HOME ?? '/tmp', ...more };
}

export async function runCli(o: CliRun): Promise<CliResult> {
  // An installed bin is a script with a #! line (a .cmd on Windows): started as it is, on the PATH's node.
  const [command, args] = o.entry ? [o.entry, o.args ?? []] : [process.execPath, [CLI_ENTRY, ...(o.args ?? [])]];
  const env = o.env ?? plainEnv();
  const child = spawn(command, args, {
    cwd: o.cwd,
    env: { ...env, PATH: `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}` },
    shell: o.entry !== undefined && process.platform === 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  if (child.pid) o.started?.(child.pid);
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** `name=value` lines of stdout. */
export function outputLines(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}
