/**
 * The inputs as the runner hands them over (`INPUT_<NAME>` variables), read and checked once at
 * start. The entry reads them before it loads the rest of the action; main takes the outcome.
 */
import { readInputs } from './read-inputs.js';
import { insecureTlsWarning } from './tls-env.js';
import type { Inputs } from './run-inputs.js';

/** GitHub passes input `foo-bar` as env INPUT_FOO-BAR (spaces become underscores). */
export const getInput = (name: string): string | undefined =>
  process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`];

/** The checked inputs, or what reading them threw (an InputError, or anything unforeseen). */
export type InputsRead = { inputs: Inputs } | { error: unknown };

export function readRunInputs(): InputsRead {
  try {
    const inputs = readInputs(getInput, process.env.GITHUB_WORKSPACE ?? process.cwd());
    // Said with the input warnings: first in the log, and in the summary's warnings.
    const tls = insecureTlsWarning(process.env);
    return { inputs: tls ? Object.freeze({ ...inputs, warnings: Object.freeze([tls, ...inputs.warnings]) }) : inputs };
  } catch (error) {
    return { error };
  }
}
