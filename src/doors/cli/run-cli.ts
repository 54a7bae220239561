/**
 * `headless-deploy [flags]`: reads the command line, runs the action's engine behind the
 * program's door, prints the outputs and returns the exit code. Everything it touches is given
 * (argv, env, streams, signals), so tests drive it as the bundle does.
 */
import { runEngine } from '../../engine/run.js';
import { escapeData } from '../../util/log-guard.js';
import { cliDoor, readCommandLineInputs } from './cli-door.js';
import { EXIT, exitCodeOf } from './exit-code.js';
import { parseCommandLine } from './flags.js';
import { helpText } from './help.js';
import { runPlanCommand } from './plan-command.js';
import { terminalLog, wantsColor, wantsLiveLine, type TerminalStream } from './terminal/terminal-log.js';

export interface CliIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: TerminalStream;
  version: string;
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): void;
}

export async function runCli(io: CliIo): Promise<number> {
  if (io.argv[0] === 'plan') return runPlanCommand({ ...io, argv: io.argv.slice(1) });
  const cl = parseCommandLine(io.argv, io.env);
  if (cl.help) {
    io.stdout.write(helpText(io.version));
    return EXIT.ok;
  }
  if (cl.version) {
    io.stdout.write(`${io.version}\n`);
    return EXIT.ok;
  }
  const log = terminalLog({
    stream: io.stderr,
    live: wantsLiveLine(io.stderr, io.env),
    color: wantsColor(io.stderr, io.env),
    verbose: cl.verbose,
    now: Date.now,
  });
  const read = readCommandLineInputs(cl, io.env, io.cwd);
  const door = cliDoor({ commandLine: cl, read, env: io.env, cwd: io.cwd, log, on: io.on, exit: io.exit });
  // Said through the door's logger, so a secret in a flag's warning is redacted like the rest.
  const warnings = cl.warnings;
  await runEngine({
    ...door,
    logger: (redact) => {
      const redacted = door.logger(redact);
      for (const w of warnings) redacted.warning(w);
      return redacted;
    },
  });
  log.close();
  const end = door.ended() ?? { status: 'failure', inputError: false };
  if (end.inputError) {
    log.info('inputs are flags (--app NAME) or variables (HEADLESS_DEPLOY_APP); --help lists every one');
  }
  io.stdout.write(formatOutputs(end.status, door.outputs, cl.json));
  return exitCodeOf(end);
}

/**
 * What stdout holds once the run is over: `name=value` lines, or one JSON object with `--json`.
 * A value may come from the server (an id, a build name): escaped as command data, a newline in
 * it cannot start a line of its own that a script would read as another output.
 */
export function formatOutputs(status: string, outputs: ReadonlyMap<string, string>, json: boolean): string {
  if (json) return `${JSON.stringify({ status, outputs: Object.fromEntries(outputs) })}\n`;
  return [...outputs].map(([name, value]) => `${name}=${escapeData(value)}\n`).join('');
}
