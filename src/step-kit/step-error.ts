/**
 * How a step ends other than in success. The message is for people and already free of
 * secrets; `outcome` decides the run's status (failure, timeout or cancelled).
 */
import { CancelledError, TimeoutError } from '../api/errors.js';

/** `unhealthy`: the build succeeded and the site did not answer healthy (the deploy's health gate). */
/** `rolled-back`: the deploy failed and a kept archive was uploaded again in its place (still a failed run). */
/** `superseded`: the operation waited for shows another upload's build; `busy`: when-busy fail met a build in flight. */
export type FailureOutcome = 'failure' | 'timeout' | 'cancelled' | 'unhealthy' | 'rolled-back' | 'superseded' | 'busy';

export class StepError extends Error {
  override name = 'StepError';
  constructor(
    message: string,
    readonly outcome: FailureOutcome = 'failure',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True for any way a cancelled run surfaces: our CancelledError, an AbortError, or the signal's reason. */
export function isCancellation(err: unknown, signal?: AbortSignal): boolean {
  if (err instanceof StepError) return err.outcome === 'cancelled';
  if (err instanceof CancelledError) return true;
  if (err instanceof Error && err.name === 'AbortError') return true;
  return signal?.aborted === true;
}

/** Wraps what a step threw into a StepError that says which step and what it was doing. */
export function toStepError(err: unknown, doing: string, signal?: AbortSignal): StepError {
  if (err instanceof StepError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (isCancellation(err, signal)) return new StepError(`cancelled while ${doing}`, 'cancelled', { cause: err });
  if (err instanceof TimeoutError) return new StepError(`${doing}: ${message}`, 'timeout', { cause: err });
  return new StepError(`${doing}: ${message}`, 'failure', { cause: err });
}
