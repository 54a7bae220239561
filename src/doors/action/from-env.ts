/**
 * The inputs as the runner hands them over (`INPUT_<NAME>` variables), read and checked once at
 * start; the engine takes the outcome through the door.
 */
import type { InputsRead } from '../../engine/front-door.js';
import { readInputs } from '../../engine/read-inputs.js';
import { STEPS } from '../../engine/step-table.js';
import { runFactsOf } from '../../github/run-facts.js';
import { insecureTlsWarning } from '../../inputs/tls-env.js';

/** GitHub passes input `foo-bar` as env INPUT_FOO-BAR (spaces become underscores). */
export const getInput = (name: string): string | undefined =>
  process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`];

export function readRunInputs(): InputsRead {
  try {
    const inputs = readInputs(getInput, process.env.GITHUB_WORKSPACE ?? process.cwd(), STEPS, runFactsOf(process.env));
    // Said with the input warnings: first in the log, and in the summary's warnings.
    const tls = insecureTlsWarning(process.env);
    return { inputs: tls ? Object.freeze({ ...inputs, warnings: Object.freeze([tls, ...inputs.warnings]) }) : inputs };
  } catch (error) {
    return { error };
  }
}
