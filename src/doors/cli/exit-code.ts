/** The program's exit code: what a script branches on. */
import type { RunEnd } from '../../engine/front-door.js';

export const EXIT = { ok: 0, failure: 1, inputError: 2, timeout: 3, cancelled: 130 } as const;

/** success, started, unchanged, skipped, planned: 0; timeout: 3; cancelled: 130; input error: 2; anything else (failure, unhealthy, rolled-back, superseded, busy): 1. */
export function exitCodeOf(end: RunEnd): number {
  if (end.inputError) return EXIT.inputError;
  switch (end.status as string) {
    case 'success':
    case 'started':
    case 'unchanged':
    case 'skipped':
    case 'planned':
      return EXIT.ok;
    case 'timeout':
      return EXIT.timeout;
    case 'cancelled':
      return EXIT.cancelled;
    default:
      return EXIT.failure;
  }
}
