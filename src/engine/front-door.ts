/**
 * One engine, two front doors: the action (GitHub's runner) and the command-line program. A door
 * decides how inputs arrive and where results leave; the engine (run.ts) runs the same steps,
 * rules and messages behind either. The doors live in src/doors/.
 */
import type { Inputs } from './run-inputs.js';
import type { InputGetter } from '../inputs/types.js';
import type { EndStatus } from '../report/summary.js';
import type { Logger } from '../util/log.js';
import type { Redactor } from '../util/redact.js';

/** The checked inputs, or what reading them threw (an InputError, or anything unforeseen). */
export type InputsRead = { inputs: Inputs } | { error: unknown };

/** How the run ended, as the door hands it on (exit code, failure line). */
export interface RunEnd {
  readonly status: EndStatus;
  /** The failure's message, redacted; absent when the run succeeded. */
  readonly error?: string;
  /** True when the inputs were refused: no request was made. */
  readonly inputError: boolean;
}

export interface FrontDoor {
  /** Where the inputs come from: the raw values (for secrets) and the checked record. */
  readonly getInput: InputGetter;
  readonly read: InputsRead;
  /** The environment the run sees: proxies, RUNNER_TEMP, SOURCE_DATE_EPOCH, GitHub's variables. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Told each secret before anything is logged (the runner masks them). */
  registerSecret(secret: string): void;
  /** Where log lines go; every line has been redacted by then. */
  logger(redact: Redactor): Logger;
  setOutput(name: string, value: string): void;
  /** Writes the Markdown summary; absent when none is wanted. May throw or reject (said as a warning). */
  readonly writeSummary?: (markdown: string) => void | Promise<void>;
  /** An AbortSignal that aborts when the user or the runner cancels. */
  cancellation(log: Logger): AbortSignal;
  /** The run is over: a failure line, an exit code. */
  end(end: RunEnd): void;
}
