/**
 * How a cancelled job reaches the action, on each runner OS. GitHub's runner, on cancel, sends
 * SIGINT, waits 7.5 s, sends SIGTERM, waits 2.5 s, then kills the process tree. On Windows there
 * are no such signals: it sends Ctrl+C (node sees SIGINT), then Ctrl+Break (node sees SIGBREAK),
 * then kills. Every one of them takes the same path: abort everything in flight, so the flow can
 * say what it had done, remove its zip and set its outputs before the runner escalates.
 */
import type { Logger } from './log.js';

/** Each signal that means "the job was cancelled", on some runner OS. */
export const CANCEL_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'] as const satisfies readonly NodeJS.Signals[];

/** Whatever still holds the event loop must not keep a cancelled job alive past this. */
export const EXIT_AFTER_CANCEL_MS = 1500;

export interface CancelWiring {
  /** Where signals come from: `process`, or an EventEmitter in tests. */
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  log: Pick<Logger, 'warning'>;
  /** The last resort, `EXIT_AFTER_CANCEL_MS` after the first signal: exit(1), not keeping the process alive itself. */
  exitLater(ms: number): void;
}

/** An AbortSignal that aborts on the first of CANCEL_SIGNALS, with `cancelled by <SIGNAL>` as its reason. */
export function cancelOnSignals({ on, log, exitLater }: CancelWiring): AbortSignal {
  const controller = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    log.warning(`received ${sig}: cancelling requests in flight`);
    controller.abort(new Error(`cancelled by ${sig}`));
    exitLater(EXIT_AFTER_CANCEL_MS);
  };
  for (const sig of CANCEL_SIGNALS) on(sig, onSignal);
  return controller.signal;
}

/** The real wiring: the process's own signals, and a timer that does not hold the process open. */
export function processCancellation(log: Pick<Logger, 'warning'>): AbortSignal {
  return cancelOnSignals({
    on: (sig, listener) => process.on(sig, listener),
    log,
    exitLater: (ms) => setTimeout(() => process.exit(1), ms).unref(),
  });
}
