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

/** The runner's setOutput (doors/action/workflow-commands.ts), or a test's recorder. */
export type SetOutput = (name: string, value: string) => void;

/**
 * Shorter secrets are not looked for in outputs: a user id `12` would otherwise hide
 * `archive-bytes: 1234`. Logs still redact them (src/util/redact.ts); an output is a value the
 * workflow needs, so it is withheld only for a real match.
 */
export const MIN_OUTPUT_SECRET_LENGTH = 6;

/**
 * A real match: the secret stands in the value whole, not as part of a longer run of letters
 * and digits (`123456` inside `archive-bytes: 91234567` is a coincidence, not a leak).
 */
export function holdsSecret(value: string, secret: string): boolean {
  if (secret.length < MIN_OUTPUT_SECRET_LENGTH) return false;
  const word = /[A-Za-z0-9]/;
  for (let at = value.indexOf(secret); at >= 0; at = value.indexOf(secret, at + 1)) {
    const before = value[at - 1];
    const after = value[at + secret.length];
    const joinsBefore = before !== undefined && word.test(before) && word.test(secret[0]!);
    const joinsAfter = after !== undefined && word.test(after) && word.test(secret.at(-1)!);
    if (!joinsBefore && !joinsAfter) return true;
  }
  return false;
}

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
export function createOutputs(
  setOutput: SetOutput,
  secrets: Iterable<string>,
  /** Told once per output withheld, so the log says which and why. */
  onWithheld: (name: OutputName) => void = () => {},
): Outputs {
  const values: Partial<Record<OutputName, string>> = {};
  const withheld = new Set<OutputName>();

  return {
    set(name, raw) {
      const value = String(raw);
      for (const secret of secrets) {
        if (holdsSecret(value, secret)) {
          // An earlier clean value, if any, stays: it is what the workflow sees.
          if (!withheld.has(name)) onWithheld(name);
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
