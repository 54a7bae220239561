/**
 * The step table: every step the action can run, in the order they run. The input rules
 * (step-selection.ts), the plan and the flow all read it; nothing else lists the steps.
 */
import { deleteStep } from '../steps/delete/step.js';
import { deployStep } from '../steps/deploy/step.js';
import { fleetPlanStep } from '../steps/fleet-plan/step.js';
import { installCopyStep } from '../steps/install-copy/step.js';
import { rollbackStep } from '../steps/rollback/step.js';
import type { StepDefinition } from '../step-kit/step.js';
import { sweepStep } from '../steps/sweep/step.js';
import { waitStep } from '../steps/wait/step.js';
import { webhookStep } from '../steps/webhook/step.js';

export const STEPS = [
  deployStep,
  waitStep,
  installCopyStep,
  webhookStep,
  deleteStep,
  sweepStep,
  rollbackStep,
  fleetPlanStep,
] as const;

type Row = (typeof STEPS)[number];
export type StepName = Row['name'];
/** A step's own validated inputs, by its name. */
export type StepInputsOf<N extends StepName> = Extract<Row, { name: N }> extends StepDefinition<N, infer I> ? I : never;

/** The row of a step, by name. */
export function stepRow<N extends StepName>(name: N): Extract<Row, { name: N }> {
  return STEPS.find((s) => s.name === name) as Extract<Row, { name: N }>;
}
