/**
 * Waits for an operation (the deploy's upload, or one named by the `operation` input), with a
 * heartbeat at most every 10 s: state, build, elapsed and remaining time. Outputs `operation`,
 * `build` and `deployment` follow the operation as seen.
 */
import { ApiError, TimeoutError } from '../../api/errors.js';
import { formatDuration } from '../../util/format.js';
import type { Operation } from '../../api/types.js';
import type { StepContext } from '../step.js';
import { StepError } from './step-error.js';

const HEARTBEAT_MS = 10_000;

export interface WaitOptions {
  timeoutMs: number;
  /** Said after a failed build's own message: what the user can do about it. */
  failureHint?: string;
}

function record(ctx: StepContext, op: Operation): void {
  // The name answered at upload is `.../no_build`; once the build starts, polling reveals the real one.
  if (op.name && !op.name.endsWith('/no_build')) {
    ctx.journal.operation = op.name;
    ctx.outputs.set('operation', op.name);
  }
  if (op.metadata?.build) {
    ctx.journal.build = op.metadata.build;
    ctx.outputs.set('build', op.metadata.build);
  }
  if (op.metadata?.deployment) {
    ctx.journal.deployment = op.metadata.deployment;
    ctx.outputs.set('deployment', op.metadata.deployment);
  }
}

const lastSegment = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/** The service's reason, without a leading "build failed:" the message around it already says. */
export function buildFailureReason(message: string): string {
  return message.replace(/^\s*build failed\s*[:;,-]?\s*/i, '').trim() || 'no reason given';
}

export async function waitForOperation(ctx: StepContext, operation: Operation, o: WaitOptions): Promise<Operation> {
  const started = ctx.clock.now();
  let lastBeat = started;
  record(ctx, operation);
  // A `no_build` name stands for "the latest operation": naming it would name an operation
  // other than the one that later succeeds or fails, so it is named once it is known.
  const named = operation.name.endsWith('/no_build') ? '' : `operation ${operation.name}, `;
  ctx.log.info(`waiting for the build (${named}up to ${formatDuration(o.timeoutMs)})`);
  const op = await ctx.client
    .waitForOperation(operation.name, {
      timeoutMs: o.timeoutMs,
      signal: ctx.signal,
      onPoll: (seen, info) => {
        if (seen) record(ctx, seen);
        const now = ctx.clock.now();
        // A done operation gets its own line below, at once.
        if (seen?.done || now - lastBeat < HEARTBEAT_MS) return;
        lastBeat = now;
        const build = seen?.metadata?.build ? lastSegment(seen.metadata.build) : '';
        const state = !seen
          ? `build state unknown (poll failed: ${info.error?.status ?? info.error?.name ?? 'error'}), still waiting`
          : build && build !== 'no_build'
            ? `build ${build} running`
            : 'build queued';
        ctx.log.info(
          `${state}: ${formatDuration(info.elapsedMs)} elapsed, ${formatDuration(Math.max(0, o.timeoutMs - info.elapsedMs))} left`,
        );
      },
    })
    .catch((err: unknown) => {
      throw err instanceof TimeoutError && err.waitedMs !== undefined ? timedOut(ctx, o.timeoutMs, err) : err;
    });
  record(ctx, op);
  ctx.journal.time('build', ctx.clock.now() - started);
  if (op.error) {
    const hint = o.failureHint ? `; ${o.failureHint}` : '; fix the app so it builds, then deploy again';
    throw new StepError(`the build failed (operation ${op.name}): ${buildFailureReason(op.error.message)}${hint}`);
  }
  ctx.log.info(
    `build done in ${formatDuration(ctx.clock.now() - started)}${op.metadata?.deployment ? `: ${op.metadata.deployment}` : ''}`,
  );
  return op;
}

/**
 * The wait's TimeoutError names the `no_build` path it polled, which stands for "the latest
 * operation" and means little to a person: name the operation as last seen instead.
 */
function timedOut(ctx: StepContext, timeoutMs: number, err: TimeoutError): StepError {
  const name = ctx.journal.operation ?? err.operation?.name ?? 'of the upload';
  const buildId = ctx.journal.build ? lastSegment(ctx.journal.build) : undefined;
  const build = buildId && buildId !== 'no_build' ? ` (build ${buildId})` : '';
  const cause = err.cause instanceof ApiError ? err.cause : null;
  const lastPoll = cause
    ? `; the last poll failed (${cause.status ? `status ${cause.status}` : (cause.code ?? cause.name)})`
    : '';
  return new StepError(
    `operation ${name}${build} not done after ${formatDuration(err.waitedMs ?? timeoutMs)} (timeout ${formatDuration(timeoutMs)})${lastPoll}; the build may still be running: raise the timeout, or follow the build in the portal`,
    'timeout',
    { cause: err },
  );
}
