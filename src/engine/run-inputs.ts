/**
 * The shape of a run's validated inputs: what every step shares, and each chosen step's own
 * record, which holds everything that step needs, non-null, so a step never re-checks an input.
 * The records are typed by the step table, so only what runs the steps (the input rules, the
 * flow, the report) imports this file; a step sees `SharedInputs` (types.ts) and its own record.
 */
import type { StepInputsOf, StepName } from './step-table.js';
import type { SharedInputs } from '../inputs/types.js';

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

/** The chosen step's inputs, or null when the step does not run. */
export function stepInputs<N extends StepName>(inputs: Pick<Inputs, 'steps'>, name: N): StepInputsOf<N> | null {
  const step = inputs.steps.find((s) => s.name === name);
  return step ? (step.inputs as StepInputsOf<N>) : null;
}
