/**
 * The run: deploy → install copy → webhook, in that order, a failed step stopping the rest
 * (CONTRACT §1). Every dependency comes in through StepContext, so tests drive the whole flow
 * against the emulator with a virtual clock and an in-memory logger.
 */
import { describePlan, type StepName } from './plan.js';
import type { StepContext, StartDeployment } from './steps/context.js';
import { deploy } from './steps/deploy.js';
import { installCopy } from './steps/install-copy.js';
import { toStepError } from './steps/step-error.js';
import { triggerWebhook } from './steps/webhook.js';
import type { RunReport, RunStatus, StepOutcome, StepReport } from './summary.js';

const DOING: Record<StepName, string> = {
  deploy: 'deploying',
  'install copy': 'copying the install',
  webhook: 'triggering the webhook',
};

export async function runFlow(ctx: StepContext, startDeployment?: StartDeployment): Promise<RunReport> {
  const { inputs } = ctx;
  const planned = describePlan(inputs);
  const reports: StepReport[] = [];
  const started = ctx.clock.now();
  let status: RunStatus = inputs.dryRun ? 'planned' : 'success';
  let error: string | null = null;
  let deployedEnvironmentId: string | null = null;

  for (const warning of inputs.warnings) ctx.log.warning(warning);
  if (inputs.dryRun)
    ctx.log.info('dry run: only GET requests are made; nothing is created, uploaded, copied or triggered');

  for (const step of planned) {
    if (error) {
      reports.push({ name: step.name, description: step.description, outcome: 'skipped' });
      continue;
    }
    const stepStart = ctx.clock.now();
    ctx.journal.doing = null;
    let outcome: StepOutcome = inputs.dryRun ? 'planned' : 'success';
    let stepError: string | null = null;
    await ctx.log.group(`${step.name}: ${step.description}`, async () => {
      try {
        if (step.name === 'deploy') {
          await deploy(ctx, inputs.deploy!, startDeployment);
          deployedEnvironmentId = outputsEnvironmentId(ctx);
        } else if (step.name === 'install copy') {
          await installCopy(ctx, inputs.copy!);
        } else {
          await triggerWebhook(ctx, inputs.webhook!, deployedEnvironmentId);
        }
      } catch (err) {
        const e = toStepError(err, ctx.journal.doing ?? DOING[step.name], ctx.signal);
        outcome = e.outcome;
        stepError = `${step.name} ${e.outcome === 'failure' ? 'failed' : e.outcome === 'timeout' ? 'timed out' : 'cancelled'}: ${ctx.redact(e.message)}`;
        ctx.log.info(stepError);
      }
    });
    reports.push({
      name: step.name,
      description: step.description,
      outcome,
      durationMs: ctx.clock.now() - stepStart,
      details: ctx.journal.details.get(step.name) ?? [],
      error: stepError,
    });
    if (stepError) {
      status = outcome as RunStatus;
      error = `${stepError}\n${ctx.journal.recap()}`;
    }
  }

  ctx.outputs.status(status);
  return {
    status,
    steps: reports,
    archive: ctx.journal.archive,
    operation: ctx.journal.operation,
    build: ctx.journal.build,
    deployment: ctx.journal.deployment,
    timings: ctx.journal.timings,
    durationMs: ctx.clock.now() - started,
    error,
  };
}

function outputsEnvironmentId(ctx: StepContext): string | null {
  return ctx.outputs.values()['environment-id'] ?? null;
}
