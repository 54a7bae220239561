/**
 * What a run will do, in order, one line per step: printed by dry-run and shown in the job
 * summary. Built from validated inputs only, so it never shows a webhook URL or token.
 */
import type { Inputs } from './run-inputs.js';
import type { AnyStep } from '../step-kit/step.js';
import { STEPS, type StepName } from './step-table.js';

export interface PlannedStep {
  readonly name: StepName;
  readonly description: string;
  readonly row: AnyStep;
  readonly inputs: unknown;
}

/** The chosen steps, in the table's order, each with its plan line. */
export function planSteps(inputs: Pick<Inputs, 'steps'>): PlannedStep[] {
  return inputs.steps.map((chosen) => {
    const row: AnyStep = STEPS.find((s) => s.name === chosen.name)!;
    return { name: chosen.name, description: row.describe(chosen.inputs), row, inputs: chosen.inputs };
  });
}
