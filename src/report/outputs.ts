/**
 * The only writer of the action's outputs. Each output is set the moment it is known, so a
 * later failure still leaves the workflow what happened before it. What was set is kept for
 * the job summary and the closing log. A value holding a registered secret is withheld: an
 * output is written to GITHUB_OUTPUT in clear, where masking does not reach.
 */
import { ACTION_OUTPUTS } from '../inputs/action-metadata.js';

/** Every output action.yml declares: a step can set no other. */
export const OUTPUT_NAMES = ACTION_OUTPUTS;
export type OutputName = (typeof ACTION_OUTPUTS)[number];

/** @actions/core's setOutput, or a test's recorder. */
export type SetOutput = (name: string, value: string) => void;

export interface Outputs {
  set(name: OutputName, value: string | number | boolean): void;
  /** Every output set so far, by name, as written. */
  values(): Readonly<Partial<Record<OutputName, string>>>;
  /** Outputs not written because their value held a secret. */
  withheld(): readonly OutputName[];
}

/**
 * `secrets` is read on every write, so secrets registered later (a Set main keeps adding to)
 * are honoured too.
 */
export function createOutputs(setOutput: SetOutput, secrets: Iterable<string>): Outputs {
  const values: Partial<Record<OutputName, string>> = {};
  const withheld = new Set<OutputName>();

  return {
    set(name, raw) {
      const value = String(raw);
      for (const secret of secrets) {
        if (secret !== '' && value.includes(secret)) {
          // An earlier clean value, if any, stays: it is what the workflow sees.
          withheld.add(name);
          return;
        }
      }
      withheld.delete(name);
      if (values[name] === value) return;
      values[name] = value;
      setOutput(name, value);
    },
    values: () => ({ ...values }),
    withheld: () => [...withheld],
  };
}
