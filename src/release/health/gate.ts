/**
 * The health gate of the deploy: once the build is done, the site is asked until it answers
 * healthy (check.ts). Sets the `health` output and a summary row; an unhealthy site fails the
 * step with the `unhealthy` outcome (so status `unhealthy`, the GitHub Deployment `failure`).
 */
import { createUndiciTransport } from '../../api/transport.js';
import type { StepContext } from '../../step-kit/step.js';
import { StepError } from '../../step-kit/step-error.js';
import { checkHealth, type HealthResult } from './check.js';
import { resolveHealthUrl } from './health-url.js';
import type { HealthInputs } from './inputs.js';
import { where } from './redirect.js';
import { formatDuration } from '../../util/format.js';

export interface Deployed {
  readonly app: string;
  readonly environmentId: string;
  readonly displayName: string;
  /** The `url` output, null when not set. */
  readonly url: string | null;
}

/** How a rollback's check differs: it leaves the `health` output to the deploy's own check, and has its own row. */
export interface GateOptions {
  readonly setOutput?: boolean;
  readonly detail?: string;
  /** The step whose summary rows these are (default deploy). */
  readonly step?: string;
}

/** Checks the site; throws a StepError (`unhealthy`) when it did not answer healthy in time. */
export async function healthGate(
  ctx: StepContext,
  h: HealthInputs,
  deployed: Deployed,
  o: GateOptions = {},
): Promise<HealthResult> {
  let url: string;
  try {
    url = resolveHealthUrl(
      h.url,
      { app: deployed.app, environment: deployed.displayName, 'environment-id': deployed.environmentId },
      deployed.url,
    );
  } catch (err) {
    throw new StepError(
      `input "health-url" filled in for environment "${deployed.displayName}" ${(err as Error).message}; the build succeeded, but the site was not checked`,
    );
  }
  ctx.record.doing = 'checking the health of the site';
  ctx.log.info(
    `checking the health of ${where(new URL(url))} (expect ${h.expect.source}${h.text === null ? '' : ' and the health-text'}, up to ${formatDuration(h.timeoutMs)})`,
  );
  // The action's own transport (its proxy decision and connections) when wired; one of its own otherwise.
  const transport = ctx.transport ?? createUndiciTransport();
  let result: HealthResult;
  try {
    result = await checkHealth(
      { transport, clock: ctx.clock, signal: ctx.signal, log: (line) => ctx.log.info(ctx.redact(line)) },
      { url, expect: h.expect, text: h.text, timeoutMs: h.timeoutMs },
    );
  } finally {
    if (!ctx.transport) await transport.close?.();
  }
  ctx.record.time('health check', result.elapsedMs);
  if (o.setOutput !== false) ctx.outputs.set('health', result.healthy ? 'healthy' : 'unhealthy');
  const reason = ctx.redact(result.reason);
  ctx.record.detail(o.step ?? 'deploy', o.detail ?? 'health', `${result.healthy ? 'healthy' : 'unhealthy'}: ${reason}`);
  if (!result.healthy) {
    throw new StepError(
      `the build succeeded, but the site is unhealthy: ${reason}; fix the app (or health-expect, health-text), then deploy again`,
      'unhealthy',
    );
  }
  ctx.record.did('the site answered healthy');
  ctx.log.info(`the site is healthy (${reason})`);
  return result;
}
