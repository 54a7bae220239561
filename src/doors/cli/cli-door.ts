/**
 * The program's front door (src/engine/front-door.ts): inputs from flags and HEADLESS_DEPLOY_*
 * variables, the log on stderr, outputs kept for stdout, the summary to --summary's file, the
 * end as an exit code.
 */
import { writeFileSync } from 'node:fs';
import type { FrontDoor, InputsRead, RunEnd } from '../../engine/front-door.js';
import { InputError, readInputs } from '../../engine/read-inputs.js';
import { cancelOnSignals } from '../../util/cancellation.js';
import type { Logger } from '../../util/log.js';
import { EXIT } from './exit-code.js';
import type { CommandLine } from './flags.js';
import { githubOnlyProblems } from './github-only.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Every problem in one round: the program's own (flags, GitHub-only inputs) with the action's rules. */
export function readCommandLineInputs(cl: CommandLine, env: Env, cwd: string): InputsRead {
  const own = [...cl.problems, ...githubOnlyProblems(cl.inputs, env)];
  try {
    const inputs = readInputs((name) => cl.inputs[name], cwd);
    return own.length > 0 ? { error: new InputError(own) } : { inputs };
  } catch (error) {
    if (error instanceof InputError) return { error: new InputError([...own, ...error.problems]) };
    return { error };
  }
}

export interface CliDoor extends FrontDoor {
  /** Outputs in the order they were set, as last set. */
  readonly outputs: ReadonlyMap<string, string>;
  /** How the run ended; null until it has. */
  ended(): RunEnd | null;
}

export interface CliDoorOptions {
  commandLine: CommandLine;
  read: InputsRead;
  /** The program's environment (HEADLESS_DEPLOY_* are read from it already; the rest is the run's). */
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  /** Where signals come from: `process`, or an emitter in tests. */
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): void;
}

export function cliDoor(o: CliDoorOptions): CliDoor {
  const outputs = new Map<string, string>();
  let end: RunEnd | null = null;
  const summaryFile = o.commandLine.summary;
  return {
    getInput: (name) => o.commandLine.inputs[name],
    env: o.env,
    read: o.read,
    // Nothing reads a mask here: every line is redacted before it is written.
    registerSecret: () => {},
    logger: (redact) => ({
      info: (m) => o.log.info(redact(m)),
      notice: (m) => o.log.notice(redact(m)),
      warning: (m) => o.log.warning(redact(m)),
      error: (m) => o.log.error(redact(m)),
      debug: (m) => o.log.debug(redact(m)),
      group: (name, fn) => o.log.group(redact(name), fn),
      ...(o.log.progress ? { progress: o.log.progress.bind(o.log) } : {}),
    }),
    setOutput: (name, value) => void outputs.set(name, value),
    ...(summaryFile ? { writeSummary: (markdown: string) => writeFileSync(summaryFile, `${markdown}\n`) } : {}),
    cancellation: (log) =>
      cancelOnSignals({
        on: o.on,
        log,
        // What still holds the event loop after a cancel must not keep the program alive.
        exitLater: (ms) => setTimeout(() => o.exit(EXIT.cancelled), ms).unref(),
      }),
    end(e) {
      end = e;
      if (e.error !== undefined) o.log.error(e.error);
    },
    outputs,
    ended: () => end,
  };
}
