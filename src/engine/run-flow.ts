/**
 * The run: the chosen steps in the table's order, a failed step stopping the rest. Every
 * dependency comes in through its context (a StepContext with the whole inputs), so tests
 * drive the whole flow against the emulator with a virtual clock and an in-memory logger.
 */
import type { Inputs } from './run-inputs.js';
import type { EndStatus, RunReport, RunStatus, StepOutcome, StepReport } from '../report/summary.js';
import { toStepError } from '../step-kit/step-error.js';
import type { Carry, StepContext } from '../step-kit/step.js';
import { planSteps } from './plan.js';

/** A step's context with the run's whole inputs: which steps run, and what to warn about. */
export interface FlowContext extends StepContext {
  inputs: Inputs;
}

const ENDED: Readonly<Record<Exclude<StepOutcome, 'success' | 'skipped' | 'planned'>, string>> = {
  failure: 'failed',
  timeout: 'timed out',
  cancelled: 'cancelled',
  unhealthy: 'found the site unhealthy',
  'rolled-back': 'failed and was rolled back',
  superseded: 'was superseded',
  busy: 'found the environment busy',
};

/** The same logger, with every warning also kept in the record for the job summary. */
function keepingWarnings(ctx: FlowContext): FlowContext {
  const { log, record } = ctx;
  return {
    ...ctx,
    log: {
      info: (m) => log.info(m),
      warning: (m) => {
        record.warnings.push(ctx.redact(m));
        log.warning(m);
      },
      error: (m) => log.error(m),
      debug: (m) => log.debug(m),
      notice: (m) => log.notice(m),
      group: (name, fn) => log.group(name, fn),
      ...(log.progress ? { progress: log.progress.bind(log) } : {}),
    },
  };
}

export async function runFlow(given: FlowContext): Promise<RunReport> {
  const ctx = keepingWarnings(given);
  const { inputs } = ctx;
  const reports: StepReport[] = [];
  const started = ctx.clock.now();
  let status: EndStatus = inputs.dryRun ? 'planned' : 'success';
  let error: string | null = null;
  let carry: Carry = {};

  for (const warning of inputs.warnings) ctx.log.warning(warning);
  if (inputs.skipped) {
    ctx.log.notice(inputs.skipped);
    ctx.outputs.set('status', 'skipped');
    return { status: 'skipped', steps: [], skipped: inputs.skipped, durationMs: 0, error: null };
  }
  if (inputs.dryRun)
    ctx.log.info('dry run: only GET requests are made; nothing is created, uploaded, copied or triggered');

  for (const step of planSteps(inputs)) {
    if (error) {
      reports.push({ name: step.name, description: step.description, outcome: 'skipped' });
      continue;
    }
    const stepStart = ctx.clock.now();
    ctx.record.doing = null;
    let outcome: StepOutcome = inputs.dryRun ? 'planned' : 'success';
    let stepError: string | null = null;
    await ctx.log.group(`${step.name}: ${step.description}`, async () => {
      try {
        carry = { ...carry, ...(await step.row.run(ctx, step.inputs, carry)) };
      } catch (err) {
        const e = toStepError(err, ctx.record.doing ?? step.row.doing, ctx.signal);
        outcome = e.outcome;
        stepError = `${step.name} ${ENDED[e.outcome]}: ${ctx.redact(e.message)}`;
        ctx.log.info(stepError);
      }
    });
    reports.push({
      name: step.name,
      description: step.row.describe(step.inputs, ctx.record),
      outcome,
      durationMs: ctx.clock.now() - stepStart,
      details: ctx.record.details.get(step.name) ?? [],
      error: stepError,
    });
    if (stepError) {
      status = outcome as RunStatus;
      error = `${stepError}\n${ctx.record.recap()}`;
    }
  }

  // Uploaded without waiting: accepted, not built, so not "success" (nor a GitHub Deployment's success).
  if (status === 'success' && ctx.record.started) status = 'started';
  // The deploy found its tree already live and sent nothing (skip-unchanged, skip-if-digest).
  if (status === 'success' && ctx.outputs.values().unchanged === 'true') status = 'unchanged';
  ctx.outputs.set('status', status);
  return {
    status,
    steps: reports,
    warnings: [...ctx.record.warnings],
    created: [...ctx.record.created],
    archive: ctx.record.archive,
    operation: ctx.record.operation,
    build: ctx.record.build,
    deployment: ctx.record.deployment,
    url: ctx.outputs.values().url ?? null,
    timings: ctx.record.timings,
    sections: [...ctx.record.sections],
    durationMs: ctx.clock.now() - started,
    error,
  };
}
