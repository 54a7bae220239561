/**
 * The step table: every step the action can run, in the order they run. The input rules
 * (src/inputs/), the plan and the flow (src/flow/) all read it; nothing else lists the steps.
 */
import { deleteStep } from './delete/step.js';
import { deployStep } from './deploy/step.js';
import { installCopyStep } from './install-copy/step.js';
import { rollbackStep } from './rollback/step.js';
import type { StepDefinition } from './step.js';
import { sweepStep } from './sweep/step.js';
import { waitStep } from './wait/step.js';
import { webhookStep } from './webhook/step.js';

export const STEPS = [deployStep, waitStep, installCopyStep, webhookStep, deleteStep, sweepStep, rollbackStep] as const;

type Row = (typeof STEPS)[number];
export type StepName = Row['name'];
/** A step's own validated inputs, by its name. */
export type StepInputsOf<N extends StepName> = Extract<Row, { name: N }> extends StepDefinition<N, infer I> ? I : never;

/** The row of a step, by name. */
export function stepRow<N extends StepName>(name: N): Extract<Row, { name: N }> {
  return STEPS.find((s) => s.name === name) as Extract<Row, { name: N }>;
}
