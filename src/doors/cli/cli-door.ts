/**
 * The program's front door (src/engine/front-door.ts): inputs from flags and HEADLESS_DEPLOY_*
 * variables, the log on stderr, outputs kept for stdout, the summary to --summary's file, the
 * end as an exit code.
 */
import type { FrontDoor, InputsRead, RunEnd } from '../../engine/front-door.js';
import { InputError, readInputs } from '../../engine/read-inputs.js';
import { STEPS } from '../../engine/step-table.js';
import { runFactsOf } from '../../github/run-facts.js';
import { ACTION_INPUTS } from '../../inputs/action-metadata.js';
import { withFleetTarget } from '../../inputs/fleet/target-inputs.js';
import { cancelOnSignals } from '../../util/cancellation.js';
import type { Logger, ProgressEvent } from '../../util/log.js';
import type { Redactor } from '../../util/redact.js';
import { EXIT } from './exit-code.js';
import { failureLine } from './failure-line.js';
import type { CommandLine } from './flags.js';
import { githubOnlyProblems } from './github-only.js';
import { summaryFileProblem, writeSummaryFile } from './summary-file.js';

type Env = Readonly<Record<string, string | undefined>>;

const STEP_NAMES: readonly string[] = STEPS.map((step) => step.name);

/** Every problem in one round: the program's own (flags, GitHub-only inputs) with the action's rules. */
export function readCommandLineInputs(cl: CommandLine, env: Env, cwd: string): InputsRead {
  // An empty --summary= writes no summary (cliDoor), so there is nothing to check.
  const summary = cl.summary ? summaryFileProblem(cl.summary, cwd) : null;
  // A fleet may set a GitHub-only input too: judged with the target's values under the flags'.
  const fleet = withFleetTarget((name) => cl.inputs[name], cwd);
  const effective = Object.fromEntries(ACTION_INPUTS.map((name) => [name, fleet.getInput(name) ?? '']));
  const own = [...cl.problems, ...(summary ? [summary] : []), ...githubOnlyProblems(effective, env)];
  try {
    const inputs = readInputs((name) => cl.inputs[name], cwd, STEPS, runFactsOf(env));
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
  /** What relative paths of the program's own flags (--summary) are relative to. */
  cwd: string;
  log: Logger;
  /** Where signals come from: `process`, or an emitter in tests. */
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  exit(code: number): void;
}

export function cliDoor(o: CliDoorOptions): CliDoor {
  const outputs = new Map<string, string>();
  let end: RunEnd | null = null;
  const summaryFile = o.commandLine.summary;
  // A step's failure is said once, by the end (failure-line.ts).
  const failure = failureLine(o.log, STEP_NAMES);
  return {
    getInput: (name) => o.commandLine.inputs[name],
    env: o.env,
    read: o.read,
    // Nothing reads a mask here: every line is redacted before it is written.
    registerSecret: () => {},
    logger: (redact) => {
      // Every line but info writes a held failure line first (failure-line.ts).
      const after = (write: (m: string) => void) => (m: string) => {
        failure.flush();
        write(redact(m));
      };
      return {
        info: (m) => failure.info(redact(m)),
        notice: after((m) => o.log.notice(m)),
        warning: after((m) => o.log.warning(m)),
        error: after((m) => o.log.error(m)),
        debug: after((m) => o.log.debug(m)),
        group: (name, fn) => {
          failure.flush();
          return o.log.group(redact(name), fn);
        },
        ...(o.log.progress ? { progress: progressOf(o.log.progress.bind(o.log), redact, failure.flush) } : {}),
      };
    },
    setOutput: (name, value) => void outputs.set(name, value),
    ...(summaryFile
      ? { writeSummary: (markdown: string) => writeSummaryFile(summaryFile, o.cwd, `${markdown}\n`) }
      : {}),
    cancellation: (log) =>
      cancelOnSignals({
        on: o.on,
        log,
        // What still holds the event loop after a cancel must not keep the program alive.
        exitLater: (ms) =>
          setTimeout(() => {
            failure.flush();
            o.exit(EXIT.cancelled);
          }, ms).unref(),
      }),
    end(e) {
      end = e;
      failure.end(e.error);
    },
    outputs,
    ended: () => end,
  };
}

/** The build's state names what the server said: redacted like any other line. */
function progressOf(
  draw: (event: ProgressEvent) => void,
  redact: Redactor,
  before: () => void,
): (event: ProgressEvent) => void {
  return (event) => {
    before();
    draw(event.activity === 'building' ? { ...event, state: redact(event.state) } : event);
  };
}
