import type { StepContext } from '../../step-kit/step.js';

/**
 * What a look-up may use of the step: the client and the signal, the inputs. Nothing to report
 * with. A file of its own: the look-ups import it, and early-lookups.ts, which imports them.
 */
export type LookupContext = Pick<StepContext, 'client' | 'signal' | 'inputs'>;
