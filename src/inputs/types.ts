/**
 * The shape of validated inputs: what every step shares, and each chosen step's own record,
 * which holds everything that step needs, non-null, so a step never re-checks an input.
 */
import type { StepInputsOf, StepName } from '../steps/table.js';

export interface Credentials {
  readonly userId: string;
  readonly password: string;
}

/** Inputs more than one step reads; each step's `read` builds its own record from these and the rest. */
export interface SharedInputs {
  /** GITHUB_WORKSPACE: `path` and `exclude-from` are relative to it. */
  readonly workspace: string;
  /** null unless both were given. */
  readonly credentials: Credentials | null;
  /** Checked base URLs (no trailing slash), or null when not given. */
  readonly hostingUrl: string | null;
  readonly headlessUrl: string | null;
  /** account, app and environment as given ('' when empty); deploy and a webhook by parts share them. */
  readonly account: string;
  readonly app: string;
  readonly environment: string;
  readonly dryRun: boolean;
  /** Keep a comment on the pull request (deploy and delete). */
  readonly prComment: boolean;
  readonly githubToken: string | null;
}

/** A step the inputs chose, with its own validated inputs. */
export type ChosenStep = { [N in StepName]: { readonly name: N; readonly inputs: StepInputsOf<N> } }[StepName];

export interface Inputs extends SharedInputs {
  /** The steps that run, in the table's order. */
  readonly steps: readonly ChosenStep[];
  /** Why nothing runs (skip-without-credentials and no credentials), or null. */
  readonly skipped: string | null;
  /** Inputs given for steps that will not run, and the like: logged as warnings. */
  readonly warnings: readonly string[];
}

/** Reads one input by its action.yml name, as the runner passes it (main reads `INPUT_<NAME>`). */
export type InputGetter = (name: string) => string | undefined;

/** The chosen step's inputs, or null when the step does not run. */
export function stepInputs<N extends StepName>(inputs: Pick<Inputs, 'steps'>, name: N): StepInputsOf<N> | null {
  const step = inputs.steps.find((s) => s.name === name);
  return step ? (step.inputs as StepInputsOf<N>) : null;
}
