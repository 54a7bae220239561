/**
 * Creates and triggers the client does not repeat on its own (see src/api/retry-policy.ts):
 * after a 500, a 502, a timeout or a cut-off answer the service may have acted, and a blind
 * repeat could double the effect. The step knows what the client cannot:
 * - create app, create environment: the name is a key (a second create is a 409), and the step
 *   can look for the record before repeating, so a repeat never makes a second one;
 * - install copy, webhook: there is nothing to look at, but a repeat converges: the destination
 *   is overwritten with the same source, the same environment is rebuilt or purged again. A
 *   lost answer costs at most a second copy job or build, which re-running the failed workflow
 *   by hand would cost as well, so the step repeats and warns that it did.
 * Any other failure (a 4xx, 429/503 after the client's own retries, cancellation) ends it at once.
 */
import { ApiError, CancelledError } from '../api/errors.js';
import { backoffDelay, DEFAULT_RETRY } from '../api/retry-policy.js';
import type { StepContext } from './step.js';

/** Rounds in all, the first included; each round is a full client call with its own retries. */
export const AMBIGUOUS_ROUNDS = 5;

export interface RepeatOptions<T> {
  /** What is being done, for the log: `create app "shop"`. Never a URL or token. */
  what: string;
  attempt: () => Promise<T>;
  /** Looks for the effect of an attempt whose answer was lost: the result, or null when there is none. */
  look?: () => Promise<T | null>;
}

/** True when the answer was lost rather than refused: the service may or may not have acted. */
export function answerLost(err: unknown): err is ApiError {
  if (!(err instanceof ApiError) || err instanceof CancelledError || !err.mayHaveSucceeded) return false;
  return err.status === undefined || err.status === 500 || err.status === 502 || err.status === 504;
}

export async function repeatAmbiguous<T>(ctx: StepContext, o: RepeatOptions<T>): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await o.attempt();
    } catch (err) {
      if (!answerLost(err) || round >= AMBIGUOUS_ROUNDS || ctx.signal.aborted) throw err;
      const why = err.status === undefined ? err.name : `status ${err.status}`;
      if (o.look) {
        const found = await o.look();
        if (found !== null) {
          ctx.log.info(`${o.what}: the answer was lost (${why}) but it had taken effect`);
          return found;
        }
      }
      const delayMs = backoffDelay(round, DEFAULT_RETRY);
      const line = o.look
        ? `${o.what}: the answer was lost (${why}) and it had not taken effect; repeating it in ${delayMs} ms`
        : `${o.what}: the answer was lost (${why}), so it may or may not have taken effect; repeating it in ${delayMs} ms (a repeat leaves the same result)`;
      if (o.look) ctx.log.info(line);
      else ctx.log.warning(line);
      await ctx.clock.sleep(delayMs, ctx.signal);
    }
  }
}
